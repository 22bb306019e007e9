import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { ITEM_STATUS } from '../../../../contract/item-basics.ts';
import type { LanguageCode } from '../../../../contract/language.ts';
import type { ListingUpkeep } from '../../../../contract/listing-upkeep.ts';
import { useDialog } from '../../../components/ui/dialogs.tsx';
import { ArrowUpToLine, Clock, RotateCcw } from '../../../components/ui/icons.tsx';
import { ApiError, apiPost } from '../../../lib/api-client.ts';
import { isolate, isolateLtr } from '../../../lib/bidi.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useFormatDateTime } from '../../../lib/time-zone.tsx';

const buttonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800';

/** The path of a listing's bump page (free or paid). */
export const bumpPath = (itemId: string) => `/bump?${new URLSearchParams({ item_id: itemId })}`;

/**
 * The owner's care of a listing (issue 23): when it expires and a Renew button once it can be renewed, and the
 * way to move it to the top of "Latest" (free while a free bump is left, else at its price). Only its owner
 * has one (null for everyone else).
 */
export function ListingUpkeepBox({ upkeep, isSoldOut }: { upkeep: ListingUpkeep | null; isSoldOut: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  if (!upkeep) return null;
  const expired = upkeep.status === ITEM_STATUS.expired;
  const active = upkeep.status === ITEM_STATUS.active;
  const lines = [
    upkeep.expires_at && active
      ? t('item.upkeep.expiresOn', { date: isolateLtr(formatDateTime(upkeep.expires_at)) })
      : null,
    upkeep.bumped_at ? t('item.upkeep.bumpedOn', { date: isolateLtr(formatDateTime(upkeep.bumped_at)) }) : null,
  ].filter((line): line is string => line !== null);
  const bump = active && !isSoldOut && upkeep.free_bump_days > 0 ? <BumpLink upkeep={upkeep} /> : null;
  if (lines.length === 0 && !upkeep.renewable && !bump) return null;
  return (
    <section
      aria-label={t('item.upkeep.label')}
      className="grid gap-2 rounded-2xl border border-slate-200 p-3 dark:border-slate-800"
      data-testid="listing-upkeep"
    >
      {lines.map((line) => (
        <p key={line} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Clock className="size-4 shrink-0" aria-hidden />
          {line}
        </p>
      ))}
      {upkeep.renewable && <RenewButton itemId={upkeep.item_id} expired={expired} />}
      {bump}
    </section>
  );
}

/** Renews the listing: public again for the operator's number of days from now. */
export function RenewButton({ itemId, expired, className }: { itemId: string; expired: boolean; className?: string }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const renew = async () => {
    setBusy(true);
    try {
      await apiPost(`/api/v1/items/${encodeURIComponent(itemId)}/renew`, {});
      await revalidator.revalidate();
    } catch (error) {
      await dialog.error(error instanceof ApiError ? error.text : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={className ?? buttonClass}
      disabled={busy}
      onClick={renew}
      data-testid="renew-listing"
    >
      <RotateCcw className="size-5" aria-hidden />
      {expired ? t('item.upkeep.renewExpired') : t('item.upkeep.renew')}
    </button>
  );
}

/** To the bump page, saying whether the bump is free, its price, or when the next free one comes. */
function BumpLink({ upkeep }: { upkeep: ListingUpkeep }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const paidOffered = Number.parseFloat(upkeep.bump_amount) > 0 && upkeep.methods.length > 0;
  const nextFree = upkeep.next_free_bump_at
    ? t('item.upkeep.nextFree', { date: isolateLtr(formatDateTime(upkeep.next_free_bump_at)) })
    : null;
  if (upkeep.free_bumps_left === 0 && !paidOffered) {
    return nextFree && <p className="text-sm text-slate-600 dark:text-slate-400">{nextFree}</p>;
  }
  const amount = formatAmount(upkeep.bump_amount, upkeep.currency, i18n.language as LanguageCode);
  return (
    <>
      <Link to={bumpPath(upkeep.item_id)} className={buttonClass} data-testid="bump-link">
        <ArrowUpToLine className="size-5" aria-hidden />
        {upkeep.free_bumps_left > 0
          ? t('item.upkeep.bumpFree')
          : t('item.upkeep.bumpPaid', { amount: isolate(amount) })}
      </Link>
      {upkeep.free_bumps_left === 0 && nextFree && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{nextFree}</p>
      )}
    </>
  );
}
