import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ITEM_STATUS, itemPath } from '../../../contract/item-basics.ts';
import type { ItemCardView } from '../../../contract/items.ts';
import { ItemPrice } from '../../components/price.tsx';
import { BadgeCheck, CalendarDays, ImageUp, MapPin, Sparkles, Store } from '../../components/ui/icons.tsx';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import { photoSources } from './item-photos.ts';

/** What an <img> of a card is given: the width it takes on each screen (the card grids of the item lists). */
export const ITEM_CARD_SIZES = '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw';

export type ItemBadge = 'featured' | 'pending' | 'active' | 'rejected' | 'disabled' | 'expired' | 'soldOut';

/**
 * The badges of an item: promoted (a paid ad runs, SPEC.md 4 is_paid) first, then its status, sold out last (a
 * sold item is still active, pending or refused too).
 */
export function badgesOf(
  item: Pick<ItemCardView, 'status' | 'is_sold_out' | 'is_paid'>,
  withActive = false,
): ItemBadge[] {
  const badges: ItemBadge[] = item.is_paid ? ['featured'] : [];
  if (item.status === ITEM_STATUS.pending) badges.push('pending');
  else if (item.status === ITEM_STATUS.rejected) badges.push('rejected');
  else if (item.status === ITEM_STATUS.disabled) badges.push('disabled');
  else if (item.status === ITEM_STATUS.expired) badges.push('expired');
  else if (item.status === ITEM_STATUS.active && withActive) badges.push('active');
  if (item.is_sold_out) badges.push('soldOut');
  return badges;
}

/** Text and colour of each badge: the word carries the meaning, the colour only repeats it. */
const BADGE_STYLES: Record<ItemBadge, string> = {
  featured: 'bg-accent-400 text-slate-900 shadow-sm',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50',
  disabled: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  expired: 'bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-50',
  soldOut: 'bg-slate-900 text-white dark:bg-white dark:text-slate-900',
};

export function ItemStatusBadge({ badge }: { badge: ItemBadge }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_STYLES[badge]}`}
      data-testid={badge === 'featured' ? 'featured-badge' : 'item-status'}
      data-status={badge}
    >
      {badge === 'featured' && <Sparkles className="me-1 size-3.5" aria-hidden />}
      {t(`item.badge.${badge}`)}
    </span>
  );
}

/** The promoted badge above an item page's title, while a paid ad of it runs. */
export function FeaturedMark({ item }: { item: Pick<ItemCardView, 'is_paid'> }) {
  if (!item.is_paid) return null;
  return (
    <p className="mb-2">
      <ItemStatusBadge badge="featured" />
    </p>
  );
}

/** An item's cover photo in a fixed 4:3 box (width and height set: nothing shifts while it loads). */
export function ItemCover({
  item,
  lazy = true,
  sizes = ITEM_CARD_SIZES,
  className = '',
}: {
  item: Pick<ItemCardView, 'default_photo'>;
  lazy?: boolean;
  sizes?: string;
  className?: string;
}) {
  const photo = item.default_photo;
  if (!photo) {
    return (
      <div
        className={`flex aspect-[4/3] w-full items-center justify-center bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500 ${className}`}
      >
        <ImageUp className="size-10" aria-hidden />
      </div>
    );
  }
  const sources = photoSources(photo);
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      width={sources.width}
      height={sources.height}
      alt=""
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      fetchPriority={lazy ? undefined : 'high'}
      className={className ? `item-cover ${className}` : 'item-cover'}
    />
  );
}

type HeadingLevel = 2 | 3 | 4;

type SellerMarks = ItemCardView['seller'];
/** What a card shows: a card view, or a whole Item (its `user` carries the seller's marks). */
export type CardItem = Omit<ItemCardView, 'seller'> & ({ seller: SellerMarks } | { user: SellerMarks | null });

/** The seller's verified marks beside a card's facts: an icon each, named for screen readers and on hover. */
function SellerMarksOf({ item }: { item: CardItem }) {
  const { t } = useTranslation();
  const marks = 'seller' in item ? item.seller : item.user;
  if (!marks?.is_verify_blue_mark && !marks?.is_verified_dealer) return null;
  return (
    <span className="ms-auto flex items-center gap-1 [&_.icon]:size-4" data-testid="seller-marks">
      {marks.is_verify_blue_mark && (
        <span title={t('item.seller.blueMark')} className="text-sky-600 dark:text-sky-400">
          <BadgeCheck aria-hidden />
          <span className="sr-only">{t('item.seller.blueMark')}</span>
        </span>
      )}
      {marks.is_verified_dealer && (
        <span title={t('item.seller.verifiedDealer')} className="text-amber-700 dark:text-amber-400">
          <Store aria-hidden />
          <span className="sr-only">{t('item.seller.verifiedDealer')}</span>
        </span>
      )}
    </span>
  );
}

const PUBLIC_BADGES = new Set<ItemBadge>(['featured', 'soldOut']);

/**
 * An item as a card in a list: cover, title (the card's one link, stretched over the whole card), price,
 * city and date; `showStatus` adds the status badges (the owner's lists, moderation). `lazy` is false for the
 * cards in the first screen, so they load at once; `headingLevel` fits the card into the page's outline.
 */
export function ItemCard({
  item,
  headingLevel = 3,
  showStatus = false,
  lazy = true,
  sizes,
  children,
}: {
  item: CardItem;
  headingLevel?: HeadingLevel;
  showStatus?: boolean;
  lazy?: boolean;
  sizes?: string;
  /** More lines under the card's own (a reject reason): not links. */
  children?: React.ReactNode;
}) {
  const formatDateTime = useFormatDateTime();
  const Heading = `h${headingLevel}` as const;
  // Buyers see whether a listing is promoted or sold; its moderation status is its owner's and the admins'.
  const badges = showStatus ? badgesOf(item, true) : badgesOf(item).filter((badge) => PUBLIC_BADGES.has(badge));
  const city = item.item_location?.name;
  return (
    <article className="group item-card" data-testid="item-card" data-item-id={item.id}>
      <div className="relative">
        <ItemCover item={item} lazy={lazy} sizes={sizes} />
        {badges.length > 0 && (
          <div className="absolute start-2 top-2 flex flex-wrap gap-1">
            {badges.map((badge) => (
              <ItemStatusBadge key={badge} badge={badge} />
            ))}
          </div>
        )}
      </div>
      <div className="item-card-body">
        <Heading className="item-card-title" dir="auto">
          <Link to={itemPath(item)} className="item-card-link">
            {item.title}
          </Link>
        </Heading>
        <p className="item-card-price">
          <ItemPrice item={item} />
        </p>
        <div className="item-card-facts">
          {city && (
            <span className="item-card-fact">
              <MapPin aria-hidden />
              <span className="truncate" dir="auto">
                {city}
              </span>
            </span>
          )}
          <span className="item-card-fact">
            <CalendarDays aria-hidden />
            <time dateTime={item.added_date} dir="ltr">
              {formatDateTime(item.added_date)}
            </time>
            <SellerMarksOf item={item} />
          </span>
        </div>
        {children && <div className="relative pt-1">{children}</div>}
      </div>
      {/* After the title in reading and focus order, drawn over the photo's corner. */}
      <div className="absolute end-2 top-2">
        <FavouriteButton item={item} variant="card" />
      </div>
    </article>
  );
}
