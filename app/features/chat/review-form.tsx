import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_MAX, REVIEW_TEXT_LIMITS } from '../../../contract/rating-basics.ts';
import type { Review } from '../../../contract/ratings.ts';
import { DialogForm } from '../../components/ui/dialog-form.tsx';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { Field, FieldError, inputClass } from '../../components/ui/form.tsx';
import { Star } from '../../components/ui/icons.tsx';
import { ModalTrigger } from '../../components/ui/modal.tsx';
import { apiPost } from '../../lib/api-client.ts';
import { isolate } from '../../lib/bidi.ts';
import { type FieldErrors, fieldErrors } from '../../lib/form-errors.ts';
import { formRules, useRulesAhead } from '../../lib/form-rules.ts';

const reviewRules = () => import('../../../contract/ratings.ts').then((rules) => rules.reviewInputSchema);

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/**
 * After a deal, each side rates the other: 1 to 5 stars, a title and a message. 'Review sent' or 'Error,
 * review not sent.' (SPEC.md 8); a second review of the same person replaces the first.
 */
export function ReviewButton({ userId, userName }: { userId: string; userName: string }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const idPrefix = useId();
  const starsErrorId = `${idPrefix}-rating-error`;
  const messageId = `${idPrefix}-message`;

  useRulesAhead(reviewRules);
  const notSent = async () => {
    setOpen(false);
    await dialog.error(t('reviews.notSent'));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rules = await formRules(reviewRules);
    if (!rules) return notSent();
    const parsed = rules.safeParse({ rating, title, message });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setBusy(true);
    try {
      await apiPost<Review>(`/api/v1/users/${encodeURIComponent(userId)}/reviews`, parsed.data);
      setOpen(false);
      await dialog.success(t('reviews.sent'));
    } catch {
      await notSent();
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      title={t('reviews.formTitle', { name: isolate(userName) })}
      description={t('reviews.formHint')}
      trigger={
        <ModalTrigger asChild>
          <button
            type="button"
            className="inline-flex items-center justify-center gap-2 rounded-full bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            data-testid="review-button"
          >
            <Star className="size-5" aria-hidden />
            {t('reviews.write', { name: isolate(userName) })}
          </button>
        </ModalTrigger>
      }
      onSubmit={submit}
      pending={busy}
      submitLabel={t('reviews.send')}
    >
      <fieldset aria-describedby={errors.rating ? starsErrorId : undefined}>
        <legend className="font-semibold">{t('reviews.stars')}</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((star) => (
            <label
              key={star}
              className="cursor-pointer rounded-full p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="rating"
                value={star}
                checked={rating === star}
                onChange={() => setRating(star)}
                className="sr-only"
              />
              <Star className={`size-8 text-amber-500 ${star <= rating ? 'fill-current' : ''}`} aria-hidden />
              <span className="sr-only">{t('reviews.starsValue', { count: star })}</span>
            </label>
          ))}
        </div>
        <FieldError id={starsErrorId} messageKey={errors.rating} field={t('reviews.stars')} />
      </fieldset>
      <Field
        name="title"
        label={t('reviews.title')}
        errors={errors}
        idPrefix={idPrefix}
        value={title}
        maxLength={REVIEW_TEXT_LIMITS.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div>
        <label htmlFor={messageId} className="text-sm font-semibold">
          {t('reviews.message')}
        </label>
        <textarea
          id={messageId}
          value={message}
          rows={4}
          maxLength={REVIEW_TEXT_LIMITS.message}
          onChange={(event) => setMessage(event.target.value)}
          className={inputClass}
        />
      </div>
    </DialogForm>
  );
}
