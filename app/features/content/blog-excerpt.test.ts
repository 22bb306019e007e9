import { describe, expect, it } from 'vitest';
import type { Blog } from '../../../contract/content.ts';
import { withExcerpt } from './blog-excerpt.ts';

const blog = (description: string) => ({ id: 1, name: 'A blog', description }) as Blog;

describe('blog excerpt', () => {
  it('keeps a short body as it is', () => {
    expect(withExcerpt(blog('Short body.')).description).toBe('Short body.');
  });

  it('leaves the HTML body out: a card shows text only', () => {
    expect(withExcerpt({ ...blog('Short body.'), description_html: '<p>Short body.</p>' }).description_html).toBe('');
  });

  it('cuts a long body at a word, within the limit, and marks the cut', () => {
    const long = 'word '.repeat(100);
    const excerpt = withExcerpt(blog(long)).description;
    expect(excerpt.length).toBeLessThanOrEqual(241);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  it('cuts text without spaces (Chinese, Japanese) at the limit', () => {
    const excerpt = withExcerpt(blog('字'.repeat(500))).description;
    expect(excerpt).toBe(`${'字'.repeat(240)}…`);
  });
});
