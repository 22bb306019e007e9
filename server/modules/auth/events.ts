import type { EventBus } from '../../kernel/events.ts';

/**
 * An account that may no longer hold a session loses the ones it has, whoever decided it: a follow-up of the
 * decision, so a crash right after it cannot leave the sessions standing.
 */
export function registerSessionEndings(events: EventBus, sessions: { endAllSessions(userId: string): Promise<void> }) {
  events.onCommitted('user.deactivated', 'auth.end-sessions', ({ userId }) => sessions.endAllSessions(userId));
  events.onCommitted('user.banned', 'auth.end-sessions', ({ userId }) => sessions.endAllSessions(userId));
}
