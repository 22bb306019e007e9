import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateKey } from '../../../i18n/i18n.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { FORM_ERROR } from './list-filters.ts';

/** The label key of each filter parameter whose message names its field. */
const FIELD_LABEL_KEYS: Record<string, string> = {
  search_term: 'itemList.filters.searchTerm',
  min_price: 'itemList.filters.minPrice',
  max_price: 'itemList.filters.maxPrice',
  min_year: 'itemList.filters.minYear',
  max_year: 'itemList.filters.maxYear',
  max_mileage: 'itemList.filters.maxMileage',
  brand: 'itemList.filters.brand',
  lat: 'itemList.filters.map',
  lng: 'itemList.filters.map',
  mile: 'itemList.filters.map',
  cat_id: 'itemList.filters.category',
  sub_cat_id: 'itemList.filters.subcategory',
  item_location_id: 'itemList.filters.location',
  item_location_township_id: 'itemList.filters.township',
  manufacturer_id: 'itemList.filters.manufacturer',
  model_id: 'itemList.filters.model',
};

/** The label of a filter parameter, for messages that name their field. */
const fieldLabel = (t: TFunction, field: string) =>
  translateKey(t, FIELD_LABEL_KEYS[field] ?? 'itemList.filters.heading');

/** Each problem once: a message about the whole list as it is, one about a field with the field's name. */
function problemMessages(t: TFunction, errors: FieldErrors) {
  const messages = Object.entries(errors).map(([field, key]) =>
    field === FORM_ERROR ? translateKey(t, key) : translateKey(t, key, { field: fieldLabel(t, field) }),
  );
  return [...new Set(messages)];
}

/** Why there is no result: each filter that is not valid, with its message (SPEC.md 5), and a way out. */
export function FilterProblems({ errors, clearHref }: { errors: FieldErrors; clearHref: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mt-4 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
      data-testid="filter-problems"
    >
      <p className="font-bold">{t('itemList.problemsHeading')}</p>
      <ul className="mt-1 list-disc ps-5 text-sm">
        {problemMessages(t, errors).map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <Link to={clearHref} className="mt-3 inline-block text-sm font-semibold underline">
        {t('itemList.clearFilters')}
      </Link>
    </div>
  );
}
