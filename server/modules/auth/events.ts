import type { EventBus } from '../../kernel/events.ts';

/** An account that may no longer hold a session loses the ones it has, whoever decided it. */
export function registerSessionEndings(events: EventBus, sessions: { endAllSessions(userId: string): Promise<void> }) {
  events.on('user.deactivated', ({ userId }) => sessions.endAllSessions(userId));
  events.on('user.banned', ({ userId }) => sessions.endAllSessions(userId));
}
