import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { type ContactMessageInput, contactMessageSchema } from '../../../contract/content.ts';
import { Field, FieldError, inputClass, useFormErrors } from '../../components/ui/form.tsx';
import { CheckCircle2, Loader2, Mail, Send } from '../../components/ui/icons.tsx';
import { countryOptions, PhoneNumberField } from '../../features/accounts/phone-field.tsx';
import { translateKey } from '../../i18n/i18n.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { formFields, submitForm } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/contact';

const contactRules = () => import('../../../contract/content.ts').then((rules) => rules.contactMessageSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(appContext);
  const [defaultCountry, account] = await Promise.all([
    services.auth.defaultCountry(),
    viewer ? services.users.profile(viewer.userId, viewer) : null,
  ]);
  // A signed-in sender starts from their own name and address (the message is kept with their account).
  const sender = { name: account?.user_name ?? '', email: account?.user_email ?? '' };
  return { defaultCountry, countries: countryOptions(await pageLanguage(request)), sender };
}

/** Works without JavaScript: the server validates with the same rules the browser checks first. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp, viewer } = context.get(appContext);
  return submitForm(contactMessageSchema, await formFields(request), async (input) => {
    await services.sendContactMessage(input, { ip: clientIp, userId: viewer?.userId ?? null });
    return data({ ok: true as const });
  });
}

export const handle = { i18n: ['content', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.contactTitle', description: 'meta.contactDescription' });

const FIELDS: Array<{ name: keyof ContactMessageInput & ('name' | 'email'); type: string; autoComplete: string }> = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [dismissedResult, setDismissedResult] = useState<typeof actionData>();
  const result = actionData && actionData !== dismissedResult ? actionData : undefined;
  const { errors, validateFirst } = useFormErrors(contactRules, result && !result.ok ? result.errors : undefined);
  const sending = navigation.state === 'submitting';

  if (result?.ok) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" role="status">
        <CheckCircle2 className="mx-auto size-14 text-emerald-600" aria-hidden />
        <p className="mt-4 text-lg font-semibold">{t('contact.sent')}</p>
        <button
          type="button"
          onClick={() => setDismissedResult(result)}
          className="mt-6 rounded-full border border-slate-300 px-5 py-2 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {t('contact.sendAnother')}
        </button>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-8" aria-labelledby="contact-heading">
      <div className="flex items-center gap-3">
        <Mail className="size-8 text-brand-600 dark:text-brand-300" aria-hidden />
        <h1 id="contact-heading" className="text-2xl font-bold">
          {t('contact.heading')}
        </h1>
      </div>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('contact.intro')}</p>
      {result && !result.ok && result.formError && (
        <p
          role="alert"
          className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {translateKey(t, result.formError)}
        </p>
      )}
      <Form method="post" noValidate onSubmit={validateFirst} className="mt-6 space-y-4">
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            idPrefix="contact"
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            defaultValue={loaderData.sender[field.name]}
            label={t(`fields.${field.name}`)}
            errors={errors}
          />
        ))}
        <PhoneNumberField
          idPrefix="contact"
          name="phone"
          label={t('fields.phone')}
          errors={errors}
          countries={loaderData.countries}
          defaultCountry={loaderData.defaultCountry}
        />
        <div>
          <label htmlFor="contact-message" className="text-sm font-semibold">
            {t('fields.message')}
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            aria-invalid={Boolean(errors.message)}
            aria-describedby={errors.message ? 'contact-message-error' : undefined}
            className={inputClass}
          />
          <FieldError id="contact-message-error" messageKey={errors.message} field={t('fields.message')} />
        </div>
        <button
          type="submit"
          disabled={sending}
          className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {sending ? (
            <Loader2 className="size-5 animate-spin" aria-hidden />
          ) : (
            <Send className="size-5 rtl:-scale-x-100" aria-hidden />
          )}
          {sending ? t('contact.sending') : t('contact.send')}
        </button>
      </Form>
    </section>
  );
}
