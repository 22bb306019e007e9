import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ITEM_STATUS, itemNameOf, itemPath } from '../../contract/items.ts';
import { items, subcategories } from '../db/schema/index.ts';
import { buildWebAppIfNeeded } from '../testing/process.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/**
 * The item page's structured data is what search engines read for a product result: a schema.org Product
 * with an Offer, checked here against the properties Google's product snippet requires (name, image, and
 * the offer's price, priceCurrency and availability), and a Car as well for vehicles.
 */
buildWebAppIfNeeded();

const ctx = useTestApp({ web: true });

const schemaOrg = (type: string) => z.string().startsWith('https://schema.org/').describe(type);
const absoluteUrl = z.string().regex(/^https?:\/\/\S+$/);

const offerSchema = z.object({
  '@type': z.literal('Offer'),
  price: z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]),
  priceCurrency: z.string().regex(/^[A-Z]{3}$/),
  availability: z.enum(['https://schema.org/InStock', 'https://schema.org/SoldOut']),
  url: absoluteUrl.optional(),
  itemCondition: schemaOrg('OfferItemCondition').optional(),
});

const productSchema = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.union([z.literal('Product'), z.array(z.string()).refine((types) => types.includes('Product'))]),
  name: z.string().min(1),
  image: z.union([absoluteUrl, z.array(absoluteUrl).min(1)]),
  description: z.string().optional(),
  offers: offerSchema,
  brand: z.object({ '@type': z.literal('Brand'), name: z.string().min(1) }).optional(),
});

const carSchema = productSchema.extend({
  '@type': z.array(z.string()).refine((types) => types.includes('Product') && types.includes('Car')),
  vehicleModelDate: z.string().regex(/^\d{4}$/),
  mileageFromOdometer: z.object({ '@type': z.literal('QuantitativeValue'), value: z.number(), unitCode: z.string() }),
  manufacturer: z.object({ name: z.string().min(1) }),
  model: z.string().min(1),
});

/** Every JSON-LD block of a page, parsed. */
function jsonLdOf(html: string) {
  const blocks = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1] ?? 'null') as Record<string, unknown>);
}

async function seededItem(vehicle: boolean) {
  const [row] = await ctx.database.db
    .select({ id: items.id, slug: items.slug })
    .from(items)
    .innerJoin(subcategories, eq(subcategories.id, items.subCatId))
    .where(
      and(
        eq(items.status, ITEM_STATUS.active),
        eq(items.isSoldOut, false),
        isNull(items.deletedAt),
        vehicle ? eq(subcategories.slug, 'cars') : eq(subcategories.slug, 'mobile-phones'),
        vehicle ? isNotNull(items.year) : isNull(items.year),
      ),
    )
    .limit(1);
  if (!row) throw new Error('no such seeded item');
  return itemPath({ item_name: itemNameOf(row) });
}

async function productOn(path: string, language: string) {
  const page = await ctx.app.inject({ url: `${path}?lang=${language}` });
  expect(page.statusCode, path).toBe(200);
  const products = jsonLdOf(page.body).filter((data) => {
    const type = data['@type'];
    return type === 'Product' || (Array.isArray(type) && type.includes('Product'));
  });
  expect(products, 'one Product on the page').toHaveLength(1);
  return products[0];
}

describe('the item page JSON-LD', () => {
  it('is a schema.org Product with an Offer (price, currency, availability) and images, in ar and en', async () => {
    const path = await seededItem(false);
    for (const language of ['ar', 'en']) {
      const product = productSchema.safeParse(await productOn(path, language));
      expect(product.error?.issues ?? [], language).toEqual([]);
      expect(product.data?.offers.availability).toBe('https://schema.org/InStock');
    }
  });

  it('is a Car as well for a vehicle, with its year, mileage, maker and model', async () => {
    const car = carSchema.safeParse(await productOn(await seededItem(true), 'en'));
    expect(car.error?.issues ?? []).toEqual([]);
  });

  it('says SoldOut for a sold item', async () => {
    const [sold] = await ctx.database.db
      .select({ id: items.id, slug: items.slug })
      .from(items)
      .where(and(eq(items.status, ITEM_STATUS.active), eq(items.isSoldOut, true)))
      .limit(1);
    if (!sold) throw new Error('the demo data has no sold item');
    const product = productSchema.parse(await productOn(itemPath({ item_name: itemNameOf(sold) }), 'en'));
    expect(product.offers.availability).toBe('https://schema.org/SoldOut');
  });
});
