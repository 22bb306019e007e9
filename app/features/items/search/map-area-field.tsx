import { useTranslation } from 'react-i18next';
import { FieldError, secondaryButtonClass } from '../../../components/ui/form.tsx';
import { MapPin } from '../../../components/ui/icons.tsx';
import type { MapTileSource } from '../../../components/ui/location-map-leaflet.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { idOf } from './filter-fields.tsx';
import { type MapArea, MapRadiusDialog } from './map-radius-dialog.tsx';

/** The map circle: what is set, and the button that opens the map dialog; the values travel as hidden fields. */
export function MapAreaField({
  idPrefix,
  area,
  center,
  tiles,
  errors,
  onApply,
  onRemove,
}: {
  idPrefix: string;
  area: MapArea | null;
  center: { lat: number; lng: number };
  tiles: MapTileSource;
  errors: FieldErrors;
  onApply: (area: MapArea) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const summaryId = idOf(idPrefix, 'map-summary');
  const error = errors.lat ?? errors.lng ?? errors.mile;
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t('itemList.filters.map')}</legend>
      {area && (
        <>
          <input type="hidden" name="lat" value={area.lat} />
          <input type="hidden" name="lng" value={area.lng} />
          <input type="hidden" name="mile" value={area.miles} />
        </>
      )}
      <p id={summaryId} className="mt-1 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
        <MapPin className="size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
        {area ? t('itemList.filters.mapSet', { miles: area.miles }) : t('itemList.filters.mapNone')}
      </p>
      <MapRadiusDialog
        value={area}
        center={center}
        tiles={tiles}
        onApply={onApply}
        onRemove={onRemove}
        trigger={
          <button
            type="button"
            className={`${secondaryButtonClass} mt-2 w-full text-sm`}
            aria-describedby={summaryId}
            data-testid={`${idPrefix}-map-open`}
          >
            <MapPin className="size-4" aria-hidden />
            {area ? t('itemList.filters.mapChange') : t('itemList.filters.mapChoose')}
          </button>
        }
      />
      <FieldError id={idOf(idPrefix, 'map-error')} messageKey={error} field={t('itemList.filters.map')} />
    </fieldset>
  );
}
