/**
 * The seeded items a benchmark rotates over: the demo items' ids are stable (server/db/seed/demo-items.ts),
 * and the API tells each one's {itemName}; items a visitor may not see (pending, rejected, disabled) are left out.
 */
import { itemPath } from '../contract/items.ts';
import { DEMO_ITEM_COUNT } from '../server/db/seed/demo-items.ts';
import { stableUuid } from '../server/db/seed/random.ts';
import type { DatasetInfo } from './dataset-info.ts';

export interface DemoItem {
  id: string;
  /** The item page's address, /item/{itemName}. */
  page: string;
  /** How many photos the item has (the item page's first one is its largest picture). */
  photos: number;
}

export async function demoItems(url: string, wanted = Number(process.env.BENCH_ITEMS ?? 120)): Promise<DemoItem[]> {
  const found: DemoItem[] = [];
  for (let index = 0; index < DEMO_ITEM_COUNT && found.length < wanted; index++) {
    const id = stableUuid(`item-${index}`);
    const response = await fetch(`${url}/api/v1/items/${id}?lang=en`);
    if (response.status === 404) continue;
    if (!response.ok) throw new Error(`GET /api/v1/items/${id}: ${response.status}`);
    const { data } = (await response.json()) as { data: { item_name: string; images: unknown[] } };
    found.push({ id, page: itemPath(data), photos: data.images.length });
  }
  if (found.length === 0) throw new Error('no demo item is visible: is the demo data seeded?');
  return found;
}

/** Item pages of a generated dataset: the newest ten and ten from page 20 of every category (old and new rows). */
export async function datasetItemPages(url: string, info: Pick<DatasetInfo, 'categories'>): Promise<string[]> {
  const pages: string[] = [];
  for (const category of info.categories) {
    for (const offset of [0, 200]) {
      const response = await fetch(`${url}/api/v1/items?cat_id=${category.id}&limit=10&offset=${offset}&view=card`);
      if (!response.ok) throw new Error(`the items of category ${category.id}: ${response.status}`);
      const { data } = (await response.json()) as { data: { items: Array<{ item_name: string }> } };
      for (const item of data.items) pages.push(`/item/${encodeURIComponent(item.item_name)}`);
    }
  }
  return pages;
}
