import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Payment, PaymentAction } from '../../../contract/payments.ts';
import { Clock } from '../../components/ui/icons.tsx';
import { isolate } from '../../lib/bidi.ts';
import { formatAmount } from '../../lib/money.ts';
import { type NextPlace, ResultLinks } from './result-links.tsx';

/**
 * An offline payment sent (a promotion's, the membership's): what was bought waits for an operator's approval;
 * how to pay, how much and with which reference, then the receipt and where to go next.
 */
export function OfflineStarted({
  action,
  payment,
  due,
  words,
  next,
  testId,
}: {
  action: Extract<PaymentAction, { kind: 'offline' }>;
  payment: Payment;
  /** The amount to pay and its currency. */
  due: { amount: string; currency: string };
  /** The notice's title and its sentence: what waits, and what happens once approved. */
  words: { title: string; text: string };
  next: NextPlace;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form has gone: reading goes on from what happened to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        <Clock className="mt-0.5 size-6 shrink-0" aria-hidden />
        <div>
          <h3 ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
            {words.title}
          </h3>
          <p className="mt-1">{words.text}</p>
        </div>
      </div>
      <section
        aria-labelledby="offline-how-to-pay"
        className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
      >
        <h4 id="offline-how-to-pay" className="font-semibold">
          {t('payments.started.howToPay', { method: isolate(action.title) })}
        </h4>
        <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300" dir="auto">
          {action.instructions}
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('payments.started.amountDue')}</dt>
            <dd className="text-lg font-bold">
              <bdi dir="ltr" data-testid="amount-due">
                {formatAmount(due.amount, due.currency, i18n.language as LanguageCode)}
              </bdi>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('payments.started.yourReference')}</dt>
            <dd className="font-medium break-words" dir="auto">
              {payment.payer_reference || t('payments.started.noReference')}
            </dd>
          </div>
        </dl>
      </section>
      <ResultLinks paymentId={payment.id} next={next} />
    </div>
  );
}
