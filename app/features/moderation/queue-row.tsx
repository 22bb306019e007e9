import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemPath } from '../../../contract/item-basics.ts';
import type { ModerationItem } from '../../../contract/items.ts';
import { ItemPrice } from '../../components/price.tsx';
import { FormAlert } from '../../components/ui/form.tsx';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { BulkSelect } from './bulk-decision.tsx';
import { type DecisionFailure, decisionsFor } from './decision.ts';
import { Decision } from './decision-button.tsx';
import { OpenReports } from './open-reports.tsx';

/** An item's cover photo and status badges, as the item lists draw them (the route brings them). */
export interface ItemLook {
  cover: (item: ModerationItem, image: { lazy: boolean; sizes: string }) => ReactNode;
  badges: (item: ModerationItem) => ReactNode;
}

/** One item of the queue: its photo, badges, title, price, seller and date, why it was refused or reported, and the decisions. */
export function QueueRow({
  item,
  look,
  lazy,
  failure,
}: {
  item: ModerationItem;
  look: ItemLook;
  lazy: boolean;
  failure: DecisionFailure | undefined;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="moderation-row"
      data-item-id={item.id}
    >
      <div className="flex gap-3 sm:gap-4">
        <BulkSelect itemId={item.id} title={item.title} />
        <div className="w-24 shrink-0 self-start overflow-hidden rounded-xl sm:w-36">
          {look.cover(item, { lazy, sizes: '(min-width: 640px) 144px, 96px' })}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">{look.badges(item)}</div>
          <h2 id={titleId} className="line-clamp-2 text-base font-bold leading-snug sm:text-lg">
            <Link
              to={itemPath(item)}
              className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
              dir="auto"
            >
              {item.title}
            </Link>
          </h2>
          <RowFacts item={item} />
        </div>
      </div>
      {item.reject_reason && <RejectReason reason={item.reject_reason} />}
      {item.open_reports.length > 0 && <OpenReports reports={item.open_reports} />}
      {failure?.formError && (
        <div className="mt-3">
          <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {decisionsFor(item.status).map((decision) => (
          <Decision
            key={decision}
            item={item}
            decision={decision}
            failure={failure?.values?.decision === decision ? failure : undefined}
          />
        ))}
      </div>
    </article>
  );
}

/** Price, seller (a link to their profile, unless hidden) and when it was posted. */
function RowFacts({ item }: { item: ModerationItem }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const seller = item.user;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
      <dt className="text-slate-600 dark:text-slate-400">{t('moderation.price')}</dt>
      <dd>
        <ItemPrice item={item} />
      </dd>
      <dt className="text-slate-600 dark:text-slate-400">{t('moderation.seller')}</dt>
      <dd className="min-w-0 truncate">
        {seller ? (
          <Link
            to={`/other-profile/${seller.user_id}`}
            className="underline hover:text-brand-700 dark:hover:text-brand-300"
            dir="auto"
          >
            {seller.user_name}
          </Link>
        ) : (
          '–'
        )}
      </dd>
      <dt className="text-slate-600 dark:text-slate-400">{t('moderation.posted')}</dt>
      <dd>
        <time dateTime={item.added_date} dir="ltr">
          {formatDateTime(item.added_date)}
        </time>
      </dd>
    </dl>
  );
}

/** Why the item was rejected or disabled (what its owner reads too). */
function RejectReason({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return (
    <p
      className="mt-3 rounded-lg bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
      data-testid="moderation-reason"
    >
      <span className="font-semibold">{t('myItems.reason')}</span>{' '}
      <span dir="auto" className="whitespace-pre-line">
        {reason}
      </span>
    </p>
  );
}
