import { describe, expect, it } from 'vitest';
import { formatItemPrice } from '../../components/price.tsx';
import { photoSources } from './item-photos.ts';

const currency = {
  id: 1,
  name: 'US Dollar',
  currency_short_form: 'USD',
  currency_symbol: '$',
  is_default: true,
  status: 1,
  added_date: '2026-01-01T00:00:00.000Z',
  added_date_str: '01-01-2026 00:00',
};

describe('photoSources', () => {
  it('offers the three thumbnails and the original, each at its real width', () => {
    const sources = photoSources({ img_path: 'items/a.webp', img_width: 2048, img_height: 1536 }, true);
    expect(sources.src).toBe('/uploads/thumbnail/items/a.webp');
    expect(sources.srcSet).toBe(
      '/uploads/thumbnail/items/a.webp 240w, /uploads/thumbnail2x/items/a.webp 480w, /uploads/thumbnail3x/items/a.webp 720w, /uploads/items/a.webp 2048w',
    );
    expect([sources.width, sources.height]).toEqual([2048, 1536]);
  });

  it('gives a portrait picture the widths its thumbnails really have', () => {
    const sources = photoSources({ img_path: 'p.webp', img_width: 1536, img_height: 2048 }, true);
    expect(sources.srcSet).toContain('/uploads/thumbnail/p.webp 180w');
    expect(sources.srcSet).toContain('/uploads/thumbnail3x/p.webp 540w');
  });

  it('leaves out thumbnails no smaller than the picture', () => {
    const sources = photoSources({ img_path: 's.webp', img_width: 400, img_height: 300 }, true);
    expect(sources.srcSet).toBe('/uploads/thumbnail/s.webp 240w, /uploads/s.webp 400w');
  });

  it('uses the original alone without variants', () => {
    expect(photoSources({ img_path: 'items/a.webp', img_width: 2048, img_height: 1536 }, false)).toEqual({
      src: '/uploads/items/a.webp',
      srcSet: undefined,
      width: 2048,
      height: 1536,
    });
    expect(photoSources({ img_path: 'demo/phones-1.webp', img_width: 640, img_height: 480 }).srcSet).toContain(
      '/uploads/thumbnail/demo/phones-1.webp 240w',
    );
  });
});

describe('formatItemPrice', () => {
  it('puts the symbol before the amount in left-to-right languages and after it in Arabic', () => {
    expect(formatItemPrice({ price: '1200', item_currency: currency }, 'en')).toBe('$1,200.0');
    expect(formatItemPrice({ price: '1200', item_currency: { ...currency, currency_symbol: 'Ks' } }, 'en')).toBe(
      'Ks\u00a01,200.0',
    );
    expect(formatItemPrice({ price: '1200.55', item_currency: currency }, 'ar')).toBe('1,200.6\u00a0$');
    expect(formatItemPrice({ price: '5', item_currency: null }, 'en')).toBe('5.0');
  });
});
