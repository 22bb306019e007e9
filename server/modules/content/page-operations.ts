import type { ContactMessageInput, ContentPageKind } from '../../../contract/content.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { readEveryTime, type SharedRead } from '../../kernel/shared-cache.ts';
import type { BlogQuery, ContentService } from './service.ts';

/**
 * What pages may ask of the operator's content: reading pages and the blog, and writing to the operator.
 * `shared` keeps a page of the blog a few seconds for everyone, signed in or not: it is the same for all.
 */
export function contentPageOperations(content: ContentService, shared: SharedRead = readEveryTime) {
  return {
    getContentPage: (kind: ContentPageKind, language: LanguageCode) => content.findPage(kind, language),
    listBlogs: (query: BlogQuery, language: LanguageCode) =>
      shared(`blogs:${language}:${JSON.stringify(query)}`, () => content.listBlogs(query, language)),
    getBlog: (id: number, language: LanguageCode) => content.findBlog(id, language),
    /** Throws an error with status 429 when this address has sent too many. */
    sendContactMessage: (input: ContactMessageInput, sender: { ip: string; userId?: string | null }) =>
      content.sendContactMessage(input, sender),
  };
}

export type ContentPageOperations = ReturnType<typeof contentPageOperations>;
