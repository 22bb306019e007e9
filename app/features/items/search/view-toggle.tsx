import { useTranslation } from 'react-i18next';
import { LayoutGrid, MapIcon } from '../../../components/ui/icons.tsx';
import type { ResultsView } from './use-item-pages.ts';

/** The results as cards or on a map: two pressed/unpressed buttons under one (hidden) legend. */
export function ViewToggle({ view, onView }: { view: ResultsView; onView: (view: ResultsView) => void }) {
  const { t } = useTranslation();
  const button = (value: ResultsView, label: string, Icon: typeof LayoutGrid) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onView(value)}
      data-testid={`view-${value}`}
      className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-slate-700 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow-sm dark:text-slate-300 dark:aria-pressed:bg-slate-700 dark:aria-pressed:text-white"
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </button>
  );
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('itemList.view.label')}</legend>
      <div className="flex rounded-full bg-slate-100 p-1 dark:bg-slate-800">
        {button('list', t('itemList.view.list'), LayoutGrid)}
        {button('map', t('itemList.view.map'), MapIcon)}
      </div>
    </fieldset>
  );
}
