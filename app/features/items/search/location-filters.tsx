import { useTranslation } from 'react-i18next';
import { type FilterSectionProps, fieldWiring, SelectFilter } from './filter-fields.tsx';
import { MapAreaField } from './map-area-field.tsx';

/** Where: the city, its township (loaded when the city changes) and the circle drawn on the map. */
export function LocationFilters({ filter, idPrefix, data }: FilterSectionProps) {
  const { t } = useTranslation();
  const field = fieldWiring(filter, idPrefix);
  const { townships, form } = filter;
  return (
    <>
      <SelectFilter
        {...field('item_location_id')}
        label={t('itemList.filters.location')}
        options={data.options.locations}
        anyLabel={t('itemList.filters.anyLocation')}
      />
      <SelectFilter
        {...field('item_location_township_id')}
        label={t('itemList.filters.township')}
        options={townships.options}
        fallback={{ id: data.values.item_location_township_id, name: data.values.item_location_township_name }}
        disabled={!form.item_location_id}
        loading={townships.status === 'loading'}
        failed={townships.status === 'failed'}
        onRetry={townships.retry}
        anyLabel={form.item_location_id ? t('itemList.filters.any') : t('itemList.filters.chooseLocationFirst')}
      />
      <MapAreaField
        idPrefix={idPrefix}
        area={filter.area}
        center={filter.mapCenter}
        tiles={data.mapTiles}
        errors={filter.errors}
        onApply={filter.applyArea}
        onRemove={filter.removeArea}
      />
    </>
  );
}
