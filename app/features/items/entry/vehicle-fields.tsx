import { useTranslation } from 'react-i18next';
import { MAX_MILEAGE, MIN_VEHICLE_YEAR } from '../../../../contract/item-entry-basics.ts';
import type { Lookup } from '../../../../contract/lookups.ts';
import type { ItemEntryOptions } from '../../../../contract/pages.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { RetryList } from './category-fields.tsx';
import { useDependentOptions } from './dependent-options.ts';
import { SelectField, TextField, useFieldLabel } from './entry-fields.tsx';
import type { EntryValues, TextField as FieldName } from './entry-values.ts';

const optionsOf = (rows: Lookup[]) => rows.map((row) => ({ value: String(row.id), label: row.name }));

/** The vehicle details, shown for a category whose items are vehicles; each is optional. */
export function VehicleFields({
  values,
  set,
  errors,
  options,
}: {
  values: EntryValues;
  set: (field: FieldName, value: string) => void;
  errors: FieldErrors;
  options: ItemEntryOptions;
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const models = useDependentOptions<Lookup>(
    values.manufacturer_id ? `/api/v1/manufacturers/${encodeURIComponent(values.manufacturer_id)}/models` : null,
    (row) => ({ value: String(row.id), label: row.name }),
  );
  const select = (name: FieldName, rows: Lookup[]) => (
    <SelectField
      name={name}
      label={label(name)}
      value={values[name]}
      onValue={(value) => set(name, value)}
      options={optionsOf(rows)}
      errors={errors}
      optional
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {select('manufacturer_id', options.manufacturers)}
      <div>
        <SelectField
          name="model_id"
          label={label('model_id')}
          value={values.model_id}
          onValue={(value) => set('model_id', value)}
          options={models.options}
          errors={errors}
          optional
          disabled={!values.manufacturer_id}
          placeholder={!values.manufacturer_id ? t('itemEntry.chooseManufacturerFirst') : undefined}
          hint={models.status === 'failed' ? t('itemEntry.optionsFailed') : undefined}
        />
        {models.status === 'failed' && <RetryList onRetry={models.retry} />}
      </div>
      <TextField
        name="year"
        label={label('year')}
        value={values.year}
        onValue={(value) => set('year', value)}
        errors={errors}
        optional
        inputMode="numeric"
        dir="ltr"
        min={MIN_VEHICLE_YEAR}
        max={new Date().getFullYear() + 1}
      />
      <TextField
        name="mileage"
        label={label('mileage')}
        value={values.mileage}
        onValue={(value) => set('mileage', value)}
        errors={errors}
        optional
        inputMode="numeric"
        dir="ltr"
        min={0}
        max={MAX_MILEAGE}
      />
      {select('engine_status_id', options.engine_statuses)}
      {select('transmission_id', options.transmissions)}
      {select('fuel_type_id', options.fuel_types)}
      {select('body_style_id', options.body_styles)}
      {select('color_id', options.colors)}
      {select('seller_type_id', options.seller_types)}
      {select('vehicle_type_id', options.vehicle_types)}
    </div>
  );
}
