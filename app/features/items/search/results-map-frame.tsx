import { useTranslation } from 'react-i18next';
import { Loader2 } from '../../../components/ui/icons.tsx';

// The frame of the results' map (results-map.tsx), also drawn while the map view's code is on its way.

export const mapFrameClass =
  'relative isolate z-0 h-[60dvh] min-h-80 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800';
export const mapNoteClass =
  'absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-700 dark:text-slate-200';

/** The map view as it shows before its code (and Leaflet's) has come: the frame, saying the map is loading. */
export function ResultsMapLoading() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('itemList.map.label')} className="mt-4">
      <div dir="ltr" className={mapFrameClass}>
        <p className={mapNoteClass}>
          <Loader2 className="size-5 animate-spin" aria-hidden />
          {t('itemList.map.loading')}
        </p>
      </div>
    </section>
  );
}
