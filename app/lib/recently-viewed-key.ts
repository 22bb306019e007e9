/** Where a visitor's recently viewed listings are kept in their browser (recently-viewed.ts). */
export const RECENTLY_VIEWED_KEY = 'souk_recently_viewed';
