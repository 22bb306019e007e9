import { CHAT_LIST_TABS, type ChatListTab } from '../../../contract/chat-basics.ts';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { ChatList } from '../../features/chat/chat-list.tsx';
import { openingTab } from '../../features/chat/opening-tab.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import { signedInList } from '../social/lists.server.ts';
import type { Route } from './+types/chat-list';

const askedTab = (url: string): ChatListTab | undefined => {
  const asked = new URL(url).searchParams.get('tab');
  return CHAT_LIST_TABS.find((tab) => tab === asked);
};

/**
 * The signed-in person's conversations (a visitor is sent to login and back). Without a tab asked for, both
 * first pages are read and the page opens on the one with the latest conversation (opening-tab.ts), so a buyer
 * does not land on an empty "from buyers".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services, window, language } = await signedInList(request, context, 'chat-list');
  const page = { ...window, limit: PAGE_SIZE.chatHistory };
  const asked = askedTab(request.url);
  if (asked) return { tab: asked, firstPage: await services.chat.list(viewer, asked, page, language) };
  const [selling, buying] = await Promise.all([
    services.chat.list(viewer, 'from-buyers', page, language),
    services.chat.list(viewer, 'from-sellers', page, language),
  ]);
  const tab = openingTab({ 'from-buyers': selling, 'from-sellers': buying });
  return { tab, firstPage: tab === 'from-buyers' ? selling : buying };
}

export const handle = { i18n: ['chat'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.chatListTitle', description: 'meta.chatListDescription' });

export default function ChatListPage({ loaderData }: Route.ComponentProps) {
  return <ChatList tab={loaderData.tab} firstPage={loaderData.firstPage} />;
}
