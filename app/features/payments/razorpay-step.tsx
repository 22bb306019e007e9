import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { Payment, PaymentAction, PaymentStatus } from '../../../contract/payments.ts';
import { primaryButtonClass } from '../../components/ui/form-classes.ts';
import { Loader2, Wallet } from '../../components/ui/icons.tsx';
import { apiPost } from '../../lib/api-client.ts';
import { loadRazorpay, type RazorpayCheckout, type RazorpayProof } from './razorpay-js.ts';

type Phase = 'idle' | 'loading' | 'open' | 'closed' | 'loadFailed' | 'checking';

/**
 * Something booked to be paid with Razorpay: its checkout window opens over the page at once (and again from
 * the button); the proof it hands back is checked by the server, which asks Razorpay, and then `outcome` says
 * what became of the payment. A closed window charged nothing.
 */
export function RazorpayStep({
  action,
  paymentId,
  words,
  outcome,
  openAtOnce = true,
  onAnswer,
}: {
  action: Extract<PaymentAction, { kind: 'razorpay' }>;
  paymentId: string;
  /** The step's title and what is booked and what to pay. */
  words: { title: string; text: string };
  outcome: (status: PaymentStatus) => ReactNode;
  /** Whether the window opens as soon as the page's code runs (right after booking) or on the payer's press. */
  openAtOnce?: boolean;
  /** Told once the server has checked Razorpay's proof, before the page's data is read again. */
  onAnswer?: (status: PaymentStatus) => void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [phase, setPhase] = useState<Phase>(openAtOnce ? 'loading' : 'idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [settled, setSettled] = useState<PaymentStatus | null>(null);
  const checkout = useRef<RazorpayCheckout | null>(null);
  const mounted = useRef(true);

  const settle = useCallback(
    async (proof: RazorpayProof) => {
      setPhase('checking');
      const payment = await apiPost<Payment>(`/api/v1/payments/${encodeURIComponent(paymentId)}/refresh`, proof).catch(
        () => null,
      );
      const status = payment?.status ?? 'requires_action';
      setSettled(status);
      onAnswer?.(status);
      void revalidator.revalidate();
    },
    [paymentId, revalidator, onAnswer],
  );
  const open = useCallback(async () => {
    setPhase('loading');
    setFailure(null);
    try {
      const Razorpay = await loadRazorpay(action.checkout_url);
      if (!mounted.current) return;
      checkout.current?.close();
      const opening = new Razorpay({
        key: action.key_id,
        order_id: action.order_id,
        name: t('app.name'),
        description: words.title,
        handler: (proof) => void settle(proof),
        modal: { ondismiss: () => setPhase((current) => (current === 'checking' ? current : 'closed')) },
      });
      opening.on('payment.failed', (response) => setFailure(response.error?.description ?? t('errors.generic')));
      opening.open();
      checkout.current = opening;
      setPhase('open');
    } catch {
      setPhase('loadFailed');
    }
  }, [action, settle, t, words.title]);
  // Opened by the page's code as soon as it runs (once: `open` changes with the page's data): paying is the one
  // thing left to do here.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !openAtOnce) return;
    opened.current = true;
    void open();
  }, [open, openAtOnce]);
  // The window lives outside React: it goes with the step (a page read again after the form draws a new one).
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      checkout.current?.close();
    };
  }, []);

  if (settled && settled !== 'created') return outcome(settled);
  const waiting = phase === 'loading' || phase === 'checking';
  return (
    <div className="flex flex-col items-start gap-3" data-testid="razorpay-step" data-phase={phase}>
      <h3 className="text-lg font-bold">{words.title}</h3>
      <p className="text-slate-700 dark:text-slate-300">{words.text}</p>
      {phase === 'checking' && <p role="status">{t('payments.razorpay.checking')}</p>}
      {(phase === 'closed' || phase === 'loadFailed' || failure) && (
        <p
          role="alert"
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {phase === 'loadFailed' ? t('payments.razorpay.loadFailed') : (failure ?? t('payments.razorpay.closed'))}
        </p>
      )}
      <button
        type="button"
        className={`${primaryButtonClass} sm:w-auto`}
        disabled={waiting}
        onClick={() => void open()}
      >
        {waiting ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <Wallet className="size-5" aria-hidden />}
        {t('payments.razorpay.pay')}
      </button>
    </div>
  );
}
