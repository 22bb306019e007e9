// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemDetail } from '../../../../contract/items.ts';
import type { ItemEntryOptions } from '../../../../contract/pages.ts';
import { draftKey } from './draft-store.ts';
import { type ItemEntrySetup, useItemEntry } from './use-item-entry.ts';

/** Uploads answer at once with a stored picture, fail, or never end, as a test asks. */
const uploads = vi.hoisted(() => ({ mode: 'stored' as 'stored' | 'failed' | 'pending', count: 0 }));
vi.mock('./upload.ts', async () => {
  const { UploadFailed } = await import('../../../lib/upload.ts');
  return {
    UploadFailed,
    forgetUpload: vi.fn(),
    uploadFile: async () => {
      if (uploads.mode === 'pending') return new Promise(() => undefined);
      if (uploads.mode === 'failed') throw new UploadFailed('Refused', 400);
      uploads.count += 1;
      const id = `00000000-0000-4000-8000-${String(uploads.count).padStart(12, '0')}`;
      return { img_id: id, img_path: `drafts/${uploads.count}.webp`, img_width: 100, img_height: 80 };
    },
  };
});
vi.mock('./image-resize.ts', () => ({ preparePhoto: async (file: File) => ({ blob: file, name: file.name }) }));

const stamp = { status: 1, added_date: '2026-01-01T00:00:00.000Z', added_date_str: '01-01-2026 00:00' };
const lookup = (id: number, name: string) => ({ id, name, ...stamp });
const currency = (id: number, code: string, isDefault: boolean) => ({
  ...lookup(id, code),
  currency_short_form: code,
  currency_symbol: code,
  is_default: isDefault,
});

const options = {
  categories: [
    { cat_id: 1, cat_name: 'Bikes', is_vehicle: false },
    { cat_id: 2, cat_name: 'Cars', is_vehicle: true },
  ],
  item_types: [lookup(1, 'Sell')],
  price_types: [lookup(1, 'Fixed')],
  currencies: [currency(1, 'USD', false), currency(2, 'SAR', true)],
  conditions: [lookup(1, 'Used')],
  deal_options: [lookup(1, 'Pickup')],
  locations: [{ ...lookup(1, 'Riyadh'), lat: 24.7, lng: 46.7 }],
} as unknown as ItemEntryOptions;

const picture = (n: number) => ({
  img_id: `00000000-0000-4000-9000-00000000000${n}`,
  img_path: `items/${n}.webp`,
  img_width: 1200,
  img_height: 900,
});

/** A car on sale, with two photos, being edited by its owner. */
const car = {
  id: '801b1839-2528-426c-a20e-de2535bceb8f',
  title: 'Camry',
  description: 'One owner, full service history',
  price: '85000.00',
  brand: 'Toyota',
  business_mode: false,
  cat_id: 2,
  sub_cat_id: 5,
  item_type_id: 1,
  item_price_type_id: 1,
  item_currency_id: 2,
  condition_of_item_id: 1,
  deal_option_id: 1,
  deal_option_remark: null,
  item_location_id: 1,
  item_location_township_id: 3,
  address: null,
  lat: null,
  lng: null,
  highlight_info: null,
  keyword: null,
  images: [picture(1), picture(2)],
  default_video: null,
  default_video_icon: null,
  vehicle: {
    manufacturer: lookup(1, 'Toyota'),
    model: lookup(7, 'Camry'),
    year: 2020,
    mileage: 45000,
    engine_status: null,
    transmission: null,
    fuel_type: null,
    body_style: null,
    color: null,
    seller_type: null,
    vehicle_type: null,
  },
} as unknown as ItemDetail;

