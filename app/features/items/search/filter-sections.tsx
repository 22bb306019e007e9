import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/ui/form.tsx';
import { Search } from '../../../components/ui/icons.tsx';
import {
  type FilterSectionProps,
  fieldWiring,
  RadioFilter,
  RangeFilter,
  SelectFilter,
  TextFilter,
} from './filter-fields.tsx';

/** The words searched for, the category and its subcategory (loaded when the category changes). */
export function SearchAndCategoryFilters({ filter, idPrefix, data }: FilterSectionProps) {
  const { t } = useTranslation();
  const field = fieldWiring(filter, idPrefix);
  const { subcategories } = filter;
  return (
    <>
      <TextFilter
        {...field('search_term')}
        label={t('itemList.filters.searchTerm')}
        type="search"
        enterKeyHint="search"
      />
      <SelectFilter
        {...field('cat_id')}
        label={t('itemList.filters.category')}
        options={data.options.categories}
        anyLabel={t('itemList.filters.anyCategory')}
      />
      <SelectFilter
        {...field('sub_cat_id')}
        label={t('itemList.filters.subcategory')}
        options={subcategories.options}
        fallback={{ id: data.values.sub_cat_id, name: data.values.sub_cat_name }}
        disabled={!filter.form.cat_id}
        loading={subcategories.status === 'loading'}
        failed={subcategories.status === 'failed'}
        onRetry={subcategories.retry}
        anyLabel={filter.form.cat_id ? t('itemList.filters.any') : t('itemList.filters.chooseCategoryFirst')}
      />
    </>
  );
}

export function PriceFilters({ filter, idPrefix }: Omit<FilterSectionProps, 'data'>) {
  const { t } = useTranslation();
  const field = fieldWiring(filter, idPrefix);
  return (
    <RangeFilter
      legend={t('itemList.filters.price')}
      min={{ ...field('min_price'), label: t('itemList.filters.minPrice') }}
      max={{ ...field('max_price'), label: t('itemList.filters.maxPrice') }}
    />
  );
}

/** What the item is and how it is sold: condition, deal, type, price type, currency and brand. */
export function DetailFilters({ filter, idPrefix, data }: FilterSectionProps) {
  const { t } = useTranslation();
  const field = fieldWiring(filter, idPrefix);
  const { options } = data;
  return (
    <>
      <SelectFilter
        {...field('condition_of_item_id')}
        label={t('itemList.filters.condition')}
        options={options.conditions}
      />
      <SelectFilter
        {...field('deal_option_id')}
        label={t('itemList.filters.dealOption')}
        options={options.deal_options}
      />
      <SelectFilter {...field('item_type_id')} label={t('itemList.filters.itemType')} options={options.item_types} />
      <SelectFilter
        {...field('item_price_type_id')}
        label={t('itemList.filters.priceType')}
        options={options.price_types}
      />
      <SelectFilter
        {...field('item_currency_id')}
        label={t('itemList.filters.currency')}
        options={options.currencies}
      />
      <TextFilter {...field('brand')} label={t('itemList.filters.brand')} maxLength={60} />
    </>
  );
}

/** Sold items shown, only or hidden; paid items first or only. */
export function ListingFilters({ filter, idPrefix }: Omit<FilterSectionProps, 'data'>) {
  const { t } = useTranslation();
  const field = fieldWiring(filter, idPrefix);
  return (
    <>
      <RadioFilter
        {...field('is_sold_out')}
        legend={t('itemList.filters.soldOut')}
        choices={[
          { value: '', label: t('itemList.filters.soldShow') },
          { value: '1', label: t('itemList.filters.soldOnly') },
          { value: '0', label: t('itemList.filters.soldHide') },
        ]}
      />
      <RadioFilter
        {...field('isPaid')}
        legend={t('itemList.filters.paid')}
        choices={[
          { value: '', label: t('itemList.filters.paidAll') },
          { value: 'paid_item_first', label: t('itemList.filters.paidFirst') },
          { value: 'only_paid_item', label: t('itemList.filters.paidOnly') },
        ]}
      />
    </>
  );
}

const FOOTER_CLASS = {
  inline: 'flex flex-col gap-2',
  sticky:
    'sticky bottom-0 -mx-5 flex flex-col gap-2 border-t border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900',
} as const;

/** "Apply", and "Clear filters" (a link to the list with only its order). */
export function FilterActions({
  idPrefix,
  footer,
  clearHref,
  onApplied,
}: {
  idPrefix: string;
  footer: keyof typeof FOOTER_CLASS;
  clearHref: string;
  onApplied?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={FOOTER_CLASS[footer]}>
      <button type="submit" className={primaryButtonClass} data-testid={`${idPrefix}-apply`}>
        <Search className="size-5" aria-hidden />
        {t('itemList.filters.apply')}
      </button>
      <Link to={clearHref} className={`${secondaryButtonClass} w-full`} onClick={() => onApplied?.()}>
        {t('itemList.clearFilters')}
      </Link>
    </div>
  );
}
