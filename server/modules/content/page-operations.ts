import type { ContactMessageInput, ContentPageKind } from '../../../contract/content.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { BlogQuery, ContentService } from './service.ts';

/** What pages may ask of the operator's content: reading pages and the blog, and writing to the operator. */
export function contentPageOperations(content: ContentService) {
  return {
    getContentPage: (kind: ContentPageKind, language: LanguageCode) => content.findPage(kind, language),
    listBlogs: (query: BlogQuery, language: LanguageCode) => content.listBlogs(query, language),
    getBlog: (id: number, language: LanguageCode) => content.findBlog(id, language),
    /** Throws an error with status 429 when this address has sent too many. */
    sendContactMessage: (input: ContactMessageInput, sender: { ip: string; userId?: string | null }) =>
      content.sendContactMessage(input, sender),
  };
}

export type ContentPageOperations = ReturnType<typeof contentPageOperations>;
