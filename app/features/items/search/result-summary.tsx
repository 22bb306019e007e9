import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LanguageCode } from '../../../../contract/language.ts';
import type { ItemCardSearchResult } from '../../../../contract/search.ts';
import { formatNumber } from './active-filters.tsx';
import type { FilterValues } from './list-filters.ts';
import { Sentence } from './sentence.tsx';

/** "Results: 1,000+" (announced when it changes), and the words the search corrected. */
export function ResultSummary({
  result,
  values,
  hrefFor,
  language,
}: {
  result: ItemCardSearchResult;
  values: FilterValues;
  hrefFor: (values: FilterValues) => string;
  language: LanguageCode;
}) {
  const { t } = useTranslation();
  const count = `${formatNumber(result.total.count, language)}${result.total.capped ? '+' : ''}`;
  const corrected = correctedText(values.search_term, result.corrections);
  return (
    <div className="mt-3">
      <p
        role="status"
        aria-live="polite"
        className="text-sm font-semibold text-slate-700 dark:text-slate-300"
        data-testid="result-count"
      >
        {t('itemList.count', { total: count })}
      </p>
      {corrected && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="search-corrections">
          <Sentence
            sentence={(placeholder) => t('itemList.showingResultsFor', { replacement: placeholder })}
            value={
              <Link
                to={hrefFor({ ...values, search_term: corrected })}
                className="font-semibold text-brand-700 underline dark:text-brand-300"
              >
                {corrected}
              </Link>
            }
          />
        </p>
      )}
    </div>
  );
}

/** The words searched, with each corrected word replaced by what was searched instead. */
function correctedText(term: string | undefined, corrections: ItemCardSearchResult['corrections']) {
  if (!term || corrections.length === 0) return null;
  const words = term.split(/\s+/).map((word) => {
    const found = corrections.find((correction) => correction.term.toLocaleLowerCase() === word.toLocaleLowerCase());
    return found ? found.replacement : word;
  });
  // A word left out (it matched nothing) has an empty replacement.
  const text = words.filter(Boolean).join(' ');
  return text === term ? corrections.map((correction) => correction.replacement).join(' ') : text;
}
