import { type ReactNode, useEffect, useRef } from 'react';
import type { PaymentStatus } from '../../../contract/payments.ts';
import { CheckCircle2, Info, XCircle } from '../../components/ui/icons.tsx';

const LOOKS = {
  paid: { Icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  failed: { Icon: XCircle, tone: 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100' },
  pending: { Icon: Info, tone: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
} as const;

export type Outcome = keyof typeof LOOKS;

/** What each outcome says of the thing paid for: its title and its sentence. */
export type OutcomeWords = Record<Outcome, { title: string; text: string }>;

/**
 * What became of a card payment, as Stripe told the server: paid ('Successfully paid AD' for a promotion, SPEC.md
 * 2), failed (nothing was charged), or not confirmed by the bank yet; `words` say it of what was bought.
 */
export function PaymentOutcome({
  status,
  words,
  links,
}: {
  status: PaymentStatus;
  words: OutcomeWords;
  /** Where to go next (the receipt first). */
  links: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome: Outcome = status === 'succeeded' ? 'paid' : status === 'failed' ? 'failed' : 'pending';
  const { Icon, tone } = LOOKS[outcome];
  const { title, text } = words[outcome];
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4" data-testid="payment-outcome" data-outcome={outcome}>
      <div role="status" className={`flex items-start gap-3 rounded-2xl p-4 ${tone}`}>
        <Icon className="mt-0.5 size-6 shrink-0" aria-hidden />
        <div>
          <h3 ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
            {title}
          </h3>
          <p className="mt-1">{text}</p>
        </div>
      </div>
      {links}
    </div>
  );
}
