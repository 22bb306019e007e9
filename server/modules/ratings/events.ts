/** Events of the ratings module. */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** Someone reviewed `userId` (or changed their review): the overall rating and count are to be counted again. */
    'user.rated': { userId: string; raterId?: string; rating?: number };
  }
}

export {};
