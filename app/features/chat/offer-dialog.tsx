import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../components/ui/dialog-form.tsx';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { inputClass } from '../../components/ui/form-classes.ts';
import { Tag } from '../../components/ui/icons.tsx';
import { ModalTrigger } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formRules, useRulesAhead } from '../../lib/form-rules.ts';
import type { ConversationApi } from './use-conversation.ts';

const offerRules = () => import('../../../contract/offers.ts').then((rules) => rules.offerInputSchema);

/** The buyer's price offer, in the item's currency (the same format as an item's price). */
export function OfferButton({ conversation }: { conversation: ConversationApi }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const currency = conversation.chat.item?.item_currency?.currency_symbol ?? '';

  useRulesAhead(offerRules);
  const failed = async (failure: unknown) => {
    setOpen(false);
    await dialog.error(failure instanceof ApiError ? failure.text : t('errors.generic'));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rules = await formRules(offerRules);
    if (!rules) return failed(null);
    const parsed = rules.safeParse({ price });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message as 'validation.required'));
      return;
    }
    setBusy(true);
    try {
      await conversation.makeOffer(parsed.data.price);
      setOpen(false);
      setPrice('');
      setError(null);
    } catch (failure) {
      await failed(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      title={t('chat.makeOfferTitle')}
      description={t('chat.makeOfferHint')}
      trigger={
        <ModalTrigger asChild>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-full border border-amber-400 px-3 py-2 text-sm font-semibold text-amber-900 hover:bg-amber-50 dark:border-amber-600 dark:text-amber-100 dark:hover:bg-amber-950"
            data-testid="make-offer"
          >
            <Tag className="size-4" aria-hidden />
            {t('chat.makeOffer')}
          </button>
        </ModalTrigger>
      }
      onSubmit={submit}
      pending={busy}
      submitLabel={t('chat.sendOffer')}
    >
      <div>
        <label htmlFor={fieldId} className="font-semibold">
          {t('chat.offerPrice', { currency })}
        </label>
        <input
          id={fieldId}
          inputMode="decimal"
          dir="ltr"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
        />
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </DialogForm>
  );
}
