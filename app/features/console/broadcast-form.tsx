import { useTranslation } from 'react-i18next';
import { Form, useNavigation, useSubmit } from 'react-router';
import { BROADCAST_LIMITS } from '../../../contract/notification-basics.ts';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { Field, FieldError, FormAlert } from '../../components/ui/form.tsx';
import { inputClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { Megaphone } from '../../components/ui/icons.tsx';
import type { FormResult } from '../../lib/form-errors.ts';

/** A notice to everyone: each open tab counts it, devices that take broadcasts get a push. Asks first. */
export function BroadcastForm({ failure }: { failure: FormResult | undefined }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const submit = useSubmit();
  const busy = useNavigation().state === 'submitting';
  const errors = failure?.errors ?? {};
  return (
    <section aria-labelledby="broadcast-heading" className="mt-8">
      <h2 id="broadcast-heading" className="text-lg font-bold">
        {t('console.broadcast.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('console.broadcast.intro')}</p>
      <Form
        method="post"
        className="mt-3 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const confirmed = await dialog.confirm({
            title: t('console.broadcast.confirmTitle'),
            message: t('console.broadcast.confirm'),
            confirmLabel: t('console.broadcast.send'),
            cancelLabel: t('dialog.cancel'),
          });
          if (confirmed) await submit(form);
        }}
      >
        <input type="hidden" name="intent" value="broadcast" />
        {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
        <Field
          name="title"
          idPrefix="broadcast"
          label={t('console.broadcast.titleLabel')}
          errors={errors}
          maxLength={BROADCAST_LIMITS.title}
          required
          defaultValue={failure?.values?.title ?? ''}
        />
        <div>
          <label htmlFor="broadcast-message" className="text-sm font-semibold">
            {t('console.broadcast.messageLabel')}
          </label>
          <textarea
            id="broadcast-message"
            name="message"
            rows={4}
            maxLength={BROADCAST_LIMITS.message}
            defaultValue={failure?.values?.message ?? ''}
            aria-invalid={Boolean(errors.message)}
            aria-describedby={errors.message ? 'broadcast-message-error' : undefined}
            className={inputClass}
          />
          <FieldError
            id="broadcast-message-error"
            messageKey={errors.message}
            field={t('console.broadcast.messageLabel')}
          />
        </div>
        <div>
          <button type="submit" disabled={busy} className={secondaryButtonClass}>
            <Megaphone className="size-4" aria-hidden />
            {t('console.broadcast.send')}
          </button>
        </div>
      </Form>
    </section>
  );
}
