import type { Blog } from '../../../contract/content.ts';

/** More than a blog card ever shows (three lines): a page sends its cards no more of the body than this. */
const EXCERPT_CHARACTERS = 240;

/** The blog with its body cut to the start a card shows, at a word where there is one, and without its HTML. */
export function withExcerpt(full: Blog): Blog {
  const blog = { ...full, description_html: '' };
  if (blog.description.length <= EXCERPT_CHARACTERS) return blog;
  const start = blog.description.slice(0, EXCERPT_CHARACTERS);
  const lastSpace = start.search(/\s\S*$/);
  const cut = lastSpace > EXCERPT_CHARACTERS / 2 ? start.slice(0, lastSpace) : start;
  return { ...blog, description: `${cut}…` };
}
