import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
import { appContext } from '#app-context';
import { chatKeySchema } from '../../../contract/chat.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MessageCircle } from '../../components/ui/icons.tsx';
import { Conversation } from '../../features/chat/conversation.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { redirectQueryFor } from '../../lib/redirect.ts';
import type { Route } from './+types/chat';

/** Why a conversation cannot open, by the chat module's refusal (its API text is server-only, so named here). */
const REFUSALS = {
  chatBlocked: 'blocked',
  chatOwnItem: 'ownItem',
  chatItemClosed: 'itemClosed',
  chatPersonUnavailable: 'personUnavailable',
  chatNotYours: 'notYours',
} as const;
type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS];

/** /chat?item_id&buyer_user_id&seller_user_id: the conversation, started by the buyer's first visit. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(appContext);
  const url = new URL(request.url);
  if (!viewer) throw redirect(`/login${redirectQueryFor(url.pathname, url.search)}`);
  const key = chatKeySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!key.success) throw data(null, { status: 404 });
  try {
    const conversation = await services.chat.open(viewer, key.data, await pageLanguage(request));
    return { conversation, refusal: null, viewerId: viewer.userId };
  } catch (error) {
    const { status, messageKey } = error as { status?: number; messageKey?: string };
    if (status === 404) throw data(null, { status: 404 });
    const refusal = REFUSALS[messageKey?.replace(/^api\./, '') as keyof typeof REFUSALS];
    if (!refusal) throw error;
    return { conversation: null, refusal, viewerId: viewer.userId };
  }
}

export const handle = { i18n: ['chat', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.chatTitle', description: 'meta.chatDescription' });

export default function Chat({ loaderData }: Route.ComponentProps) {
  if (!loaderData.conversation) return <Refused refusal={loaderData.refusal as Refusal} />;
  return (
    <Conversation
      key={loaderData.conversation.chat.id}
      initial={loaderData.conversation}
      viewerId={loaderData.viewerId}
    />
  );
}

function Refused({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-10" aria-labelledby="chat-refused">
      <h1 id="chat-refused" className="mb-4 text-2xl font-bold">
        {t('chat.refusedTitle')}
      </h1>
      <EmptyState icon={MessageCircle} text={t(`chat.refused.${refusal}`)} />
      <p className="mt-6 text-center">
        <Link to="/chat-list" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {t('chat.toChatList')}
        </Link>
      </p>
    </section>
  );
}
