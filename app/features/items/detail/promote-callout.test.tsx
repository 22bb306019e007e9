import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail } from '../../../../contract/items.ts';
import { PromoteCallout } from './promote-callout.tsx';

const i18n = i18next.createInstance();

beforeAll(async () => {
  const items = JSON.parse(readFileSync(new URL('../../../i18n/locales/en/items.json', import.meta.url), 'utf8'));
  await i18n.init({ lng: 'en', resources: { en: { translation: items } }, interpolation: { escapeValue: false } });
});

const POSTED_AT = Date.parse('2026-11-30T10:00:00Z');
const listing = (changes: Partial<ItemDetail> = {}) =>
  ({
    id: '3f1c2a7e-1d4b-4c2a-9e1f-0a1b2c3d4e5f',
    added_date: new Date(POSTED_AT).toISOString(),
    is_owner: true,
    status: 1,
    is_sold_out: false,
    is_paid: false,
    ...changes,
  }) as ItemDetail;

const render = (item: ItemDetail, notice: string | null, now = POSTED_AT + 60_000) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <PromoteCallout item={item} notice={notice} now={now} />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('PromoteCallout', () => {
  it('offers its owner to promote a post that just went live', () => {
    const html = render(listing(), 'itemEntry.posted');
    expect(html).toContain('Reach more buyers');
    expect(html).toContain('href="/paid-items?item_id=3f1c2a7e-1d4b-4c2a-9e1f-0a1b2c3d4e5f"');
  });

  it('stays away from other visits, other people, and listings that cannot or need not be promoted', () => {
    expect(render(listing(), null)).toBe('');
    expect(render(listing(), 'itemEntry.postedPending')).toBe('');
    expect(render(listing(), 'itemEntry.posted', POSTED_AT + 2 * 60 * 60_000)).toBe('');
    expect(render(listing({ is_owner: false }), 'itemEntry.posted')).toBe('');
    expect(render(listing({ status: 0 }), 'itemEntry.posted')).toBe('');
    expect(render(listing({ is_sold_out: true }), 'itemEntry.posted')).toBe('');
    expect(render(listing({ is_paid: true }), 'itemEntry.posted')).toBe('');
  });
});
