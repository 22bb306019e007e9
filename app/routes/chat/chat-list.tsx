import { CHAT_LIST_TABS, type ChatListTab } from '../../../contract/chat-basics.ts';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { ChatList } from '../../features/chat/chat-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import { signedInList } from '../social/lists.server.ts';
import type { Route } from './+types/chat-list';

const tabOf = (url: string): ChatListTab => {
  const asked = new URL(url).searchParams.get('tab');
  return CHAT_LIST_TABS.find((tab) => tab === asked) ?? 'from-buyers';
};

/** The signed-in person's conversations (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services, window, language } = await signedInList(request, context, 'chat-list');
  const tab = tabOf(request.url);
  const firstPage = await services.chat.list(viewer, tab, { ...window, limit: PAGE_SIZE.chatHistory }, language);
  return { tab, firstPage };
}

export const handle = { i18n: ['chat'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.chatListTitle', description: 'meta.chatListDescription' });

export default function ChatListPage({ loaderData }: Route.ComponentProps) {
  return <ChatList tab={loaderData.tab} firstPage={loaderData.firstPage} />;
}
