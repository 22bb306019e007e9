import type { DomainEvents, EventBus } from '../../kernel/events.ts';
import type { JobRun } from '../../kernel/jobs.ts';
import type { ChatNotice } from '../chat/index.ts';
import type { ItemEvent, ItemsService, PriceDrop } from '../items/index.ts';
import type { SocialService } from '../social/index.ts';
import type { AccountRow } from '../users/index.ts';
import type { Notifier } from './notifier.ts';
import type { NoticeEntry } from './store.ts';

export interface NoticeSources {
  events: EventBus;
  notifier: Notifier;
  items: Pick<ItemsService, 'headline'>;
  social: Pick<SocialService, 'favouritersOf'>;
  people(userIds: string[]): Promise<Map<string, AccountRow>>;
}

type ChatEvent = ChatNotice & { message?: { message: string; offer_amount: string | null; added_date: string } };

const CHAT_KINDS = {
  message: 'chat.message',
  image: 'chat.message',
  sold: 'chat.message',
  offer: 'chat.offer',
  accepted: 'chat.accepted',
  rejected: 'chat.rejected',
} as const;

/**
 * Every notice is a follow-up of the write that causes it (kernel/events.ts): stored with the write, run at least
 * once after it commits, and made once whatever the number of runs (the notifier claims the run's id).
 */
export function registerNoticeProducers(sources: NoticeSources) {
  registerChatNotices(sources);
  registerListingNotices(sources);
  registerFavouriteAlerts(sources);
  registerPeopleNotices(sources);
  registerSavedSearchAlerts(sources);
  sources.events.onCommitted('notification.broadcast', 'notifications.broadcast-push', ({ notice }, run) =>
    sources.notifier.pushBroadcast(notice, run),
  );
}

function registerChatNotices({ events, notifier, items }: NoticeSources) {
  const notice = async (event: ChatEvent, run: { id: string }) => {
    const kind = CHAT_KINDS[event.kind];
    const item = await items.headline(event.chat.item_id);
    const entry: NoticeEntry = {
      userId: event.recipientId,
      kind,
      // Messages of one conversation make one row ("3 new messages from Sara"); offers each their own.
      groupKey: kind === 'chat.message' ? `chat:${event.chat.id}` : null,
      actorId: event.actorId,
      itemId: event.chat.item_id,
      data: {
        actor_name: event.actorName,
        item_title: item?.title ?? '',
        amount: event.message?.offer_amount ?? event.chat.offer_amount ?? '',
        message: event.kind === 'message' ? (event.message?.message ?? '') : '',
        at: event.message?.added_date ?? '',
        chat_id: event.chat.id,
        item_id: event.chat.item_id,
        buyer_user_id: event.chat.buyer_user_id,
        seller_user_id: event.chat.seller_user_id,
      },
    };
    await notifier.notify([entry], run);
  };
  events.onCommitted('chat.message', 'notifications.chat', notice);
  events.onCommitted('chat.changed', 'notifications.chat', notice);
}

const LISTING_KINDS = {
  'item.approved': 'item.approved',
  'item.rejected': 'item.rejected',
  'item.disabled': 'item.disabled',
  'item.heldForReview': 'item.held',
  'item.expiring': 'item.expiring',
  'item.expired': 'item.expired',
} as const;

function registerListingNotices({ events, notifier, items }: NoticeSources) {
  for (const [event, kind] of Object.entries(LISTING_KINDS) as Array<
    [keyof typeof LISTING_KINDS, NoticeEntry['kind']]
  >) {
    events.onCommitted(event, 'notifications.owner', async ({ itemId, ownerId, reason, at }: ItemEvent, run) => {
      const item = await items.headline(itemId);
      if (!item) return;
      // An expiry notice keeps when the listing expires: its text counts the days left when it is read.
      const data = { item_title: item.title, reason: reason ?? '', ...(event === 'item.expiring' && at ? { at } : {}) };
      await notifier.notify([{ userId: ownerId, kind, itemId, data }], run);
    });
  }
}

/** A favourite sold, or cheaper: everyone keeping it hears of it (the owner and people in a block do not). */
function registerFavouriteAlerts({ events, notifier, items, social }: NoticeSources) {
  const alert = async (
    kind: NoticeEntry['kind'],
    itemId: string,
    data: Record<string, unknown>,
    run: { id: string },
  ) => {
    const item = await items.headline(itemId);
    if (!item) return;
    const keepers = await social.favouritersOf(itemId, item.ownerId);
    const entries = keepers.map((userId) => ({ userId, kind, itemId, data: { item_title: item.title, ...data } }));
    await notifier.notify(entries, run);
  };
  events.onCommitted('item.sold', 'notifications.favourites', ({ itemId }: ItemEvent, run) =>
    alert('favourite.sold', itemId, {}, run),
  );
  events.onCommitted('item.priceDropped', 'notifications.favourites', ({ itemId, from, to }: PriceDrop, run) =>
    alert('favourite.price_drop', itemId, { from, to }, run),
  );
}

function registerPeopleNotices({ events, notifier, people }: NoticeSources) {
  const nameOf = async (userId: string) => (await people([userId])).get(userId)?.userName ?? '';
  events.onCommitted('user.followed', 'notifications.people', async ({ followerId, followedId }, run) => {
    const data = { actor_name: await nameOf(followerId) };
    await notifier.notify([{ userId: followedId, kind: 'follower.new', actorId: followerId, data }], run);
  });
  events.onCommitted('user.rated', 'notifications.people', async ({ userId, raterId, rating }, run) => {
    if (!raterId) return;
    const data = { actor_name: await nameOf(raterId), rating: rating ?? '' };
    await notifier.notify([{ userId, kind: 'review.new', actorId: raterId, data }], run);
  });
}

/** A listing that became public matched saved searches (once per pair): one row per search, grouped. */
function registerSavedSearchAlerts({ events, notifier, items }: NoticeSources) {
  type Matches = DomainEvents['search.savedSearchesMatched']['matches'];
  const alert = async (itemId: string, matches: Matches, run: JobRun) => {
    const item = await items.headline(itemId);
    if (!item) return;
    const entries = matches.map(
      (match): NoticeEntry => ({
        userId: match.userId,
        kind: 'saved_search.match',
        groupKey: `saved_search:${match.savedSearchId}`,
        itemId,
        data: { search_name: match.searchName, item_title: item.title, saved_search_id: match.savedSearchId },
      }),
    );
    await notifier.notify(entries, run);
  };
  events.onCommitted('search.savedSearchesMatched', 'notifications.saved-search', ({ itemId, matches }, run) =>
    alert(itemId, matches, run),
  );
  // Jobs of the retired one-match event, queued before an upgrade, still tell their person.
  events.onCommitted('search.savedSearchMatched', 'notifications.saved-search', ({ itemId, ...match }, run) =>
    alert(itemId, [match], run),
  );
}
