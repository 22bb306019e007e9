import type { EventBus } from '../../kernel/events.ts';

/** Events of the auth module. */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /**
     * Sessions of `userId` ended (sign-out, a new password, a ban or deactivation): whatever they opened, such as
     * WebSockets on any instance, closes. `sessionIds` null: every session of the account.
     */
    'sessions.ended': { userId: string; sessionIds: string[] | null };
  }
}

/**
 * An account that may no longer hold a session loses the ones it has, whoever decided it: a follow-up of the
 * decision, so a crash right after it cannot leave the sessions standing.
 */
export function registerSessionEndings(events: EventBus, sessions: { endAllSessions(userId: string): Promise<void> }) {
  events.onCommitted('user.deactivated', 'auth.end-sessions', ({ userId }) => sessions.endAllSessions(userId));
  events.onCommitted('user.banned', 'auth.end-sessions', ({ userId }) => sessions.endAllSessions(userId));
}
