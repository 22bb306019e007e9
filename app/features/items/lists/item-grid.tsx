import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SearchX } from '../../../components/ui/icons.tsx';

// What every list of items shares, apart from the owner's lists (my-items.tsx) and their paging: the item list
// and the saved searches import it without those.

/** The grid every item list draws its cards in. */
export const itemGridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

/** An empty list: 'No Result Found !' and its hint (SPEC.md 4 lists). */
export function NoResult({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <EmptyState icon={SearchX} title={t('messages.noResult')} text={t('messages.noResultHint')}>
      {children}
    </EmptyState>
  );
}
