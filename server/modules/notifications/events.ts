/** Events of the notifications module (the rows are stored before they go out). */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** Someone's notifications changed: a new or grouped notice (`notice`), or some were read. */
    'notification.changed': {
      userId: string;
      unreadCount: number;
      notice?: { id: number; title: string; body: string; url: string };
    };
    /** An operator's broadcast was stored: every open tab counts it, every device that takes it gets a push. */
    'notification.broadcast': { notice: { id: number; title: string; body: string; url: string } };
  }
}

export {};
