import { useTranslation } from 'react-i18next';
import { FieldError, inputClass } from '../../components/ui/form.tsx';
import { isolate, isolateLtr } from '../../lib/bidi.ts';
import { useFormatDateTime, useTimeZone } from '../../lib/time-zone.tsx';
import { wallClockOf } from '../../lib/zoned-time.ts';

const MINUTE = 60_000;

/**
 * The promotion's start date and time (SPEC.md 5: 'Your selected date is invalid.'), in the reader's time zone,
 * which goes with it. It starts now, or when the listing's current promotion ends. The field is drawn anew
 * when the browser's own zone takes over from the one the server rendered in.
 */
export function StartField({
  now,
  latestStart,
  bookedUntil,
  sentValue,
  error,
}: {
  now: number;
  latestStart: number;
  bookedUntil: string | null;
  /** What the person had typed, when the form came back with a problem. */
  sentValue?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const formatDateTime = useFormatDateTime();
  const booked = bookedUntil ? Math.ceil(Date.parse(bookedUntil) / MINUTE) * MINUTE : 0;
  const startsNow = booked <= now;
  const suggested = wallClockOf(startsNow ? now : booked, zone);
  const id = 'promote-start_date';
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div key={zone}>
      <label htmlFor={id} className="text-base font-semibold">
        {t('payments.promote.start')}
      </label>
      {!startsNow && bookedUntil && (
        <p className="mt-1 rounded-xl bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">
          {t('payments.promote.bookedUntil', { date: isolateLtr(formatDateTime(bookedUntil)) })}
        </p>
      )}
      <input
        id={id}
        name="start_date"
        type="datetime-local"
        defaultValue={sentValue || suggested}
        min={wallClockOf(now, zone)}
        max={wallClockOf(latestStart, zone)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        className={`${inputClass} sm:max-w-xs`}
        dir="ltr"
      />
      <input type="hidden" name="time_zone" value={zone} />
      {startsNow && <input type="hidden" name="start_now" value={suggested} />}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {t('payments.promote.startHint', { zone: isolate(zone) })}
        {startsNow && ` ${t('payments.promote.startNowHint')}`}
      </p>
      <FieldError id={`${id}-error`} messageKey={error} field={t('payments.promote.start')} />
    </div>
  );
}
