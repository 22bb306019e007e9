import { useTranslation } from 'react-i18next';
import { type FilterSectionProps, fieldWiring, RangeFilter, SelectFilter, TextFilter } from './filter-fields.tsx';

/** A vehicle category's filters: make, model, years, type, body, gearbox, fuel, colour, engine, mileage, seller. */
export function VehicleFilters({ filter, idPrefix, data }: FilterSectionProps) {
  const { t } = useTranslation();
  const field = fieldWiring(filter, idPrefix);
  const { models, form } = filter;
  const { options } = data;
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-bold">{t('itemList.filters.vehicle')}</legend>
      <SelectFilter
        {...field('manufacturer_id')}
        label={t('itemList.filters.manufacturer')}
        options={options.manufacturers}
      />
      <SelectFilter
        {...field('model_id')}
        label={t('itemList.filters.model')}
        options={models.options}
        fallback={{ id: data.values.model_id, name: data.values.model_name }}
        disabled={!form.manufacturer_id}
        loading={models.status === 'loading'}
        failed={models.status === 'failed'}
        onRetry={models.retry}
        anyLabel={form.manufacturer_id ? t('itemList.filters.any') : t('itemList.filters.chooseManufacturerFirst')}
      />
      <RangeFilter
        legend={t('itemList.filters.year')}
        min={{ ...field('min_year'), label: t('itemList.filters.minYear') }}
        max={{ ...field('max_year'), label: t('itemList.filters.maxYear') }}
        whole
      />
      <SelectFilter
        {...field('vehicle_type_id')}
        label={t('itemList.filters.vehicleType')}
        options={options.vehicle_types}
      />
      <SelectFilter {...field('body_style_id')} label={t('itemList.filters.bodyStyle')} options={options.body_styles} />
      <SelectFilter
        {...field('transmission_id')}
        label={t('itemList.filters.transmission')}
        options={options.transmissions}
      />
      <SelectFilter {...field('fuel_type_id')} label={t('itemList.filters.fuelType')} options={options.fuel_types} />
      <SelectFilter {...field('color_id')} label={t('itemList.filters.color')} options={options.colors} />
      <SelectFilter
        {...field('engine_status_id')}
        label={t('itemList.filters.engineStatus')}
        options={options.engine_statuses}
      />
      <TextFilter
        {...field('max_mileage')}
        label={t('itemList.filters.maxMileage')}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
      />
      <SelectFilter
        {...field('seller_type_id')}
        label={t('itemList.filters.sellerType')}
        options={options.seller_types}
      />
    </fieldset>
  );
}
