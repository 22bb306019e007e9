/** Events of the content module. */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** An operator changed a blog post or a page: the pages that show them are out of date. */
    'content.changed': { subject: string };
  }
}

export {};
