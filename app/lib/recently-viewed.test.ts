import { describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_KEPT } from '../../contract/item-basics.ts';
import {
  clearBrowserList,
  RECENTLY_VIEWED_KEY,
  readRecentlyViewed,
  rememberInBrowser,
  withViewed,
} from './recently-viewed.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const values = new Map(Object.entries(initial));
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('a visitor’s recently viewed, in the browser', () => {
  it('puts a view at the front, moves a re-view there, and keeps the last 30', () => {
    const storage = memoryStorage();
    for (let n = 1; n <= RECENTLY_VIEWED_KEPT + 2; n++) rememberInBrowser(id(n), storage);
    const kept = readRecentlyViewed(storage);
    expect(kept).toHaveLength(RECENTLY_VIEWED_KEPT);
    expect(kept[0]).toBe(id(RECENTLY_VIEWED_KEPT + 2));
    expect(kept).not.toContain(id(1));
    rememberInBrowser(id(10), storage);
    expect(readRecentlyViewed(storage)[0]).toBe(id(10));
    expect(readRecentlyViewed(storage)).toHaveLength(RECENTLY_VIEWED_KEPT);
    expect(withViewed([id(1), id(2)], id(2))).toEqual([id(2), id(1)]);
  });

  it('ignores what is not a list of ids, and forgets everything when cleared', () => {
    expect(readRecentlyViewed(memoryStorage({ [RECENTLY_VIEWED_KEY]: 'not json' }))).toEqual([]);
    expect(readRecentlyViewed(memoryStorage({ [RECENTLY_VIEWED_KEY]: '{"a":1}' }))).toEqual([]);
    const storage = memoryStorage({ [RECENTLY_VIEWED_KEY]: JSON.stringify(['x', id(1), 3, id(1)]) });
    expect(readRecentlyViewed(storage)).toEqual([id(1)]);
    rememberInBrowser('<script>', storage);
    expect(readRecentlyViewed(storage)).toEqual([id(1)]);
    clearBrowserList(storage);
    expect(readRecentlyViewed(storage)).toEqual([]);
    expect(readRecentlyViewed(null)).toEqual([]);
  });
});
