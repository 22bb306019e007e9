import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedCardList } from '../../../contract/payment-cards.ts';
import { CreditCard } from '../../components/ui/icons.tsx';
import { apiGet } from '../../lib/api-client.ts';
import { cardExpiry, cardName } from './saved-card-words.ts';

/** The choice of "a new card" (Stripe's card fields) rather than a saved one. */
export const NEW_CARD = 'new';

/**
 * The payer's saved cards, read when the card dialog opens (none when they cannot be read: the card fields still
 * pay), which one pays (the latest saved at first), and whether a new card is kept for next time.
 */
export function useSavedCardChoice() {
  const [list, setList] = useState<SavedCardList | null>(null);
  const [choice, setChoice] = useState<string>(NEW_CARD);
  const [keep, setKeep] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    apiGet<SavedCardList>('/api/v1/payment-cards', {}, { signal: controller.signal }).then(
      (answer) => {
        setList(answer);
        const [latest] = answer.cards;
        if (latest) setChoice(latest.id);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  const canKeep = Boolean(list?.enabled) && (list?.cards.length ?? 0) < (list?.max ?? 0);
  return { list, choice, setChoice, keep: keep && canKeep, setKeep, canKeep };
}

export type SavedCardChoiceState = ReturnType<typeof useSavedCardChoice>;

const optionClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-950';

/** "Pay with": each saved card, or a new one (nothing when there is no saved card). */
export function SavedCardChoice({ saved }: { saved: SavedCardChoiceState }) {
  const { t } = useTranslation();
  const name = useId();
  const cards = saved.list?.cards ?? [];
  if (cards.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="saved-card-choice">
      <legend className="mb-1 text-sm font-semibold">{t('payments.cards.payWith')}</legend>
      {cards.map((card) => (
        <label key={card.id} className={optionClass}>
          <input
            type="radio"
            name={name}
            value={card.id}
            checked={saved.choice === card.id}
            onChange={() => saved.setChoice(card.id)}
            className="size-4 accent-brand-700"
          />
          <CreditCard className="size-5 shrink-0 text-slate-500" aria-hidden />
          <span className="min-w-0">
            <span className="block font-semibold">{cardName(card, t)}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">{cardExpiry(card, t)}</span>
          </span>
        </label>
      ))}
      <label className={optionClass}>
        <input
          type="radio"
          name={name}
          value={NEW_CARD}
          checked={saved.choice === NEW_CARD}
          onChange={() => saved.setChoice(NEW_CARD)}
          className="size-4 accent-brand-700"
        />
        <span className="font-semibold">{t('payments.cards.newCard')}</span>
      </label>
    </fieldset>
  );
}

/** Under a new card's fields: whether Stripe keeps it for the payer's next payments. */
export function KeepCardCheckbox({ saved }: { saved: SavedCardChoiceState }) {
  const { t } = useTranslation();
  if (saved.choice !== NEW_CARD || !saved.canKeep) return null;
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={saved.keep}
        onChange={(event) => saved.setKeep(event.target.checked)}
        className="size-4 accent-brand-700"
      />
      {t('payments.cards.keep')}
    </label>
  );
}
