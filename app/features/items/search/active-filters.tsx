import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LanguageCode } from '../../../../contract/language.ts';
import type { ItemListParam } from '../../../../contract/search.ts';
import { MapPin, X } from '../../../components/ui/icons.tsx';
import type { ItemListOptions, ListOption } from './item-list.server.ts';
import {
  activeChips,
  FILTER_CHIPS,
  type FilterChipId,
  type FilterValues,
  sortOnly,
  withoutChip,
} from './list-filters.ts';

const numberFormats = new Map<LanguageCode, Intl.NumberFormat>();

/** A number as the reader's language groups it, in Latin digits (as prices are shown). */
export function formatNumber(value: number, language: LanguageCode): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(`${language}-u-nu-latn`, { maximumFractionDigits: 2 });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

const nameIn = (list: ListOption[], id: string | undefined) => list.find((entry) => String(entry.id) === id)?.name;

/** The words of a range: both ends, only a lower or only an upper one. */
function rangeText(t: TFunction, min: string | undefined, max: string | undefined, format: (text: string) => string) {
  if (min !== undefined && max !== undefined)
    return t('itemList.range.between', { min: format(min), max: format(max) });
  if (min !== undefined) return t('itemList.range.from', { min: format(min) });
  return t('itemList.range.upTo', { max: format(max ?? '') });
}

/**
 * What a chip says: the chosen entry's name in the page's language (from the panel's lists), else the name the
 * URL carries, else the filter's own name.
 */
export function chipLabel(
  chip: FilterChipId,
  values: FilterValues,
  options: ItemListOptions,
  manufacturer: ListOption | null,
  t: TFunction,
  language: LanguageCode,
): string {
  const number = (text: string) => (Number.isFinite(Number(text)) ? formatNumber(Number(text), language) : text);
  const plain = (text: string) => text;
  switch (chip) {
    case 'search_term':
      return t('itemList.chips.searchTerm', { term: values.search_term });
    case 'category':
      return nameIn(options.categories, values.cat_id) ?? values.cat_name ?? t('itemList.filters.category');
    case 'subcategory':
      return (
        nameIn(options.subcategories, values.sub_cat_id) ?? values.sub_cat_name ?? t('itemList.filters.subcategory')
      );
    case 'price':
      return t('itemList.chips.price', { range: rangeText(t, values.min_price, values.max_price, number) });
    case 'location':
      return (
        nameIn(options.locations, values.item_location_id) ??
        values.item_location_name ??
        t('itemList.filters.location')
      );
    case 'township':
      return values.item_location_township_name ?? t('itemList.filters.township');
    case 'condition':
      return (
        nameIn(options.conditions, values.condition_of_item_id) ??
        values.item_condition_name ??
        t('itemList.filters.condition')
      );
    case 'dealOption':
      return (
        nameIn(options.deal_options, values.deal_option_id) ??
        values.deal_option_name ??
        t('itemList.filters.dealOption')
      );
    case 'itemType':
      return nameIn(options.item_types, values.item_type_id) ?? values.item_type_name ?? t('itemList.filters.itemType');
    case 'priceType':
      return (
        nameIn(options.price_types, values.item_price_type_id) ??
        values.item_price_type_name ??
        t('itemList.filters.priceType')
      );
    case 'currency':
      return nameIn(options.currencies, values.item_currency_id) ?? t('itemList.filters.currency');
    case 'brand':
      return t('itemList.chips.brand', { brand: values.brand });
    case 'manufacturer':
      return (
        nameIn(options.manufacturers, values.manufacturer_id) ??
        (manufacturer && String(manufacturer.id) === values.manufacturer_id ? manufacturer.name : undefined) ??
        values.manufacturer_name ??
        t('itemList.filters.manufacturer')
      );
    case 'model':
      return values.model_name ?? t('itemList.filters.model');
    case 'year':
      return t('itemList.chips.year', { range: rangeText(t, values.min_year, values.max_year, plain) });
    case 'engineStatus':
      return (
        nameIn(options.engine_statuses, values.engine_status_id) ??
        values.engine_status_name ??
        t('itemList.filters.engineStatus')
      );
    case 'mileage':
      return t('itemList.chips.mileage', { max: number(values.max_mileage ?? '') });
    case 'sellerType':
      return (
        nameIn(options.seller_types, values.seller_type_id) ??
        values.seller_type_name ??
        t('itemList.filters.sellerType')
      );
    case 'soldOut':
      return values.is_sold_out === '1' || values.is_sold_out === 'true'
        ? t('itemList.filters.soldOnly')
        : t('itemList.filters.soldHide');
    case 'paid':
      return values.isPaid === 'only_paid_item' ? t('itemList.filters.paidOnly') : t('itemList.filters.paidFirst');
    case 'map':
      return t('itemList.filters.mapSet', { miles: number(values.mile ?? '8') });
    case 'seller':
      return t('itemList.chips.seller');
  }
}

const chipClass =
  'inline-flex max-w-full items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 ps-3 pe-2 text-sm font-medium text-brand-900 hover:border-brand-400 hover:bg-brand-100 dark:border-brand-800 dark:bg-brand-900 dark:text-brand-100 dark:hover:border-brand-600';

/** The filters in force as removable chips (links: they work without JavaScript), and "Clear filters". */
export function ActiveFilters({
  values,
  defaulted,
  options,
  manufacturer,
  hrefFor,
  onForgetLocation,
}: {
  values: FilterValues;
  /** Parameters set by the location chosen in the header: their chip forgets that choice. */
  defaulted: readonly ItemListParam[];
  options: ItemListOptions;
  manufacturer: ListOption | null;
  hrefFor: (values: FilterValues) => string;
  onForgetLocation: () => void;
}) {
  const { t, i18n } = useTranslation();
  const chips = activeChips(values);
  if (chips.length === 0) return null;
  const language = i18n.language as LanguageCode;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="active-filters">
      <h2 className="sr-only">{t('itemList.chips.heading')}</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const label = chipLabel(chip, values, options, manufacturer, t, language);
          if (FILTER_CHIPS.find((entry) => entry.id === chip)?.params.some((param) => defaulted.includes(param))) {
            return (
              <li key={chip}>
                <button
                  type="button"
                  onClick={onForgetLocation}
                  aria-label={t('itemList.chips.removeChosen', { label })}
                  data-testid="filter-chip"
                  data-chip={chip}
                  data-chosen-location="true"
                  className={chipClass}
                >
                  <MapPin className="size-4 shrink-0" aria-hidden />
                  <span className="truncate" dir="auto">
                    {t('itemList.chips.chosen', { place: label })}
                  </span>
                  <X className="size-4 shrink-0" aria-hidden />
                </button>
              </li>
            );
          }
          return (
            <li key={chip}>
              <Link
                to={hrefFor(withoutChip(values, chip))}
                aria-label={t('itemList.chips.remove', { label })}
                data-testid="filter-chip"
                data-chip={chip}
                className={chipClass}
              >
                <span className="truncate" dir="auto">
                  {label}
                </span>
                <X className="size-4 shrink-0" aria-hidden />
              </Link>
            </li>
          );
        })}
      </ul>
      <Link
        to={hrefFor(sortOnly(values))}
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        data-testid="clear-filters"
      >
        {t('itemList.clearFilters')}
      </Link>
    </div>
  );
}
