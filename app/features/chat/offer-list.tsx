import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OFFER_STATUS, type OfferListTab } from '../../../contract/offer-basics.ts';
import type { Offer } from '../../../contract/offers.ts';
import type { Paged } from '../../../contract/paging.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MessageCircle, Tag } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { photoUrl } from '../../components/ui/profile-photo.tsx';
import { isolate } from '../../lib/bidi.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { chatHrefOf } from './chat-href.ts';
import { ListHeading, ListTabs } from './list-tabs.tsx';
import { OfferPrice } from './offer-price.tsx';

/** /offer-list: offers received (I sell) or sent (I buy), each with its state and a way into its chat. */
export function OfferList({ tab, firstPage }: { tab: OfferListTab; firstPage: Paged<Offer> }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="offer-list-title">
      <ListHeading
        id="offer-list-title"
        title={t('offers.title')}
        sibling={{ to: '/chat-list', label: t('chat.listTitle'), icon: MessageCircle }}
      />
      <ListTabs
        label={t('offers.tabs')}
        path="/offer-list"
        current={tab}
        tabs={[
          { id: 'received', label: t('offers.received') },
          { id: 'sent', label: t('offers.sent') },
        ]}
      />
      <div className="mt-4">
        <PagedList
          key={tab}
          firstPage={firstPage}
          source={{ path: '/api/v1/offers', query: { tab } }}
          empty={<EmptyState icon={Tag} text={tab === 'received' ? t('offers.noneReceived') : t('offers.noneSent')} />}
        >
          {(offers) => (
            <ul className="grid grid-cols-1 gap-2" data-testid="offer-list">
              {offers.map((offer) => (
                <OfferRow key={offer.id} offer={offer} tab={tab} />
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </section>
  );
}

function OfferRow({ offer, tab }: { offer: Offer; tab: OfferListTab }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const other = tab === 'received' ? offer.buyer : offer.seller;
  const photo = photoUrl(offer.item?.default_photo?.img_path ?? null);
  const status =
    offer.status === OFFER_STATUS.accept
      ? {
          text: t('offers.accepted'),
          tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
        }
      : offer.status === OFFER_STATUS.reject
        ? { text: t('offers.rejected'), tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100' }
        : { text: t('offers.open'), tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100' };
  return (
    <li
      className="relative flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 hover:border-brand-400 dark:border-slate-800 dark:bg-slate-900"
      data-testid="offer-row"
    >
      {photo ? (
        <img src={photo} alt="" className="size-14 shrink-0 rounded-xl object-cover" />
      ) : (
        <span className="size-14 shrink-0 rounded-xl bg-slate-200 dark:bg-slate-800" />
      )}
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold" dir="auto">
          <Link
            to={chatHrefOf({
              item_id: offer.item?.id ?? '',
              buyer_user_id: offer.buyer?.user_id ?? '',
              seller_user_id: offer.seller?.user_id ?? '',
            })}
            className="after:absolute after:inset-0 after:content-['']"
          >
            <bdi>{offer.item?.title ?? t('chat.itemGone')}</bdi>
          </Link>
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {tab === 'received'
            ? t('offers.from', { name: isolate(other?.user_name ?? '') })
            : t('offers.to', { name: isolate(other?.user_name ?? '') })}{' '}
          ·{' '}
          <bdi dir="ltr" className="whitespace-nowrap">
            {formatDate(offer.added_date)}
          </bdi>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <OfferPrice amount={offer.price} chat={{ item: offer.item }} className="font-bold" />
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}>{status.text}</span>
      </div>
    </li>
  );
}
