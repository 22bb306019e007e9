import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemPath } from '../../../contract/item-basics.ts';
import type { PromotionStart } from '../../../contract/promotions.ts';
import { AlertTriangle } from '../../components/ui/icons.tsx';
import { paymentChoicesOf } from './method-choice.tsx';
import { PromoteForm } from './promote-form.tsx';
import type { PromoteResult, Promotion } from './promotion.ts';
import { PromotionStarted } from './promotion-started.tsx';

/** Why a listing cannot be promoted now, or null when it can (SPEC.md 4: only an active listing). */
function unavailableReason(promotion: Promotion) {
  const { options } = promotion;
  if (promotion.notActive || !options) return 'notActive' as const;
  if (paymentChoicesOf(options).length === 0) return 'noMethods' as const;
  if (options.packages.every((offer) => !(Number.parseFloat(offer.amount) > 0))) return 'off' as const;
  return null;
}

/**
 * The Promote form of one of the owner's listings (above their paid ads): the listing, then the form, what
 * was booked once it is sent, or why the listing cannot be promoted now.
 */
export function PromotePanel({
  promotion,
  result,
  listing,
}: {
  promotion: Promotion;
  result: PromoteResult | undefined;
  /** The listing's cover, title and price, as its card draws them. */
  listing: ReactNode;
}) {
  const reason = unavailableReason(promotion);
  const { options } = promotion;
  // What was booked stays on screen while the page's data is read again after paying (which drops the action's answer).
  const [booked, setBooked] = useState<PromotionStart | null>(null);
  useEffect(() => {
    if (result?.ok) setBooked(result.start);
  }, [result]);
  const started = result?.ok ? result.start : booked;
  let body: ReactNode;
  if (started) body = <PromotionStarted start={started} />;
  else if (reason || !options)
    body = <Unavailable reason={reason ?? 'notActive'} listingPath={itemPath(promotion.listing)} />;
  else body = <PromoteForm setup={{ ...promotion, options }} result={result?.ok ? undefined : result} />;
  return (
    <div
      className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      data-testid="promote-panel"
    >
      {listing}
      <div className="mt-5">{body}</div>
    </div>
  );
}

function Unavailable({ reason, listingPath }: { reason: 'notActive' | 'noMethods' | 'off'; listingPath: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="promote-unavailable"
    >
      <AlertTriangle className="mt-0.5 size-6 shrink-0" aria-hidden />
      <div>
        <p className="font-bold">{t('payments.promote.unavailableTitle')}</p>
        <p className="mt-1">{t(`payments.promote.${reason}`)}</p>
        <Link to={listingPath} className="mt-3 inline-block font-semibold underline">
          {t('payments.promote.cancel')}
        </Link>
      </div>
    </div>
  );
}
