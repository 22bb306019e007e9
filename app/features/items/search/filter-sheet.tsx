import { Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../../contract/language.ts';
import { secondaryButtonClass } from '../../../components/ui/form-classes.ts';
import { SlidersHorizontal } from '../../../components/ui/icons.tsx';
import { Modal, ModalLoading, ModalTrigger } from '../../../components/ui/modal.tsx';
import { onDemand } from '../../../lib/optional-chunk.ts';
import { formatNumber } from './active-filters.tsx';
import type { FilterPanelData } from './filter-panel.ts';
import type { FilterValues } from './list-filters.ts';

// The form's code (shared with the panel beside the results) loads with the sheet's dialog.
const { Part: FilterForm, preload: preloadForm } = onDemand(() =>
  import('./filter-form.tsx').then((module) => module.FilterForm),
);

const noSubscription = () => () => {};
/** False on the server and while hydrating; true once the browser runs the page. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const buttonClass = `${secondaryButtonClass} py-2 text-sm lg:hidden`;

/**
 * Phones: "Filters" with the number of filters in force opens the panel as a sheet (a modal: focus stays
 * inside, Escape closes). Before the page runs (or without JavaScript) it is a link to the panel, which then
 * shows in the page (#filters).
 */
export function FilterSheet({
  count,
  panel,
  path,
  hrefFor,
}: {
  count: number;
  panel: FilterPanelData;
  path: string;
  hrefFor: (values: FilterValues) => string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <a href="#filters" className={buttonClass}>
        <FilterButtonText count={count} />
      </a>
    );
  }
  return (
    <Modal
      trigger={
        <ModalTrigger
          className={buttonClass}
          data-testid="open-filters"
          onPointerEnter={preloadForm}
          onFocus={preloadForm}
          onClick={preloadForm}
        >
          <FilterButtonText count={count} />
        </ModalTrigger>
      }
      open={open}
      onOpenChange={setOpen}
      title={t('itemList.filters.heading')}
      placement="sheet"
      testId="filter-sheet"
    >
      <Suspense fallback={<ModalLoading />}>
        <FilterForm
          idPrefix="sheet"
          data={panel}
          action={path}
          hrefFor={hrefFor}
          onApplied={() => setOpen(false)}
          footer="sticky"
        />
      </Suspense>
    </Modal>
  );
}

/** "Filters", with a badge counting those in force (spelled out for screen readers). */
function FilterButtonText({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <SlidersHorizontal className="size-4" aria-hidden />
      {t('itemList.filters.open')}
      {count > 0 && (
        <>
          <span
            className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white"
            aria-hidden
          >
            {formatNumber(count, i18n.language as LanguageCode)}
          </span>
          <span className="sr-only">{t('itemList.filters.activeCount', { active: count })}</span>
        </>
      )}
    </>
  );
}
