import type { ChatPages } from '../../../contract/pages.ts';
import type { ChatService } from './service.ts';

/** What pages may ask of the chat module: the same operations as the API, each checking who asks. */
export function chatPageOperations(chat: ChatService): ChatPages {
  return {
    open: (viewer, key, language) => chat.open(viewer, key, language),
    list: (viewer, tab, page, language) => chat.list(viewer, tab, page, language),
    offers: (viewer, tab, page, language) => chat.offerList(viewer, tab, page, language),
  };
}
