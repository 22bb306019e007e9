import { describe, expect, it } from 'vitest';
import type { ItemDetail } from '../../../../contract/items.ts';
import { isShownCoordinate } from '../../../components/ui/location-map.tsx';
import { itemJsonLd, jsonLdText } from './item-json-ld.ts';
import { excerpt, itemMeta } from './item-seo.ts';

const stamp = { status: 1, added_date: '2026-01-01T00:00:00.000Z', added_date_str: '01-01-2026 00:00' };
const lookup = (id: number, name: string) => ({ id, name, ...stamp });
const photo = (n: number) => ({
  img_id: `p${n}`,
  img_parent_id: 'i',
  img_type: 'item' as const,
  img_path: `items/${n}.webp`,
  img_width: 1200,
  img_height: 900,
  img_desc: '',
});

const item = {
  id: '801b1839-2528-426c-a20e-de2535bceb8f',
  item_name: 'camry-801b1839-2528-426c-a20e-de2535bceb8f',
  title: 'Camry </script><script>alert(1)</script>',
  description: 'Line one\nLine two',
  price: '106000.50',
  brand: 'Toyota',
  status: 1,
  is_sold_out: false,
  is_owner: false,
  images: [photo(1), photo(2)],
  default_photo: photo(1),
  condition_of_item: lookup(3, 'Used - Good'),
  item_currency: { ...lookup(1, 'Riyal'), currency_short_form: 'SAR', currency_symbol: 'ر.س', is_default: true },
  category: null,
  user: { user_name: 'Seller' },
  vehicle: {
    manufacturer: lookup(1, 'Toyota'),
    model: lookup(2, 'Camry'),
    year: 2019,
    mileage: 178000,
    engine_status: null,
    transmission: lookup(1, 'Automatic'),
    fuel_type: lookup(1, 'Petrol'),
    body_style: lookup(1, 'Sedan'),
    color: lookup(1, 'White'),
    seller_type: null,
    vehicle_type: null,
  },
} as unknown as ItemDetail;

describe('item JSON-LD', () => {
  const data = itemJsonLd(item, 'https://souk.example/item/camry', 'https://souk.example');

  it('is a Product and a Car with an Offer carrying a plain price and the currency code', () => {
    expect(data['@type']).toEqual(['Product', 'Car']);
    expect(data.image).toEqual([
      'https://souk.example/uploads/items/1.webp',
      'https://souk.example/uploads/items/2.webp',
    ]);
    expect(data.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(data.offers).toMatchObject({
      '@type': 'Offer',
      price: '106000.5',
      priceCurrency: 'SAR',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Person', name: 'Seller' },
    });
    expect(data).toMatchObject({
      vehicleModelDate: '2019',
      mileageFromOdometer: { value: 178000, unitCode: 'KMT' },
      model: 'Camry',
      fuelType: 'Petrol',
      vehicleTransmission: 'Automatic',
      bodyType: 'Sedan',
      color: 'White',
    });
  });

  it('is sold out when the item is, and a plain Product without vehicle details', () => {
    const sold = itemJsonLd({ ...item, is_sold_out: true, vehicle: null }, 'u', 's');
    expect(sold['@type']).toBe('Product');
    expect((sold.offers as { availability: string }).availability).toBe('https://schema.org/SoldOut');
  });

  it('never lets the text close the script element', () => {
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>]/);
    expect(JSON.parse(text).name).toBe(item.title);
  });
});

describe('item head', () => {
  it('cuts the description at a word near 155 characters', () => {
    const long = `${'word '.repeat(60)}end`;
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut.endsWith('word…')).toBe(true);
    expect(excerpt('Line one\nLine two')).toBe('Line one Line two');
  });

  it('is indexable when active and kept out of indexes otherwise', () => {
    const head = (status: number) =>
      itemMeta(
        { ...item, status },
        { pageUrl: 'https://s/item/x', siteUrl: 'https://s', appName: 'Souk', priceText: '' },
      );
    expect(head(1)).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://s/item/x' });
    expect(head(1)).toContainEqual({ property: 'og:image', content: 'https://s/uploads/items/1.webp' });
    expect(head(1)).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(head(1)).not.toContainEqual({ name: 'robots', content: 'noindex' });
    for (const status of [0, 2, 3]) expect(head(status)).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});

describe('isShownCoordinate', () => {
  it('hides the invalid coordinate 0.000000 and missing points', () => {
    expect(isShownCoordinate(25.33, 51.53)).toBe(true);
    expect(isShownCoordinate(0, 0)).toBe(false);
    expect(isShownCoordinate(0.0000001, 51.5)).toBe(false);
    expect(isShownCoordinate(null, 51.5)).toBe(false);
  });
});
