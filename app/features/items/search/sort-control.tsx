import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { secondaryButtonClass } from '../../../components/ui/form-classes.ts';
import {
  currentSort,
  type FilterValues,
  ITEM_LIST_PATH,
  SORT_PARAMS,
  type SortChoice,
  sortChoices,
  withSort,
} from './list-filters.ts';

const ORDER_VALUE: Record<SortChoice, string> = {
  latest: 'added_date',
  popular: 'touch_count',
  relevance: 'relevance',
  distance: 'distance',
};

const choiceOfOrder = (order: string) =>
  (Object.keys(ORDER_VALUE) as SortChoice[]).find((key) => ORDER_VALUE[key] === order);

/** The filters the sort form sends along as hidden fields: all but the order (and a manufacturer's own path). */
const otherParams = (values: FilterValues, path: string) =>
  Object.entries(values).filter(
    ([name]) =>
      !(SORT_PARAMS as readonly string[]).includes(name) &&
      !(path !== ITEM_LIST_PATH && name.startsWith('manufacturer_')),
  );

/**
 * The order: Latest and Popular (SPEC.md 9), Best match with words, Nearest with a pin. A change navigates at
 * once; without JavaScript the form sends order_by with the other filters.
 */
export function SortControl({
  values,
  path,
  hrefFor,
}: {
  values: FilterValues;
  path: string;
  hrefFor: (values: FilterValues) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = currentSort(values);
  return (
    <form method="get" action={path} className="ms-auto flex items-center gap-2" data-testid="sort-form">
      {otherParams(values, path).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="item-list-sort" className="sr-only text-sm font-semibold whitespace-nowrap sm:not-sr-only">
        {t('itemList.sort.label')}
      </label>
      <select
        id="item-list-sort"
        name="order_by"
        value={ORDER_VALUE[current]}
        onChange={(event) => {
          const choice = choiceOfOrder(event.target.value);
          if (choice) navigate(hrefFor(withSort(values, choice)));
        }}
        data-testid="sort-select"
        data-sort={current}
        className="rounded-full border border-slate-300 bg-white py-2 ps-3 pe-8 text-sm font-semibold dark:border-slate-600 dark:bg-slate-900"
      >
        {sortChoices(values).map((choice) => (
          <option key={choice} value={ORDER_VALUE[choice]}>
            {t(`itemList.sort.${choice}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={`${secondaryButtonClass} py-2 text-sm`}>
          {t('itemList.sort.apply')}
        </button>
      </noscript>
    </form>
  );
}