const answer = (status: number, body: object) => new Response(JSON.stringify(body), { status });
const saved = (item: ItemDetail, status: number) =>
  answer(200, { code: 200, status: 'success', message: '', data: { ...item, status } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  uploads.mode = 'stored';
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderEntry(item: ItemDetail | null, setup: Partial<ItemEntrySetup> = {}) {
  const onPosted = vi.fn();
  const confirmDiscard = vi.fn(async () => true);
  const hook = renderHook(() => useItemEntry({ options, item, userId: 'u1', onPosted, confirmDiscard, ...setup }));
  return { ...hook, onPosted, confirmDiscard };
}

const send = async (entry: { current: ReturnType<typeof useItemEntry> }) => {
  await act(() => entry.current.send());
};
const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
const photoFile = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

describe('useItemEntry: a new post', () => {
  it('starts empty, in the default currency, with the draft read', () => {
    const { result } = renderEntry(null);
    expect(result.current.values.title).toBe('');
    expect(result.current.values.item_currency_id).toBe('2');
    expect(result.current.draft).toEqual({ loaded: true, dirty: false, restored: false });
  });

  it('an empty send names every required field and sends nothing', async () => {
    const { result } = renderEntry(null);
    await send(result);
    expect(result.current.errors).toMatchObject({
      image_ids: 'validation.imageRequired',
      title: 'validation.required',
      cat_id: 'validation.required',
      sub_cat_id: 'validation.required',
      item_type_id: 'validation.required',
      condition_of_item_id: 'validation.required',
      brand: 'validation.required',
      business_mode: 'validation.required',
      price: 'validation.required',
      item_price_type_id: 'validation.required',
      deal_option_id: 'validation.required',
      item_location_id: 'validation.required',
      item_location_township_id: 'validation.required',
      description: 'validation.required',
    });
    expect(result.current.errors.item_currency_id).toBeUndefined();
    expect(result.current.alerts).toEqual({ formError: 'itemEntry.fixErrors', serverText: null, networkFailed: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a changed field loses its message, and a new category empties the subcategory', async () => {
    const { result } = renderEntry(null);
    await send(result);
    act(() => {
      result.current.set('cat_id', '1');
      result.current.set('sub_cat_id', '5');
      result.current.set('title', 'Mountain bike');
    });
    expect(result.current.errors.title).toBeUndefined();
    expect(result.current.errors.cat_id).toBeUndefined();
    expect(result.current.errors.brand).toBe('validation.required');
    expect(result.current.values).toMatchObject({ title: 'Mountain bike', cat_id: '1', sub_cat_id: '5' });

    act(() => result.current.set('cat_id', '2'));
    expect(result.current.values.sub_cat_id).toBe('');
    expect(result.current.isVehicle).toBe(true);
  });

  it('keeps every change as a draft on this device', () => {
    const { result } = renderEntry(null);
    expect(localStorage.getItem(draftKey('u1', null))).toBeNull();
    act(() => result.current.set('title', 'Mountain bike'));
    expect(result.current.draft.dirty).toBe(true);
    const draft = JSON.parse(localStorage.getItem(draftKey('u1', null)) ?? '{}');
    expect(draft.values.title).toBe('Mountain bike');
  });

  it('uploads chosen photos at once and says when some were left out', async () => {
    const { result } = renderEntry(null);
    act(() => result.current.photos.add(['1', '2', '3', '4', '5', '6'].map((n) => photoFile(`${n}.jpg`))));
    expect(result.current.photos.tooMany).toBe(true);
    await waitFor(() => expect(result.current.photos.slots.map((slot) => slot.status)).toEqual(Array(5).fill('done')));
    act(() => result.current.photos.remove(result.current.photos.slots[0]?.key ?? ''));
    expect(result.current.photos.tooMany).toBe(false);
    expect(result.current.photos.slots).toHaveLength(4);
  });

  it('waits for the uploads before sending, and refuses while one has failed', async () => {
    uploads.mode = 'pending';
    const busy = renderEntry(null).result;
    act(() => busy.current.photos.add([photoFile('a.jpg')]));
    await send(busy);
    expect(busy.current.alerts.formError).toBe('itemEntry.waitForUploads');

    uploads.mode = 'failed';
    const failed = renderEntry(null).result;
    act(() => failed.current.photos.add([photoFile('b.jpg')]));
    await waitFor(() => expect(failed.current.photos.slots[0]?.status).toBe('failed'));
    await send(failed);
    expect(failed.current.alerts.formError).toBe('itemEntry.failedUploads');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('useItemEntry: editing an item', () => {
  it("sends the form's values to the item's address, then hands the saved item on", async () => {
    fetchMock.mockResolvedValue(saved(car, 0));
    const { result, onPosted } = renderEntry(car);
    act(() => result.current.set('price', '82000'));
    await send(result);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/v1/items/${car.id}`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(sentBody()).toMatchObject({
      image_ids: [picture(1).img_id, picture(2).img_id],
      title: 'Camry',
      price: '82000',
      cat_id: 2,
      item_currency_id: 2,
      business_mode: false,
      manufacturer_id: 1,
      model_id: 7,
      year: 2020,
    });
    expect(onPosted).toHaveBeenCalledWith(expect.objectContaining({ id: car.id, status: 0 }));
    expect(result.current.posted).toBe('itemEntry.savedPending');
    expect(localStorage.getItem(draftKey('u1', car.id))).toBeNull();

    await send(result);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves the vehicle details out once the category is not a vehicle one', async () => {
    fetchMock.mockResolvedValue(saved(car, 1));
    const { result } = renderEntry(car);
    act(() => {
      result.current.set('cat_id', '1');
      result.current.set('sub_cat_id', '9');
    });
    await send(result);
    expect(sentBody()).toMatchObject({ cat_id: 1, sub_cat_id: 9, manufacturer_id: null, model_id: null, year: null });
    expect(result.current.posted).toBe('itemEntry.saved');
  });

  it("shows the server's words when it refuses the item", async () => {
    fetchMock.mockResolvedValue(answer(403, { code: 10001, status: 'error', message: '10001##Not yours', data: null }));
    const { result, onPosted } = renderEntry(car);
    await send(result);
    expect(result.current.alerts).toEqual({ formError: null, serverText: 'Not yours', networkFailed: false });
    expect(result.current.submitting).toBe(false);
    expect(result.current.posted).toBeNull();
    expect(onPosted).not.toHaveBeenCalled();
  });

  it('offers to try again without a connection, and a retry posts the item', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(saved(car, 1));
    const { result, onPosted } = renderEntry(car);
    await send(result);
    expect(result.current.alerts).toEqual({ formError: null, serverText: null, networkFailed: true });

    await send(result);
    expect(result.current.alerts.networkFailed).toBe(false);
    expect(onPosted).toHaveBeenCalledTimes(1);
  });

  it("brings back a draft, keeping an old draft's pictures only when they are the item's own", () => {
    const upload = { img_id: 'draft-upload', img_path: 'drafts/9.webp', img_width: 1, img_height: 1 };
    const values = { ...Object.fromEntries(Object.keys(car).map((key) => [key, ''])), title: 'Camry, new tyres' };
    const draft = { values, photos: [upload, picture(2)], video: null, videoIcon: null, savedAt: 0 };
    localStorage.setItem(draftKey('u1', car.id), JSON.stringify(draft));

    const { result } = renderEntry(car);
    expect(result.current.draft).toEqual({ loaded: true, dirty: true, restored: true });
    expect(result.current.values.title).toBe('Camry, new tyres');
    expect(result.current.photos.slots.map((slot) => slot.media?.img_id)).toEqual([picture(2).img_id]);
  });

  it('throws the draft away only when the person confirms, back to the item', async () => {
    const confirmDiscard = vi.fn(async () => false);
    const { result } = renderEntry(car, { confirmDiscard });
    act(() => result.current.set('title', 'Changed'));

    await act(() => result.current.discard());
    expect(result.current.values.title).toBe('Changed');

    confirmDiscard.mockResolvedValue(true);
    await act(() => result.current.discard());
    expect(result.current.values.title).toBe('Camry');
    expect(result.current.draft.dirty).toBe(false);
    expect(localStorage.getItem(draftKey('u1', car.id))).toBeNull();
  });
});
