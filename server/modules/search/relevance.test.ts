import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { createServices } from '../../services.ts';
import { categories, itemLocations, items, locationTownships, subcategories } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { rebuildSearchWords } from './index.ts';
import { CORPUS } from './relevance/corpus.ts';
import { JUDGEMENTS } from './relevance/judgements.ts';
import { type QueryClass, scoreOf, scoresByClass, scoreTable, TOP } from './relevance/score.ts';

/**
 * The relevance set (issue 25 point 5): every judged query searched over the fixed corpus, recall@10 and MRR
 * per class. `npm run bench:relevance` prints the table; a class falling below its floor fails the run.
 */
const test = useTestApp();
const { db, call } = test;
const SELLER = 'demo-user-05';

/** What each class scored when the set was made (rounded down): a change that scores less fails here. */
const FLOORS: Record<QueryClass | 'all', { recall: number; mrr: number }> = {
  exact: { recall: 1, mrr: 0.96 },
  variants: { recall: 1, mrr: 0.92 },
  arabicTypos: { recall: 0.92, mrr: 0.92 },
  englishTypos: { recall: 0.92, mrr: 0.92 },
  crossScript: { recall: 0.93, mrr: 0.93 },
  synonyms: { recall: 0.95, mrr: 0.89 },
  multiWord: { recall: 0.92, mrr: 0.92 },
  location: { recall: 0.97, mrr: 1 },
  all: { recall: 0.95, mrr: 0.93 },
};

let catId = 0;
const keyOf = new Map<string, string>();

async function placeOf(city: string, district: string | undefined) {
  const [found] = await db.select({ id: itemLocations.id }).from(itemLocations).where(eq(itemLocations.name, city));
  if (!found) throw new Error(`the seed has no city ${city}`);
  if (!district) return { itemLocationId: found.id };
  const [township] = await db
    .select({ id: locationTownships.id })
    .from(locationTownships)
    .where(and(eq(locationTownships.cityId, found.id), eq(locationTownships.townshipName, district)));
  if (!township) throw new Error(`the seed has no district ${district} in ${city}`);
  return { itemLocationId: found.id, itemLocationTownshipId: township.id };
}

beforeAll(async () => {
  const tag = randomBytes(4).toString('hex');
  const [category] = await db
    .insert(categories)
    .values({ catName: `Relevance ${tag}`, catNameAr: `الصلة ${tag}`, slug: `relevance-${tag}`, names: {} })
    .returning({ id: categories.id });
  catId = category?.id ?? 0;
  const [sub] = await db
    .insert(subcategories)
    .values({ catId, name: `All ${tag}`, slug: `relevance-all-${tag}` })
    .returning({ id: subcategories.id });
  for (const [index, listing] of CORPUS.entries()) {
    const [row] = await db
      .insert(items)
      .values({
        title: listing.title,
        description: listing.description,
        brand: listing.brand ?? null,
        catId,
        subCatId: sub?.id ?? null,
        addedUserId: SELLER,
        status: 1,
        price: '100',
        slug: `relevance-${listing.key}-${tag}`,
        addedDate: new Date(Date.now() - index * 3_600_000),
        ...(await placeOf(listing.city, listing.district)),
      })
      .returning({ id: items.id });
    keyOf.set(row?.id ?? '', listing.key);
  }
  await rebuildSearchWords(db);
  await createServices(db, test.config, pino({ level: 'silent' }), test.jobs).search.synonyms.rebuildBuiltIn();
});

async function keysFound(query: string): Promise<string[]> {
  const params = new URLSearchParams({ cat_id: String(catId), search_term: query, limit: String(TOP), view: 'card' });
  const answer = await call('GET', `/items?${params}`);
  expect(answer.status, `${query}: ${answer.body.message}`).toBe(200);
  return (answer.body.data.items as Array<{ id: string }>).map((item) => keyOf.get(item.id) ?? item.id);
}

it('judges only listings of the corpus', () => {
  const keys = new Set(CORPUS.map((listing) => listing.key));
  expect(JUDGEMENTS.flatMap((judgement) => judgement.relevant).filter((key) => !keys.has(key))).toEqual([]);
  expect(JUDGEMENTS.length).toBeGreaterThanOrEqual(100);
});

it('finds what people want in every class, no worse than when the set was made', async () => {
  const scored = [];
  const misses: string[] = [];
  for (const judgement of JUDGEMENTS) {
    const found = await keysFound(judgement.query);
    const score = scoreOf(found, judgement.relevant);
    scored.push({ kind: judgement.kind, ...score });
    if (score.recall < 1) misses.push(`${judgement.kind} "${judgement.query}": ${score.recall.toFixed(2)}`);
  }
  const scores = scoresByClass(scored);
  console.info(`${scoreTable(scores)}\n\nqueries that missed a listing:\n  ${misses.join('\n  ')}`);
  for (const [kind, floor] of Object.entries(FLOORS)) {
    const score = scores[kind as keyof typeof scores];
    expect(score.recall, `${kind} recall@10`).toBeGreaterThanOrEqual(floor.recall);
    expect(score.mrr, `${kind} MRR`).toBeGreaterThanOrEqual(floor.mrr);
  }
});
