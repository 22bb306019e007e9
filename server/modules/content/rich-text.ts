import sanitizeHtml from 'sanitize-html';

/**
 * What a blog post may contain: the editor's marks and blocks, links to web and mail addresses only. Anything
 * else (scripts, styles, event handlers, images, frames) is dropped with its content where it has some.
 */
const POST_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote'],
  // rel and target are the transform's own: it overwrites whatever the post said.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
    // A link in a post leaves the site: no referrer, no ranking credit, and never the opener.
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer ugc', target: '_blank' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '' && frame.mediaChildren.length === 0,
};

/** A post's body as it may be stored and shown: '' when nothing readable is left. */
export function sanitizePostHtml(html: string): string {
  const clean = sanitizeHtml(html, POST_HTML).trim();
  return htmlToText(clean) === '' ? '' : clean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * Sanitised HTML as plain text, blocks separated by a blank line (the API's `description`, a card's excerpt).
 * Only for HTML that went through sanitizePostHtml: its tags carry no '>' inside attribute values but in href,
 * which the sanitiser writes escaped.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|h2|h3|li|blockquote)>/g, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text (paragraphs separated by a blank line) as HTML paragraphs: older posts and the demo's. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br />')}</p>`)
    .join('');
}

function escapeHtml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
