/**
 * What bench/dataset.ts leaves beside the database it filled (`<data folder>/dataset.json`), for the
 * benchmarks that run on it (bench/search.ts): the words and how many visible listings hold each, the
 * categories, places and a sample of visible item ids, with the generation's timings and sizes.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const DEFAULT_ITEMS = 1_000_000;
export const INFO_FILE = 'dataset.json';
/** The generated sellers' ids start with this, so their items can be told apart from the demo data's. */
export const SELLER_PREFIX = 'bench-seller-';

export interface DatasetInfo {
  version: 1;
  /** 'loading' while the generator runs (a folder left so is unusable: delete it and generate again). */
  state: 'loading' | 'done';
  items: number;
  sellers: number;
  seed: number;
  database: 'embedded' | 'external';
  startedAt: string;
  /** Indexes of items and images set aside during the load and built again after it. */
  droppedIndexes: Array<{ table: string; name: string; definition: string }>;
  /** Seconds per step. */
  timings: Record<string, number>;
  sizes: { databaseBytes: number; itemsBytes: number; imagesBytes: number; folderBytes: number };
  counts: { items: number; visibleItems: number; images: number; sellers: number; bannedSellers: number };
  categories: Array<{ id: number; slug: string; isVehicle: boolean; visibleItems: number }>;
  cities: Array<{
    id: number;
    name: string;
    lat: number;
    lng: number;
    townships: Array<{ id: number; lat: number; lng: number }>;
  }>;
  conditionIds: number[];
  /** [word, visible listings holding it, the category with most of them, how many there]; most frequent first. */
  words: Array<[string, number, number, number]>;
  /** Visible items (active, not deleted, their seller active), spread over the whole set. */
  sampleItemIds: string[];
  /** What was done about the search dictionary (search_words) after the load. */
  searchWords: string;
}

/** The data folder of a generated dataset: DATASET_DIR, or one per size under the system's temporary folder. */
export function datasetDir(items: number, given = process.env.DATASET_DIR) {
  return path.resolve(given || path.join(os.tmpdir(), `souk-dataset-${items}`));
}

export async function readDatasetInfo(dir: string): Promise<DatasetInfo | undefined> {
  const file = path.join(dir, INFO_FILE);
  if (!existsSync(file)) return undefined;
  return JSON.parse(await fs.readFile(file, 'utf8')) as DatasetInfo;
}

export async function writeDatasetInfo(dir: string, info: DatasetInfo) {
  await fs.writeFile(path.join(dir, INFO_FILE), `${JSON.stringify(info)}\n`);
}
