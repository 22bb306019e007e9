import { useTranslation } from 'react-i18next';
import { ITEM_TEXT_LIMITS } from '../../../../contract/item-entry-basics.ts';
import type { ItemLocation, Township } from '../../../../contract/lookups.ts';
import { secondaryButtonClass } from '../../../components/ui/form.tsx';
import { MapPin, X } from '../../../components/ui/icons.tsx';
import { MapPinPicker, type MapPoint, type PickerTiles } from '../../../components/ui/map-pin-picker.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { RetryList } from './category-fields.tsx';
import { useDependentOptions } from './dependent-options.ts';
import { ErrorOf, SelectField, TextField, useFieldLabel } from './entry-fields.tsx';
import type { EntryValues, TextField as FieldName } from './entry-values.ts';

/** Where the map opens without a pin and without a chosen city. */
const FALLBACK_CENTER: MapPoint = { lat: 24.7136, lng: 46.6753 };

const pointOf = (lat: string, lng: string): MapPoint | null => {
  if (lat === '' || lng === '') return null;
  const point = { lat: Number(lat), lng: Number(lng) };
  return Number.isFinite(point.lat) && Number.isFinite(point.lng) ? point : null;
};

/** Location, then its township (loaded for the chosen city), the address, and a pin on the map. */
export function LocationFields({
  values,
  set,
  errors,
  locations,
  tiles,
}: {
  values: EntryValues;
  set: (field: FieldName, value: string) => void;
  errors: FieldErrors;
  locations: ItemLocation[];
  tiles: PickerTiles;
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const townships = useDependentOptions<Township>(
    values.item_location_id ? `/api/v1/locations/${encodeURIComponent(values.item_location_id)}/townships` : null,
    (row) => ({ value: String(row.id), label: row.township_name }),
  );
  const city = locations.find((location) => String(location.id) === values.item_location_id);
  const pin = pointOf(values.lat, values.lng);
  const center = pin ?? (city ? { lat: city.lat, lng: city.lng } : FALLBACK_CENTER);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="item_location_id"
          label={label('item_location_id')}
          value={values.item_location_id}
          onValue={(value) => set('item_location_id', value)}
          options={locations.map((location) => ({ value: String(location.id), label: location.name }))}
          errors={errors}
        />
        <div>
          <SelectField
            name="item_location_township_id"
            label={label('item_location_township_id')}
            value={values.item_location_township_id}
            onValue={(value) => set('item_location_township_id', value)}
            options={townships.options}
            errors={errors}
            disabled={!values.item_location_id}
            aria-busy={townships.status === 'loading'}
            placeholder={
              !values.item_location_id
                ? t('itemEntry.chooseLocationFirst')
                : townships.status === 'loading' && townships.options.length === 0
                  ? t('itemEntry.loadingOptions')
                  : undefined
            }
            hint={townships.status === 'failed' ? t('itemEntry.optionsFailed') : undefined}
          />
          {townships.status === 'failed' && <RetryList onRetry={townships.retry} />}
        </div>
      </div>
      <TextField
        name="address"
        label={label('address')}
        value={values.address}
        onValue={(value) => set('address', value)}
        errors={errors}
        optional
        maxLength={ITEM_TEXT_LIMITS.address}
        autoComplete="street-address"
      />
      <fieldset>
        <legend className="text-sm font-semibold">
          {t('itemEntry.map.label')}
          <span className="ms-1 font-normal text-slate-500 dark:text-slate-400">({t('itemEntry.optional')})</span>
        </legend>
        <p
          className="mt-1 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
          data-testid="map-pin-value"
        >
          <MapPin className="size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
          {pin ? (
            <span>{t('itemEntry.map.chosen', { lat: pin.lat.toFixed(6), lng: pin.lng.toFixed(6) })}</span>
          ) : (
            <span>{t('itemEntry.map.none')}</span>
          )}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <MapPinPicker
            value={pin}
            center={center}
            tiles={tiles}
            onPick={(point) => {
              set('lat', String(point.lat));
              set('lng', String(point.lng));
            }}
            trigger={
              <button type="button" className={`${secondaryButtonClass} text-sm`} data-testid="map-pin-open">
                <MapPin className="size-4" aria-hidden />
                {pin ? t('itemEntry.map.change') : t('itemEntry.map.choose')}
              </button>
            }
          />
          {pin && (
            <button
              type="button"
              className={`${secondaryButtonClass} text-sm`}
              onClick={() => {
                set('lat', '');
                set('lng', '');
              }}
            >
              <X className="size-4" aria-hidden />
              {t('itemEntry.map.clear')}
            </button>
          )}
        </div>
        <ErrorOf name="lat" errors={errors} label={label('lat')} />
        <ErrorOf name="lng" errors={errors} label={label('lng')} />
      </fieldset>
    </>
  );
}
