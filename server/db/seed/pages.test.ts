import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../contract/language.ts';
import { createTestDatabase } from '../../testing/database.ts';
import type { Database } from '../database.ts';
import { seedPages } from './content.ts';
import { loadContent } from './data-files.ts';

const SHOWN_PAGES = ['about', 'privacy', 'safety'] as const;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

describe('default pages', () => {
  it('ship about, privacy and safety in all 16 languages, each written in its own language', () => {
    const { pages } = loadContent();
    for (const kind of SHOWN_PAGES) {
      expect(Object.keys(pages[kind] ?? {}).sort(), kind).toEqual([...LANGUAGE_CODES].sort());
      const english = pages[kind]?.en;
      const paragraphs = english?.body.split('\n\n').length;
      for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
        const page = pages[kind]?.[language];
        expect(page?.title, `${kind} ${language}`).not.toBe(english?.title);
        expect(page?.body.split('\n\n').length, `${kind} ${language}`).toBe(paragraphs);
        expect(page?.body, `${kind} ${language}`).not.toMatch(/\b(the|and|you|your)\b/);
      }
    }
  });

  it('a re-run adds the languages an install lacks and keeps what the operator wrote', async () => {
    const { pool, db } = database;
    await pool.query(`update content_pages set body = 'Written by the operator.' where kind = 'about' and lang = 'fr'`);
    await pool.query(`delete from content_pages where kind in ('privacy', 'safety') and lang not in ('ar', 'en')`);

    await seedPages(db, loadContent());

    const about = await pool.query(`select body from content_pages where kind = 'about' and lang = 'fr'`);
    expect(about.rows).toEqual([{ body: 'Written by the operator.' }]);
    const languages = await pool.query<{ kind: string; count: number }>(
      `select kind, count(*)::int as count from content_pages where kind = any($1) group by kind order by kind`,
      [SHOWN_PAGES],
    );
    expect(languages.rows).toEqual(
      SHOWN_PAGES.map((kind) => ({ kind, count: 16 })).sort((a, b) => a.kind.localeCompare(b.kind)),
    );
    const japanese = await pool.query(`select title from content_pages where kind = 'safety' and lang = 'ja'`);
    expect(japanese.rows).toEqual([{ title: loadContent().pages.safety?.ja?.title }]);
  });
});
