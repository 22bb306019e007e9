import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ItemCardSearchResult } from '../../../../contract/search.ts';
import { secondaryButtonClass } from '../../../components/ui/form-classes.ts';
import { activeChips, type FilterValues, sortOnly } from './list-filters.ts';
import { Sentence } from './sentence.tsx';

/** Under 'No Result Found !': "Did you mean …?" when the search has a better spelling, and "Clear filters". */
export function EmptyActions({
  result,
  values,
  hrefFor,
}: {
  result: ItemCardSearchResult;
  values: FilterValues;
  hrefFor: (values: FilterValues) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 flex flex-col items-center gap-3">
      {result.suggestion && (
        <p data-testid="did-you-mean">
          <Sentence
            sentence={(placeholder) => t('itemList.didYouMean', { suggestion: placeholder })}
            value={
              <Link
                to={hrefFor({ ...values, search_term: result.suggestion })}
                className="font-semibold text-brand-700 underline dark:text-brand-300"
              >
                {result.suggestion}
              </Link>
            }
          />
        </p>
      )}
      {activeChips(values).length > 0 && (
        <Link to={hrefFor(sortOnly(values))} className={secondaryButtonClass} data-testid="empty-clear-filters">
          {t('itemList.clearFilters')}
        </Link>
      )}
    </div>
  );
}
