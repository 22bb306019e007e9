import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Paged } from '../../../contract/paging.ts';
import { PagedList } from './paged-list.tsx';

const page = (items: string[], nextCursor: string | null): Paged<string> => ({
  items,
  limit: 2,
  offset: 0,
  next_cursor: nextCursor,
});

const render = (firstPage: Paged<string>, empty?: string) =>
  renderToStaticMarkup(
    <PagedList firstPage={firstPage} source={{ path: '/api/v1/blogs' }} empty={empty && <p>{empty}</p>}>
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );

describe('PagedList', () => {
  it('draws the first page, and offers more while the page has a cursor', () => {
    const html = render(page(['first', 'second'], 'next'));
    expect(html).toContain('<li>first</li><li>second</li>');
    expect(html).toContain('<button type="button"');
  });

  it('offers nothing more on the last page', () => {
    expect(render(page(['only'], null))).not.toContain('<button');
  });

  it('shows the empty text instead of an empty list, when it has one', () => {
    // The rows sit in a box without a layout of its own (display: contents), where load more finds the new ones.
    expect(render(page([], null), 'Nothing here')).toBe('<div class="contents"><p>Nothing here</p></div>');
    expect(render(page([], null))).toBe('<div class="contents"><ul></ul></div>');
  });
});
