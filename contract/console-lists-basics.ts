// Lookup-list constants without schemas: pages load these, so they must not bring zod along.
// contract/console-lists.ts re-exports them with the schemas.

/**
 * The lookup lists the console edits beside the categories (issue 24): each entry has a name per language, an
 * order and a shown-or-hidden state. Some belong to a parent (a model to its manufacturer, a subcategory to its
 * category, a township to its city); cities and townships also have a map point; currencies an ISO code and a
 * symbol; shipping methods a price and the days a delivery takes.
 */
export const CONSOLE_LIST_KINDS = [
  'item-types',
  'conditions',
  'deal-options',
  'price-types',
  'currencies',
  'shipping-methods',
  'seller-types',
  'manufacturers',
  'models',
  'vehicle-types',
  'body-styles',
  'transmissions',
  'fuel-types',
  'engine-statuses',
  'colors',
  'states',
  'user-states',
  'subcategories',
  'cities',
  'townships',
] as const;
export type ConsoleListKind = (typeof CONSOLE_LIST_KINDS)[number];

/** The lists whose entries belong to one entry of another list. */
export const LIST_PARENTS = {
  models: 'manufacturers',
  subcategories: 'categories',
  townships: 'cities',
} as const satisfies Partial<Record<ConsoleListKind, ConsoleListKind | 'categories'>>;
export type ChildListKind = keyof typeof LIST_PARENTS;

/** The lists of one entry's children, as shown beside it (a manufacturer's models, a city's townships). */
export const LIST_CHILDREN: Partial<Record<ConsoleListKind | 'categories', ChildListKind>> = {
  manufacturers: 'models',
  categories: 'subcategories',
  cities: 'townships',
};

const POINT_LISTS: ReadonlySet<ConsoleListKind> = new Set(['cities', 'townships']);

export const isChildList = (kind: ConsoleListKind): kind is ChildListKind => kind in LIST_PARENTS;
export const listHasPoint = (kind: ConsoleListKind) => POINT_LISTS.has(kind);
export const listHasCurrency = (kind: ConsoleListKind) => kind === 'currencies';
export const listHasShipping = (kind: ConsoleListKind) => kind === 'shipping-methods';
