import type { ChatListTab } from '../../../contract/chat-basics.ts';

type FirstPage = { items: ReadonlyArray<{ last_message_date: string | null; added_date?: string }> };

/** When a conversation last moved: its last message, else when it began (ISO text sorts as time). */
const latestOf = (page: FirstPage) =>
  page.items.reduce((latest, chat) => {
    const moved = chat.last_message_date ?? chat.added_date ?? '';
    return moved > latest ? moved : latest;
  }, '');

/**
 * The tab /chat-list opens on when none is asked for: the one whose conversation moved last, so a buyer with no
 * buyers of their own lands on their conversations with sellers; selling first when both are empty or tie.
 */
export function openingTab(pages: Record<ChatListTab, FirstPage>): ChatListTab {
  const selling = latestOf(pages['from-buyers']);
  const buying = latestOf(pages['from-sellers']);
  if (pages['from-sellers'].items.length > 0 && buying > selling) return 'from-sellers';
  if (pages['from-buyers'].items.length === 0 && pages['from-sellers'].items.length > 0) return 'from-sellers';
  return 'from-buyers';
}
