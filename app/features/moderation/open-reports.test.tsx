import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemReport } from '../../../contract/items.ts';
import { OpenReports } from './open-reports.tsx';

const i18n = i18next.createInstance();

beforeAll(async () => {
  const items = JSON.parse(readFileSync(new URL('../../i18n/locales/en/items.json', import.meta.url), 'utf8'));
  await i18n.init({ lng: 'en', resources: { en: { translation: items } }, interpolation: { escapeValue: false } });
});

const report = (name: string, weight: number): ItemReport => ({
  reason: 'fraud',
  note: '',
  reporter_id: name,
  reporter_name: name,
  reporter_weight: weight,
  added_date: '2026-11-30T03:11:00.000Z',
});

describe('OpenReports', () => {
  it('shows how much each report counts towards hiding the listing (issue 24)', () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <OpenReports reports={[report('Trusted', 1), report('New', 0.04), report('Often wrong', 0.4)]} />
      </I18nextProvider>,
    );
    const weights = [...html.matchAll(/data-testid="report-weight">([^<]+)</g)].map((match) => match[1]);
    expect(weights).toEqual(['counts 100%', 'counts 4%', 'counts 40%']);
    expect(html).toContain('title="How much this report counts towards hiding the ad');
  });
});
