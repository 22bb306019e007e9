/** Events of the lookups module. */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** An operator changed a category: pages that show categories are out of date. */
    'catalog.changed': { catId: number };
    /** An operator changed an entry of a lookup list: pages that offer or show it are out of date. */
    'lookups.changed': { kind: string; id: number };
    /** An operator changed a banner: the dashboard is out of date. */
    'banners.changed': { bannerId: number };
  }
}

export {};
