import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CardSetup,
  cardOwnerSchema,
  cardUpdateOwnerSchema,
  type SavedCard,
  type SavedCardList,
} from '../../../contract/payment-cards.ts';
import { Field } from '../../components/ui/form.tsx';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { Loader2 } from '../../components/ui/icons.tsx';
import { ModalClose } from '../../components/ui/modal.tsx';
import { ApiError, apiPost } from '../../lib/api-client.ts';
import { type FieldErrors, fieldErrors } from '../../lib/form-errors.ts';
import { cardErrorText } from './card-errors.ts';
import { CardErrorNote, CardFieldsBox } from './card-fields-box.tsx';
import { cardExpiry, cardName } from './saved-card-words.ts';
import { useStripeCardFields } from './stripe-card-fields.ts';
import type { BillingDetails, StripeClient } from './stripe-js.ts';

export interface CardSaveFormProps {
  keys: { js_url: string; publishable_key: string };
  /** The saved card a new one replaces (card update); null to add a card (card entry). */
  replacing: SavedCard | null;
  onSaved: (list: SavedCardList) => void;
}

/**
 * Card entry and card update (SPEC.md 2, 5): the card in Stripe's own fields (number, expiry MM/YY, CVV), and its
 * owner (card entry: name, e-mail, phone and address, all required; card update: the new name). Stripe.js saves
 * the card to the payer's Customer at Stripe; then the server asks Stripe and, for an update, removes the old card.
 */
export default function CardSaveForm(props: CardSaveFormProps) {
  const [attempt, setAttempt] = useState(0);
  return <SaveForm key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />;
}

function SaveForm({ keys, replacing, onSaved, onRetry }: CardSaveFormProps & { onRetry: () => void }) {
  const { t } = useTranslation();
  const { phase, setPhase, error, setError, empty, stripe, card, host } = useStripeCardFields(keys);
  const [errors, setErrors] = useState<FieldErrors>({});
  const saving = useCardSaving(replacing);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = card.current;
    if (!stripe || !fields || phase !== 'ready') return;
    const owner = ownerOf(event.currentTarget, replacing !== null);
    setErrors(owner.errors);
    setError(empty ? t('validation.required', { field: t('fields.cardNumber') }) : null);
    if (!owner.details || empty) return focusFirstProblem(event.currentTarget, owner.errors);
    setPhase('busy');
    try {
      onSaved(await saving.save(stripe, { card: fields, billing_details: owner.details }));
    } catch (problem) {
      setError(problem instanceof ApiError ? problem.text : cardErrorText(problem as object, t));
      setPhase('ready');
    }
  };

  return (
    <form onSubmit={save} noValidate className="mt-4 flex flex-col gap-4" data-testid="card-save-form">
      {replacing && <ReplacedCard card={replacing} />}
      <CardFieldsBox
        host={host}
        phase={phase}
        legend={replacing ? t('payments.cards.newCard') : t('payments.card.fields')}
        onRetry={onRetry}
      />
      <OwnerFields errors={errors} updating={replacing !== null} />
      <CardErrorNote error={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ModalClose className={secondaryButtonClass}>{t('dialog.cancel')}</ModalClose>
        <button type="submit" disabled={phase !== 'ready'} className={`${primaryButtonClass} sm:w-auto`}>
          {phase === 'busy' && <Loader2 className="size-5 animate-spin" aria-hidden />}
          {phase === 'busy'
            ? t('payments.cards.saving')
            : replacing
              ? t('payments.cards.replace')
              : t('payments.cards.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * Saving the card: a saving started at the server, the card confirmed by Stripe.js, then the server told. A card
 * the bank refused is confirmed again in the same saving; one saved at Stripe while the server did not answer
 * is only told again.
 */
function useCardSaving(replacing: SavedCard | null) {
  const setup = useRef<CardSetup | null>(null);
  const confirmed = useRef(false);
  const save = async (
    stripe: StripeClient,
    card: Parameters<StripeClient['confirmCardSetup']>[1]['payment_method'],
  ) => {
    setup.current ??= await apiPost<CardSetup>('/api/v1/payment-cards/setups', {
      ...(replacing ? { replaces: replacing.id } : {}),
    });
    if (!confirmed.current) {
      const answer = await stripe.confirmCardSetup(setup.current.client_secret, { payment_method: card });
      if (answer.error) throw answer.error;
      confirmed.current = true;
    }
    const path = `/api/v1/payment-cards/setups/${encodeURIComponent(setup.current.setup_id)}/finish`;
    return apiPost<SavedCardList>(path);
  };
  return { save };
}

/** The old number and expiry of the card being replaced, as Stripe shows them (the last four digits). */
function ReplacedCard({ card }: { card: SavedCard }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="replaced-card">
      <p className="font-semibold">{t('payments.cards.replacing')}</p>
      <p className="mt-1">{cardName(card, t)}</p>
      <p className="text-slate-600 dark:text-slate-400">{cardExpiry(card, t)}</p>
    </div>
  );
}

function OwnerFields({ errors, updating }: { errors: FieldErrors; updating: boolean }) {
  const { t } = useTranslation();
  const field = { idPrefix: 'card-owner', errors };
  const holder = updating ? t('payments.cards.newHolder') : t('fields.cardHolder');
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="sr-only">{t('payments.cards.owner')}</legend>
      <div className="sm:col-span-2">
        <Field {...field} name="holder_name" label={holder} autoComplete="cc-name" required />
      </div>
      {!updating && (
        <>
          <Field {...field} name="email" type="email" label={t('fields.email')} autoComplete="email" required />
          <Field {...field} name="phone" type="tel" label={t('fields.phone')} autoComplete="tel" dir="ltr" required />
          <div className="sm:col-span-2">
            <Field {...field} name="street" label={t('fields.street')} autoComplete="address-line1" required />
          </div>
          <Field {...field} name="apartment" label={t('fields.apartment')} autoComplete="address-line2" required />
          <Field {...field} name="city" label={t('fields.city')} autoComplete="address-level2" required />
          <Field {...field} name="state" label={t('fields.state')} autoComplete="address-level1" required />
          <Field {...field} name="zip_code" label={t('fields.zipCode')} autoComplete="postal-code" required />
        </>
      )}
    </fieldset>
  );
}

/** The owner as typed, checked with the contract's rules: Stripe's billing details, or the fields' errors. */
function ownerOf(form: HTMLFormElement, updating: boolean): { details: BillingDetails | null; errors: FieldErrors } {
  const typed = Object.fromEntries(new FormData(form));
  if (updating) {
    const parsed = cardUpdateOwnerSchema.safeParse(typed);
    return parsed.success
      ? { details: { name: parsed.data.holder_name }, errors: {} }
      : { details: null, errors: fieldErrors(parsed.error) };
  }
  const parsed = cardOwnerSchema.safeParse(typed);
  if (!parsed.success) return { details: null, errors: fieldErrors(parsed.error) };
  const owner = parsed.data;
  const address = {
    line1: owner.street,
    line2: owner.apartment,
    city: owner.city,
    state: owner.state,
    postal_code: owner.zip_code,
  };
  return { details: { name: owner.holder_name, email: owner.email, phone: owner.phone, address }, errors: {} };
}

/** Keyboard and screen-reader users land on the first problem, which reads out its message. */
function focusFirstProblem(form: HTMLFormElement, errors: FieldErrors) {
  const first = form.elements.namedItem(Object.keys(errors)[0] ?? '');
  if (first instanceof HTMLElement) requestAnimationFrame(() => first.focus());
}
