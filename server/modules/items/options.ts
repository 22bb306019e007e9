import type { LanguageCode } from '../../../contract/language.ts';
import type { ItemEntryOptions } from '../../../contract/pages.ts';
import { RecentValue } from '../../kernel/recent-value.ts';
import type { ListQuery, LookupsService, SimpleLookupKind } from '../lookups/index.ts';

/** Every offered choice of a list: more than any operator keeps, in their order. */
const ALL: ListQuery = { limit: 10_000, offset: 0, orderBy: 'ordering', orderType: 'asc' };

/** Everything the item entry form offers (dependent lists, subcategories, townships and models, excepted). */
export async function entryOptions(lookups: LookupsService, language: LanguageCode): Promise<ItemEntryOptions> {
  const simple = async (kind: SimpleLookupKind) => (await lookups.listSimple(kind, ALL, language)).items;
  const [
    categories,
    item_types,
    price_types,
    currencies,
    conditions,
    deal_options,
    locations,
    manufacturers,
    engine_statuses,
    transmissions,
    fuel_types,
    body_styles,
    colors,
    seller_types,
    vehicle_types,
  ] = await Promise.all([
    lookups.listCategories(ALL, language).then((page) => page.items),
    simple('item-types'),
    lookups.listPriceTypes(ALL, language).then((page) => page.items),
    lookups.listCurrencies(ALL, language).then((page) => page.items),
    simple('conditions'),
    simple('deal-options'),
    lookups.listLocations(ALL, language).then((page) => page.items),
    simple('manufacturers'),
    simple('engine-statuses'),
    simple('transmissions'),
    simple('fuel-types'),
    simple('body-styles'),
    simple('colors'),
    simple('seller-types'),
    simple('vehicle-types'),
  ]);
  return {
    categories,
    item_types,
    price_types,
    currencies,
    conditions,
    deal_options,
    locations,
    manufacturers,
    engine_statuses,
    transmissions,
    fuel_types,
    body_styles,
    colors,
    seller_types,
    vehicle_types,
  };
}

/**
 * The same choices for the filters of the public lists, read again at most once a minute per language: a list
 * page shows them on every request, and an operator's new choice may take that minute to appear there.
 */
export class RecentEntryOptions {
  private readonly lookups: LookupsService;
  private readonly byLanguage = new Map<LanguageCode, RecentValue<ItemEntryOptions>>();

  constructor(lookups: LookupsService) {
    this.lookups = lookups;
  }

  get(language: LanguageCode): Promise<ItemEntryOptions> {
    let options = this.byLanguage.get(language);
    if (!options) {
      options = new RecentValue(() => entryOptions(this.lookups, language));
      this.byLanguage.set(language, options);
    }
    return options.get();
  }
}
