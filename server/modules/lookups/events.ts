/** Events of the lookups module. */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** An operator changed a category: pages that show categories are out of date. */
    'catalog.changed': { catId: number };
  }
}

export {};
