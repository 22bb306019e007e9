import { describe, expect, it } from 'vitest';
import { openingTab } from './opening-tab.ts';

const page = (...dates: (string | null)[]) => ({
  items: dates.map((date) => ({ last_message_date: date, added_date: '2026-01-01T00:00:00.000Z' })),
});

describe('the tab /chat-list opens on', () => {
  it('is the one that has conversations', () => {
    expect(openingTab({ 'from-buyers': page(), 'from-sellers': page('2026-11-01T00:00:00.000Z') })).toBe(
      'from-sellers',
    );
    expect(openingTab({ 'from-buyers': page('2026-11-01T00:00:00.000Z'), 'from-sellers': page() })).toBe('from-buyers');
    expect(openingTab({ 'from-buyers': page(), 'from-sellers': page(null) })).toBe('from-sellers');
  });

  it('is the one whose conversation moved last when both have some, selling on a tie or when both are empty', () => {
    const older = '2026-11-01T00:00:00.000Z';
    const newer = '2026-11-02T00:00:00.000Z';
    expect(openingTab({ 'from-buyers': page(older), 'from-sellers': page(newer) })).toBe('from-sellers');
    expect(openingTab({ 'from-buyers': page(newer), 'from-sellers': page(older) })).toBe('from-buyers');
    expect(openingTab({ 'from-buyers': page(newer), 'from-sellers': page(newer) })).toBe('from-buyers');
    expect(openingTab({ 'from-buyers': page(), 'from-sellers': page() })).toBe('from-buyers');
  });
});
