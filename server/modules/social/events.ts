/** Events of the social module: one account started or stopped following another (after the write committed). */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    'user.followed': { followerId: string; followedId: string };
    'user.unfollowed': { followerId: string; followedId: string };
  }
}

export {};
