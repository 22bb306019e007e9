import { FormErrorNote } from './filter-fields.tsx';
import { type FilterPanelData, KEPT_PARAMS } from './filter-panel.ts';
import {
  DetailFilters,
  FilterActions,
  ListingFilters,
  PriceFilters,
  SearchAndCategoryFilters,
} from './filter-sections.tsx';
import { type FilterValues, sortOnly } from './list-filters.ts';
import { LocationFilters } from './location-filters.tsx';
import { useFilterForm } from './use-filter-form.ts';
import { VehicleFilters } from './vehicle-filters.tsx';

/**
 * The filter panel: one GET form whose fields carry the URL's parameter names, so it works without JavaScript
 * (the page tidies the empty fields away); with JavaScript it checks the values with the API's own schema, adds
 * the names of the chosen entries (cat_name, …) and navigates to the list with only the non-empty filters.
 */
export function FilterForm({
  idPrefix,
  data,
  action,
  hrefFor,
  onApplied,
  footer = 'inline',
}: {
  idPrefix: string;
  data: FilterPanelData;
  /** The path the form sends its fields to (the list's own address). */
  action: string;
  /** The address of the list with these filters. */
  hrefFor: (values: FilterValues) => string;
  onApplied?: () => void;
  /** Where the buttons go: under the fields, or stuck to the bottom of a sheet. */
  footer?: 'inline' | 'sticky';
}) {
  const filter = useFilterForm({ data, hrefFor, onApplied });
  const section = { filter, idPrefix, data };
  return (
    <form
      method="get"
      action={action}
      onSubmit={filter.submit}
      className="flex flex-col gap-4"
      data-testid={`${idPrefix}-filters`}
      noValidate
    >
      <KeptParams values={data.values} />
      <FormErrorNote errors={filter.errors} />
      <SearchAndCategoryFilters {...section} />
      <PriceFilters {...section} />
      <LocationFilters {...section} />
      <DetailFilters {...section} />
      {filter.showVehicle && <VehicleFilters {...section} />}
      <ListingFilters {...section} />
      <FilterActions
        idPrefix={idPrefix}
        footer={footer}
        clearHref={hrefFor(sortOnly(data.values))}
        onApplied={onApplied}
      />
    </form>
  );
}

/** The parameters the panel keeps without showing them (the order, a seller's list), for the form without JavaScript. */
function KeptParams({ values }: { values: FilterValues }) {
  return KEPT_PARAMS.map((param) =>
    values[param] === undefined ? null : <input key={param} type="hidden" name={param} value={values[param]} />,
  );
}
