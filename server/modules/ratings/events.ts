/** Events of the ratings module (delivered after the write committed). */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** Someone reviewed `userId`: their overall rating and count are now these. */
    'user.rated': { userId: string; overallRating: number; ratingCount: number };
  }
}

export {};
