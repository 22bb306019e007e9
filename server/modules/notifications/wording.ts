import type { LanguageCode } from '../../../contract/language.ts';
import { type NotificationKind, PUSH_BODY_LENGTH } from '../../../contract/notification-basics.ts';
import { SAVED_SEARCHES_PATH, savedSearchRunPath } from '../../../contract/saved-search-basics.ts';
import { translate } from '../../i18n.ts';

/** What a stored notice says, worded when it is read: the reader's language of that moment. */
export interface NoticeFacts {
  kind: NotificationKind;
  count: number;
  /** A broadcast's own words (other kinds leave them empty). */
  title: string;
  message: string;
  data: Record<string, unknown>;
  itemId: string | null;
  actorId: string | null;
  id: number;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
/** A name or title set inside a sentence keeps its own direction (an English name in an Arabic sentence). */
const isolated = (value: unknown) => {
  const shown = text(value);
  return shown ? `\u2068${shown}\u2069` : '';
};

const amountFormats = new Map<LanguageCode, Intl.NumberFormat>();

function amount(value: unknown, language: LanguageCode) {
  const number = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(number)) return text(value);
  let format = amountFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    amountFormats.set(language, format);
  }
  return format.format(number);
}

/** The values a kind's texts name: who, which listing, how much, why, which search. */
function valuesOf(facts: NoticeFacts, language: LanguageCode) {
  const { data } = facts;
  return {
    actor: isolated(data.actor_name),
    item: isolated(data.item_title),
    amount: amount(data.amount, language),
    from: amount(data.from, language),
    to: amount(data.to, language),
    reason: text(data.reason),
    search: isolated(data.search_name),
    message: text(data.message),
    rating: text(data.rating),
    number: facts.count,
  };
}

export const cut = (value: string, length: number) =>
  value.length > length ? `${value.slice(0, length - 1)}…` : value;

export function titleOf(facts: NoticeFacts, language: LanguageCode): string {
  if (facts.kind === 'broadcast') return facts.title;
  const grouped = facts.count > 1 ? 'titleMany' : 'title';
  return translate(language, `notifications.kinds.${facts.kind}.${grouped}`, valuesOf(facts, language));
}

const DAY_MS = 86_400_000;

/** Whole days until a listing expires, counted when the notice is read (at least one). */
function daysLeft(facts: NoticeFacts) {
  const at = Date.parse(text(facts.data.at));
  return Number.isFinite(at) ? Math.max(1, Math.ceil((at - Date.now()) / DAY_MS)) : 1;
}

export function messageOf(facts: NoticeFacts, language: LanguageCode): string {
  if (facts.kind === 'broadcast') return facts.message;
  // Some kinds say it all in their title (a new follower): their body is empty.
  const days = facts.kind === 'item.expiring' ? { count: daysLeft(facts) } : {};
  const values = { ...valuesOf(facts, language), ...days, defaultValue: '' };
  return translate(language, `notifications.kinds.${facts.kind}.body`, values).trim();
}

/** The short text of a push or the notice box: what a lock screen may show. */
export const shortMessageOf = (facts: NoticeFacts, language: LanguageCode) =>
  cut(messageOf(facts, language), PUSH_BODY_LENGTH);

/** Where the notice leads: the conversation, the listing, the profile, the saved searches. */
export function targetOf(facts: NoticeFacts): string {
  const { data } = facts;
  switch (facts.kind) {
    case 'chat.message':
    case 'chat.offer':
    case 'chat.accepted':
    case 'chat.rejected':
      return `/chat?${new URLSearchParams({
        item_id: text(data.item_id),
        buyer_user_id: text(data.buyer_user_id),
        seller_user_id: text(data.seller_user_id),
      })}`;
    case 'saved_search.match':
      return data.saved_search_id ? savedSearchRunPath(text(data.saved_search_id)) : SAVED_SEARCHES_PATH;
    case 'review.new':
      return '/review-list';
    case 'follower.new':
      return facts.actorId ? `/other-profile/${encodeURIComponent(facts.actorId)}` : '/followers';
    case 'broadcast':
      return `/notification/${facts.id}`;
    default:
      return facts.itemId ? `/item/${facts.itemId}` : '/notification';
  }
}
