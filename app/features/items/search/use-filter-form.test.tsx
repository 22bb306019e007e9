// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { FormEvent, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION } from '../../../../contract/fields.ts';
import { formRules } from '../../../lib/form-rules.ts';
import { DEFAULT_MAP_CENTER, type FilterPanelData } from './filter-panel.ts';
import type { ItemListOptions } from './item-list.server.ts';
import { type FilterValues, listHref } from './list-filters.ts';
import { type FilterFormSetup, searchRules, useFilterForm } from './use-filter-form.ts';

const options: ItemListOptions = {
  categories: [
    { id: 1, name: 'Vehicles', is_vehicle: true },
    { id: 2, name: 'Phones', is_vehicle: false },
  ],
  subcategories: [{ id: 3, name: 'Cars' }],
  locations: [{ id: 5, name: 'Riyadh', lat: 24.7, lng: 46.7 }],
  item_types: [],
  price_types: [],
  currencies: [],
  conditions: [{ id: 4, name: 'Used' }],
  deal_options: [],
  manufacturers: [{ id: 7, name: 'Toyota' }],
  engine_statuses: [],
  seller_types: [],
  vehicle_types: [],
  body_styles: [],
  transmissions: [],
  fuel_types: [],
  colors: [],
};

const dataOf = (values: FilterValues, more: Partial<FilterPanelData> = {}): FilterPanelData => ({
  values,
  defaulted: [],
  onForgetLocation: vi.fn(async () => {}),
  errors: {},
  options,
  manufacturer: null,
  mapTiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'tiles' },
  ...more,
});

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: {}, initAsync: false });

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter initialEntries={['/item-list']}>{children}</MemoryRouter>
  </I18nextProvider>
);

/** The hook with the address it leads to (the list's links are the real ones). */
function renderFilterForm(data: FilterPanelData, setup: Partial<FilterFormSetup> = {}) {
  return renderHook(
    (props: FilterFormSetup) => {
      const location = useLocation();
      return { filter: useFilterForm(props), address: `${location.pathname}${location.search}` };
    },
    { wrapper, initialProps: { data, hrefFor: (values) => listHref(values), ...setup } },
  );
}

/** A submit of the panel's form, which holds the named fields given. */
function submitEvent(fieldNames: string[] = []) {
  const form = document.createElement('form');
  for (const name of fieldNames) {
    const input = document.createElement('input');
    input.name = name;
    form.append(input);
  }
  document.body.append(form);
  return { preventDefault: vi.fn(), currentTarget: form } as unknown as FormEvent<HTMLFormElement>;
}

const fetched: string[] = [];

// The page loads the API's rules once it shows; here they are in before the first render.
beforeAll(() => formRules(searchRules));

