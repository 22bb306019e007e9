import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_MAX, REVIEW_TEXT_LIMITS, type Review, reviewInputSchema } from '../../../contract/ratings.ts';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { inputClass, primaryButtonClass } from '../../components/ui/form-classes.ts';
import { Star } from '../../components/ui/icons.tsx';
import { Modal, ModalTrigger } from '../../components/ui/modal.tsx';
import { apiPost } from '../../lib/api-client.ts';
import { isolate } from '../../lib/bidi.ts';

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const ids = { stars: useId(), title: useId(), message: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse({ rating, title, message });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0])] ??= t(issue.message as 'validation.required');
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      await apiPost<Review>(`/api/v1/users/${encodeURIComponent(userId)}/reviews`, parsed.data);
      setOpen(false);
      await dialog.success(t('reviews.sent'));
    } catch {
      setOpen(false);
      await dialog.error(t('reviews.notSent'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={t('reviews.formTitle', { name: isolate(userName) })}
      description={t('reviews.formHint')}
      showDescription
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
    >
      <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
        <fieldset aria-describedby={errors.rating ? ids.stars : undefined}>
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
          {errors.rating && (
            <p id={ids.stars} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.rating}
            </p>
          )}
        </fieldset>
        <div>
          <label htmlFor={ids.title} className="font-semibold">
            {t('reviews.title')}
          </label>
          <input
            id={ids.title}
            value={title}
            maxLength={REVIEW_TEXT_LIMITS.title}
            onChange={(event) => setTitle(event.target.value)}
            className={inputClass}
            aria-invalid={errors.title ? true : undefined}
          />
          {errors.title && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.title}</p>}
        </div>
        <div>
          <label htmlFor={ids.message} className="font-semibold">
            {t('reviews.message')}
          </label>
          <textarea
            id={ids.message}
            value={message}
            rows={4}
            maxLength={REVIEW_TEXT_LIMITS.message}
            onChange={(event) => setMessage(event.target.value)}
            className={inputClass}
          />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {t('reviews.send')}
        </button>
      </form>
    </Modal>
  );
}
