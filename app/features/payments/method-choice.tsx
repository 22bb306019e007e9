import { useTranslation } from 'react-i18next';
import type { OfflineMethod, PaymentMethod } from '../../../contract/payments.ts';
import { FieldError, inputClass } from '../../components/ui/form.tsx';
import { Banknote, CreditCard, type IconComponent, Landmark, Wallet } from '../../components/ui/icons.tsx';
import { ChoiceCard } from './choice-card.tsx';

/**
 * The ways the page can take a payment: the card (Stripe's own fields), Razorpay's window, a provider's own
 * page (PayPal, Paystack) and each of the operator's offline methods.
 */
export interface PaymentChoice {
  /** The form's value: a method ("stripe", "paypal", "paystack"), or "offline:<id>". */
  value: string;
  offline: OfflineMethod | null;
}

/** The providers' brand names: written the same in every language. */
const PROVIDERS: Record<string, string> = { paypal: 'PayPal', paystack: 'Paystack', razor: 'Razorpay' };

const OFFLINE_ICONS: Record<string, IconComponent> = { landmark: Landmark, banknote: Banknote };

export const isOfflineChoice = (value: string) => value.startsWith('offline:');

/** Providers whose own page the payer pays on, coming back to the payment's receipt (PayPal, Paystack). */
const REDIRECT_METHODS = ['paypal', 'paystack'] as const;

/**
 * The methods this page can take a payment with (a promotion's, the membership's, a bump's): the card
 * (Stripe.js), Razorpay's checkout window, the providers' own pages and the operator's offline methods. The
 * stores' in-app purchases are the phone apps'.
 */
export function paymentChoicesOf(options: {
  methods: PaymentMethod[];
  offline_methods: OfflineMethod[];
}): PaymentChoice[] {
  return [
    ...(options.methods.includes('stripe') ? [{ value: 'stripe', offline: null }] : []),
    ...(options.methods.includes('razor') ? [{ value: 'razor', offline: null }] : []),
    ...REDIRECT_METHODS.filter((method) => options.methods.includes(method)).map((value) => ({ value, offline: null })),
    ...(options.methods.includes('offline')
      ? options.offline_methods.map((method) => ({ value: `offline:${method.id}`, offline: method }))
      : []),
  ];
}

/**
 * The enabled methods as cards (SPEC.md 2 card payment and offline payment): an offline method shows its title
 * and instructions, and asks for the transfer's reference. Before the page's code runs, the reference field is
 * always there; then only while an offline method is chosen.
 */
export function MethodChoice({
  choices,
  chosen,
  onChoose,
  hydrated,
  referenceMax,
  sentReference,
  errors,
  idPrefix = 'promote',
}: {
  choices: PaymentChoice[];
  chosen: string;
  onChoose: (value: string) => void;
  hydrated: boolean;
  referenceMax: number;
  sentReference?: string;
  errors: { choice?: string; reference?: string };
  /** What the form's ids start with (the form's name). */
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const referenceId = `${idPrefix}-offline_reference`;
  const choiceErrorId = `${idPrefix}-payment_choice-error`;
  const showReference = !hydrated || isOfflineChoice(chosen);
  return (
    <div className="flex flex-col gap-4">
      <fieldset aria-describedby={errors.choice ? choiceErrorId : undefined}>
        <legend className="text-base font-semibold">{t('payments.promote.method')}</legend>
        <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {choices.map((choice) => (
            <li key={choice.value}>
              <ChoiceCard
                name="payment_choice"
                value={choice.value}
                checked={chosen === choice.value}
                onChoose={onChoose}
                testId={`method-${choice.value}`}
              >
                <ChoiceText choice={choice} />
              </ChoiceCard>
            </li>
          ))}
        </ul>
        <FieldError id={choiceErrorId} messageKey={errors.choice} field={t('payments.promote.method')} />
      </fieldset>
      <div hidden={!showReference}>
        <label htmlFor={referenceId} className="text-sm font-semibold">
          {t('payments.promote.reference')}
        </label>
        <input
          id={referenceId}
          name="offline_reference"
          defaultValue={sentReference}
          maxLength={referenceMax}
          autoComplete="off"
          aria-invalid={Boolean(errors.reference)}
          aria-describedby={`${referenceId}-hint${errors.reference ? ` ${referenceId}-error` : ''}`}
          className={`${inputClass} sm:max-w-md`}
          dir="auto"
        />
        <p id={`${referenceId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {t('payments.promote.referenceHint')}
        </p>
        <FieldError id={`${referenceId}-error`} messageKey={errors.reference} field={t('payments.promote.reference')} />
      </div>
    </div>
  );
}

/** What a choice is called, how it is drawn, and what paying with it means. */
function useChoiceWords(choice: PaymentChoice) {
  const { t } = useTranslation();
  const provider = PROVIDERS[choice.value];
  if (choice.offline) {
    const { icon, title, description } = choice.offline;
    return { Icon: OFFLINE_ICONS[icon] ?? Wallet, title, text: description };
  }
  if (choice.value === 'razor')
    return { Icon: Wallet, title: provider ?? '', text: t('payments.promote.razorpayHint') };
  if (provider) return { Icon: Wallet, title: provider, text: t('payments.promote.redirectHint', { provider }) };
  return { Icon: CreditCard, title: t('payments.promote.cardTitle'), text: t('payments.promote.cardHint') };
}

function ChoiceText({ choice }: { choice: PaymentChoice }) {
  const { Icon, title, text } = useChoiceWords(choice);
  return (
    <>
      <span className="flex items-center gap-2 font-semibold">
        <Icon className="size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
        <span dir="auto">{title}</span>
      </span>
      <span className="text-sm whitespace-pre-line text-slate-600 dark:text-slate-400" dir="auto">
        {text}
      </span>
    </>
  );
}