beforeEach(() => {
  fetched.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      fetched.push(String(input));
      const items = String(input).includes('/townships') ? [{ id: 9, township_name: 'Olaya' }] : [];
      return new Response(JSON.stringify({ data: { items } }), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('useFilterForm', () => {
  it('starts from the list filters, each field as the URL has it or empty', () => {
    const { result } = renderFilterForm(dataOf({ search_term: 'phone', cat_id: '2', order_by: 'touch_count' }));
    expect(result.current.filter.form).toMatchObject({ search_term: 'phone', cat_id: '2', brand: '', lat: '' });
    expect(result.current.filter.showVehicle).toBe(false);
    expect(result.current.filter.area).toBeNull();
    expect(result.current.filter.mapCenter).toEqual(DEFAULT_MAP_CENTER);
  });

  it('builds the list address from the fields: trimmed, non-empty, with the chosen names and the kept order', () => {
    const onApplied = vi.fn();
    const { result } = renderFilterForm(dataOf({ sorting_id: '2', sorting_name: 'POPULAR', addedUserId: 'u1' }), {
      onApplied,
    });
    act(() => {
      result.current.filter.setField('search_term', '  red phone  ');
      result.current.filter.setField('cat_id', '2');
      result.current.filter.setField('condition_of_item_id', '4');
      result.current.filter.setField('min_price', '10');
      result.current.filter.setField('brand', '   ');
    });
    const event = submitEvent();
    act(() => result.current.filter.submit(event));

    expect(event.preventDefault).toHaveBeenCalled();
    expect(onApplied).toHaveBeenCalledOnce();
    expect(result.current.address).toBe(
      listHref({
        search_term: 'red phone',
        cat_id: '2',
        cat_name: 'Phones',
        condition_of_item_id: '4',
        item_condition_name: 'Used',
        min_price: '10',
        sorting_id: '2',
        sorting_name: 'POPULAR',
        addedUserId: 'u1',
      }),
    );
  });

  it('empties the field that depends on a choice when that choice changes', () => {
    const values = { cat_id: '1', sub_cat_id: '3', item_location_id: '5', item_location_township_id: '9' };
    const { result } = renderFilterForm(dataOf({ ...values, manufacturer_id: '7', model_id: '2' }));
    act(() => result.current.filter.setField('sub_cat_id', '4'));
    expect(result.current.filter.form).toMatchObject({ cat_id: '1', sub_cat_id: '4' });

    act(() => {
      result.current.filter.setField('cat_id', '2');
      result.current.filter.setField('item_location_id', '6');
      result.current.filter.setField('manufacturer_id', '8');
    });
    expect(result.current.filter.form).toMatchObject({
      sub_cat_id: '',
      item_location_township_id: '',
      model_id: '',
    });
  });

  it('refuses filters the search would refuse: the problems marked, the first one focused, no navigation', async () => {
    const onApplied = vi.fn();
    const { result } = renderFilterForm(dataOf({}), { onApplied });
    act(() => {
      result.current.filter.setField('min_price', '900');
      result.current.filter.setField('max_price', '20');
    });
    const event = submitEvent(['min_price', 'max_price']);
    act(() => result.current.filter.submit(event));

    expect(result.current.filter.errors).toEqual({ max_price: VALIDATION.priceRange });
    expect(result.current.address).toBe('/item-list');
    expect(onApplied).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('max_price'));
  });

  it('shows the server problems until the browser checks again, and resets when the list filters change', () => {
    const { result, rerender } = renderFilterForm(dataOf({ brand: 'x' }, { errors: { brand: 'validation.tooLong' } }));
    expect(result.current.filter.errors).toEqual({ brand: 'validation.tooLong' });
    act(() => {
      result.current.filter.setField('min_price', '-1');
      result.current.filter.setField('brand', 'typed');
    });
    act(() => result.current.filter.submit(submitEvent()));
    expect(result.current.filter.errors).toEqual({ min_price: VALIDATION.priceRange });

    rerender({ data: dataOf({ brand: 'sony' }), hrefFor: (values) => listHref(values) });
    expect(result.current.filter.form).toMatchObject({ brand: 'sony', min_price: '' });
    expect(result.current.filter.errors).toEqual({});
  });

  it('sends the vehicle filters only for a vehicle category', () => {
    const vehicleFields = { manufacturer_id: '7', max_mileage: '5000' };
    const { result } = renderFilterForm(dataOf({ cat_id: '1', ...vehicleFields }));
    expect(result.current.filter.showVehicle).toBe(true);
    act(() => result.current.filter.setField('cat_id', '2'));
    expect(result.current.filter.showVehicle).toBe(false);
    act(() => result.current.filter.submit(submitEvent()));
    expect(result.current.address).toBe(listHref({ cat_id: '2', cat_name: 'Phones' }));
  });

  it('drops best match without words and nearest without a pin', () => {
    const { result } = renderFilterForm(dataOf({ search_term: 'tv', order_by: 'relevance' }));
    act(() => result.current.filter.setField('search_term', ''));
    act(() => result.current.filter.submit(submitEvent()));
    expect(result.current.address).toBe('/item-list');

    const nearest = renderFilterForm(dataOf({ lat: '24.7', lng: '46.6', order_by: 'distance' }));
    act(() => nearest.result.current.filter.removeArea());
    expect(nearest.result.current.address).toBe('/item-list');
  });

  it('applies the map circle at once, and its removal', () => {
    const { result } = renderFilterForm(dataOf({ item_location_id: '5', item_location_name: 'Riyadh' }));
    expect(result.current.filter.mapCenter).toEqual({ lat: 24.7, lng: 46.7 });

    act(() => result.current.filter.applyArea({ lat: 24.5, lng: 46.25, miles: 12 }));
    expect(result.current.filter.form).toMatchObject({ lat: '24.5', lng: '46.25', mile: '12' });
    expect(result.current.filter.area).toEqual({ lat: 24.5, lng: 46.25, miles: 12 });
    expect(result.current.filter.mapCenter).toMatchObject({ lat: 24.5, lng: 46.25 });
    expect(result.current.address).toBe(
      listHref({ item_location_id: '5', item_location_name: 'Riyadh', lat: '24.5', lng: '46.25', mile: '12' }),
    );

    act(() => result.current.filter.removeArea());
    expect(result.current.filter.area).toBeNull();
    expect(result.current.address).toBe(listHref({ item_location_id: '5', item_location_name: 'Riyadh' }));
  });

  it('loads the townships of the chosen city and names the chosen one from them', async () => {
    const { result } = renderFilterForm(dataOf({}));
    act(() => result.current.filter.setField('item_location_id', '5'));
    expect(result.current.filter.townships.status).toBe('loading');
    await waitFor(() => expect(result.current.filter.townships.status).toBe('ready'));
    expect(fetched).toEqual(['/api/v1/locations/5/townships?limit=100&lang=en']);
    expect(result.current.filter.townships.options).toEqual([{ id: 9, name: 'Olaya' }]);

    act(() => result.current.filter.setField('item_location_township_id', '9'));
    act(() => result.current.filter.submit(submitEvent()));
    expect(result.current.address).toBe(
      listHref({
        item_location_id: '5',
        item_location_name: 'Riyadh',
        item_location_township_id: '9',
        item_location_township_name: 'Olaya',
      }),
    );
  });

  it('keeps the subcategories the page brought for the URL category without asking again', () => {
    const { result } = renderFilterForm(dataOf({ cat_id: '1', sub_cat_id: '3' }));
    expect(result.current.filter.subcategories).toMatchObject({ status: 'ready', options: [{ id: 3, name: 'Cars' }] });
    expect(fetched).toEqual([]);
  });

  it('forgets the header location before showing a list the person took the place away from', async () => {
    const onForgetLocation = vi.fn(async () => {});
    const data = dataOf(
      { item_location_id: '5', item_location_name: 'Riyadh', brand: 'b' },
      { defaulted: ['item_location_id', 'item_location_name'], onForgetLocation },
    );
    const { result } = renderFilterForm(data);
    act(() => result.current.filter.setField('item_location_id', ''));
    await act(async () => result.current.filter.submit(submitEvent()));
    expect(onForgetLocation).toHaveBeenCalledOnce();
    await waitFor(() => expect(result.current.address).toBe(listHref({ brand: 'b' })));
  });

  it('keeps the header location while the panel still names a place', () => {
    const onForgetLocation = vi.fn(async () => {});
    const data = dataOf(
      { item_location_id: '5', item_location_name: 'Riyadh' },
      { defaulted: ['item_location_id', 'item_location_name'], onForgetLocation },
    );
    const { result } = renderFilterForm(data);
    act(() => result.current.filter.setField('brand', 'b'));
    act(() => result.current.filter.submit(submitEvent()));
    expect(onForgetLocation).not.toHaveBeenCalled();
    expect(result.current.address).toBe(listHref({ item_location_id: '5', item_location_name: 'Riyadh', brand: 'b' }));
  });
});
