import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LanguageCode } from '../../../../contract/language.ts';
import type { ItemListParam } from '../../../../contract/search.ts';
import { MapPin, X } from '../../../components/ui/icons.tsx';
import type { MessageKey } from '../../../i18n/i18n.ts';
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

/** A chip that names a chosen entry: the list it is looked up in, its id and the name the URL carries. */
interface NamedChoice {
  list?: keyof ItemListOptions;
  id: ItemListParam;
  name?: ItemListParam;
  /** The filter's own name, when the entry has none to show. */
  label: MessageKey;
}

const NAMED_CHOICES = {
  category: { list: 'categories', id: 'cat_id', name: 'cat_name', label: 'itemList.filters.category' },
  subcategory: { list: 'subcategories', id: 'sub_cat_id', name: 'sub_cat_name', label: 'itemList.filters.subcategory' },
  location: {
    list: 'locations',
    id: 'item_location_id',
    name: 'item_location_name',
    label: 'itemList.filters.location',
  },
  township: {
    id: 'item_location_township_id',
    name: 'item_location_township_name',
    label: 'itemList.filters.township',
  },
  condition: {
    list: 'conditions',
    id: 'condition_of_item_id',
    name: 'item_condition_name',
    label: 'itemList.filters.condition',
  },
  dealOption: {
    list: 'deal_options',
    id: 'deal_option_id',
    name: 'deal_option_name',
    label: 'itemList.filters.dealOption',
  },
  itemType: { list: 'item_types', id: 'item_type_id', name: 'item_type_name', label: 'itemList.filters.itemType' },
  priceType: {
    list: 'price_types',
    id: 'item_price_type_id',
    name: 'item_price_type_name',
    label: 'itemList.filters.priceType',
  },
  currency: { list: 'currencies', id: 'item_currency_id', label: 'itemList.filters.currency' },
  model: { id: 'model_id', name: 'model_name', label: 'itemList.filters.model' },
  engineStatus: {
    list: 'engine_statuses',
    id: 'engine_status_id',
    name: 'engine_status_name',
    label: 'itemList.filters.engineStatus',
  },
  sellerType: {
    list: 'seller_types',
    id: 'seller_type_id',
    name: 'seller_type_name',
    label: 'itemList.filters.sellerType',
  },
  vehicleType: {
    list: 'vehicle_types',
    id: 'vehicle_type_id',
    name: 'vehicle_type_name',
    label: 'itemList.filters.vehicleType',
  },
  bodyStyle: {
    list: 'body_styles',
    id: 'body_style_id',
    name: 'body_style_name',
    label: 'itemList.filters.bodyStyle',
  },
  transmission: {
    list: 'transmissions',
    id: 'transmission_id',
    name: 'transmission_name',
    label: 'itemList.filters.transmission',
  },
  fuelType: {
    list: 'fuel_types',
    id: 'fuel_type_id',
    name: 'fuel_type_name',
    label: 'itemList.filters.fuelType',
  },
  color: {
    list: 'colors',
    id: 'color_id',
    name: 'color_name',
    label: 'itemList.filters.color',
  },
} satisfies Partial<Record<FilterChipId, NamedChoice>>;
type NamedChip = keyof typeof NAMED_CHOICES;
const isNamedChip = (chip: FilterChipId): chip is NamedChip => chip in NAMED_CHOICES;
/** The chips that say a phrase with their values (a range, the words searched, a yes or no). */
type PhraseChip = Exclude<FilterChipId, NamedChip | 'manufacturer'>;

interface ChipContext {
  values: FilterValues;
  options: ItemListOptions;
  manufacturer: ListOption | null;
  t: TFunction;
  language: LanguageCode;
}

/** A chosen entry's name in the page's language (from the panel's list), else the URL's, else the filter's name. */
function namedChoiceLabel(choice: NamedChoice, { values, options, t }: ChipContext): string {
  return (
    (choice.list ? nameIn(options[choice.list], values[choice.id]) : undefined) ??
    (choice.name ? values[choice.name] : undefined) ??
    t(choice.label)
  );
}

function manufacturerLabel({ values, options, manufacturer, t }: ChipContext): string {
  return (
    nameIn(options.manufacturers, values.manufacturer_id) ??
    (manufacturer && String(manufacturer.id) === values.manufacturer_id ? manufacturer.name : undefined) ??
    values.manufacturer_name ??
    t('itemList.filters.manufacturer')
  );
}

/** What the chips of a range, a text or a choice between two say. */
function phraseLabel(chip: PhraseChip, { values, t, language }: ChipContext): string {
  const number = (text: string) => (Number.isFinite(Number(text)) ? formatNumber(Number(text), language) : text);
  const plain = (text: string) => text;
  switch (chip) {
    case 'search_term':
      return t('itemList.chips.searchTerm', { term: values.search_term });
    case 'price':
      return t('itemList.chips.price', { range: rangeText(t, values.min_price, values.max_price, number) });
    case 'brand':
      return t('itemList.chips.brand', { brand: values.brand });
    case 'year':
      return t('itemList.chips.year', { range: rangeText(t, values.min_year, values.max_year, plain) });
    case 'mileage':
      return t('itemList.chips.mileage', { max: number(values.max_mileage ?? '') });
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

/**
 * What a chip says: the chosen entry's name in the page's language (from the panel's lists), else the name the
 * URL carries, else the filter's own name; for the other filters, a phrase with their values.
 */
export function chipLabel(
  chip: FilterChipId,
  values: FilterValues,
  options: ItemListOptions,
  manufacturer: ListOption | null,
  t: TFunction,
  language: LanguageCode,
): string {
  const context = { values, options, manufacturer, t, language };
  if (isNamedChip(chip)) return namedChoiceLabel(NAMED_CHOICES[chip], context);
  return chip === 'manufacturer' ? manufacturerLabel(context) : phraseLabel(chip, context);
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
