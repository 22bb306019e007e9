import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, redirect, useFetcher, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import {
  CODE_RESEND_SECONDS,
  codeFormSchema,
  phoneChangeCodeSchema,
  phoneChangeSchema,
} from '../../../contract/auth.ts';
import { profileUpdateSchema } from '../../../contract/users.ts';
import {
  CheckboxField,
  Field,
  FieldError,
  FormAlert,
  inputClass,
  SubmitButton,
  useFormErrors,
} from '../../components/ui/form.tsx';
import { Camera, ImageUp, UserCog } from '../../components/ui/icons.tsx';
import { ProfilePhoto, photoUrl } from '../../components/ui/profile-photo.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { pageRequestMeta, requireSignedIn, secondsUntilResend } from '../../features/accounts/account.server.ts';
import { CodeField, ResendCodeButton, useResendWait } from '../../features/accounts/code-entry.tsx';
import { PhoneChangeDialog } from '../../features/accounts/phone-change-dialog.tsx';
import { countryOptions } from '../../features/accounts/phone-field.tsx';
import { translateKey } from '../../i18n/i18n.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { flashCookie, pageLanguage, readStepCookie, stepCookie } from '../../lib/cookies.server.ts';
import type { FieldErrors, FormResult } from '../../lib/form-errors.ts';
import { formFailure, submitForm, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/edit-profile';

/** When the last code of an e-mail change was sent (`{ email, codeSentAt }`), for the resend countdown. */
const EMAIL_CHANGE_COOKIE = 'souk_email_change';

/** Seconds before the pending address may get another code, if this browser sent the last one. */
async function emailResendIn(request: Request, context: Route.LoaderArgs['context'], pendingEmail: string | null) {
  const step = await readStepCookie<{ email: string }>(request, context, EMAIL_CHANGE_COOKIE, ['email']);
  return pendingEmail && step?.email === pendingEmail ? secondsUntilResend(step) : 0;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context, 'edit-profile');
  const { services } = context.get(appContext);
  const language = await pageLanguage(request);
  const [user, cities, defaultCountry] = await Promise.all([
    services.users.profile(viewer.userId, viewer),
    services.listCities(language),
    services.auth.defaultCountry(),
  ]);
  const emailResendSeconds = await emailResendIn(request, context, user.pending_email ?? null);
  return { user, cities, defaultCountry, countries: countryOptions(language), emailResendSeconds };
}

const endedEmailChange = (context: Route.ActionArgs['context']) => stepCookie(context, EMAIL_CHANGE_COOKIE, null);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireSignedIn(context, 'edit-profile');
  const { services, uploads } = context.get(appContext);
  const { auth, users } = services;
  const form = await request.formData();
  const intent = form.get('intent');
  const fields = Object.fromEntries(form);
  const meta = await pageRequestMeta(request, context);
  return withRefusals(async () => {
    if (intent === 'photo') {
      // The server streamed the file to disk while the form arrived; the form itself holds only its fields.
      const file = uploads.find((upload) => upload.field === 'file');
      const kind = form.get('kind') === 'cover' ? 'cover' : 'profile';
      if (!file) return formFailure({}, 400, 'users.photoNotImage');
      await users.savePhoto(viewer.userId, kind, file);
      return data({ ok: true as const, notice: 'profile.photoSaved' });
    }
    if (intent === 'phoneSend') {
      return submitForm(phoneChangeSchema, fields, async ({ user_phone }) => {
        await auth.sendPhoneChangeCode(viewer.userId, user_phone, meta);
        return data({ ok: true as const, notice: 'auth.smsSent', phone: user_phone, resendIn: CODE_RESEND_SECONDS });
      });
    }
    if (intent === 'phoneVerify') {
      return submitForm(phoneChangeCodeSchema, fields, async ({ user_phone, code }) => {
        await auth.confirmPhoneChange(viewer.userId, user_phone, code, meta);
        return data({ ok: true as const, notice: 'profile.phoneChanged', changed: true });
      });
    }
    if (intent === 'emailVerify') {
      return submitForm(codeFormSchema, fields, async ({ code }) => {
        const confirmed = await auth.confirmEmailChange(viewer.userId, code, meta);
        const headers = new Headers();
        const handedOver = [await flashCookie(context, 'profile.emailChanged'), await endedEmailChange(context)];
        for (const cookie of [...confirmed.cookies, ...handedOver]) headers.append('Set-Cookie', cookie);
        return redirect('/profile', { headers });
      });
    }
    if (intent === 'emailResend') {
      const change = await auth.resendEmailChangeCode(viewer.userId, meta);
      const sent = { ok: true as const, notice: 'auth.codeResent', resendIn: CODE_RESEND_SECONDS };
      const step = await stepCookie(context, EMAIL_CHANGE_COOKIE, { email: change.email });
      return data(sent, { headers: { 'Set-Cookie': step } });
    }
    if (intent === 'emailKeep') {
      await auth.cancelEmailChange(viewer.userId);
      const headers = new Headers([['Set-Cookie', await endedEmailChange(context)]]);
      headers.append('Set-Cookie', await flashCookie(context, 'profile.emailChangeCancelled'));
      return redirect('/edit-profile', { headers });
    }
    return submitForm(profileUpdateSchema, fields, async (input) => {
      const { emailPending } = await auth.updateProfile(viewer.userId, input, meta);
      // A new address waits here for its code; otherwise the profile is done.
      if (emailPending && input.user_email) {
        const headers = new Headers([['Set-Cookie', await flashCookie(context, 'profile.emailCodeSent')]]);
        // Addresses are kept in lower case, as the pending address the next page compares this with.
        const step = await stepCookie(context, EMAIL_CHANGE_COOKIE, { email: input.user_email.toLowerCase() });
        headers.append('Set-Cookie', step);
        return redirect('/edit-profile', { headers });
      }
      return redirect('/profile', { headers: { 'Set-Cookie': await flashCookie(context, 'messages.profileUpdated') } });
    });
  });
}

export const handle = { i18n: ['profile', 'auth', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.editProfileTitle', description: 'meta.editProfileDescription' });

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { user, cities } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { errors, validateFirst } = useFormErrors(profileUpdateSchema, failure?.errors);
  const field = { idPrefix: 'profile', errors };
  return (
    <section className="mx-auto max-w-2xl px-4 py-8" aria-labelledby="edit-heading">
      <div className="flex items-center gap-3">
        <UserCog className="size-8 text-brand-600 dark:text-brand-300" aria-hidden />
        <h1 id="edit-heading" className="text-2xl font-bold">
          {t('profile.editHeading')}
        </h1>
      </div>
      <PhotoEditor user={user} />
      <div className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <FormAlert messageKey={failure?.formError} />
        {/* Outside the profile form: forms cannot nest. */}
        {user.pending_email && <PendingEmail email={user.pending_email} resendIn={loaderData.emailResendSeconds} />}
        <Form method="post" noValidate onSubmit={validateFirst} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="profile" />
          <Field
            {...field}
            name="user_name"
            autoComplete="name"
            defaultValue={user.user_name}
            label={t('fields.user_name')}
          />
          <Field
            {...field}
            name="user_email"
            type="email"
            autoComplete="email"
            dir="ltr"
            defaultValue={user.user_email ?? ''}
            label={t('fields.user_email')}
            hint={t('profile.emailChangeHint')}
          />
          <div>
            <p className="text-sm font-semibold">{t('profile.phoneSection')}</p>
            <div className="mt-1 flex items-center justify-between gap-3 rounded-xl border border-slate-300 px-4 py-2.5 dark:border-slate-700">
              <span
                dir={user.user_phone ? 'ltr' : undefined}
                className={user.user_phone ? '' : 'text-slate-500 dark:text-slate-400'}
              >
                {user.user_phone ?? t('profile.noPhone')}
              </span>
              <PhoneChangeDialog
                hasPhone={Boolean(user.user_phone)}
                countries={loaderData.countries}
                defaultCountry={loaderData.defaultCountry}
              />
            </div>
          </div>
          <TextArea
            name="user_about_me"
            label={t('fields.user_about_me')}
            defaultValue={user.user_about_me ?? ''}
            errors={errors}
          />
          <Field
            {...field}
            name="user_address"
            autoComplete="street-address"
            defaultValue={user.user_address ?? ''}
            label={t('fields.user_address')}
          />
          <div>
            <label htmlFor="profile-city" className="text-sm font-semibold">
              {t('fields.city')}
            </label>
            <select id="profile-city" name="city" defaultValue={user.city ?? ''} className={inputClass}>
              <option value="">{t('profile.noCity')}</option>
              {cities.map((city) => (
                <option key={city.id} value={city.id}>
                  {city.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              {...field}
              name="whatsapp"
              type="tel"
              dir="ltr"
              defaultValue={user.whatsapp ?? ''}
              label={t('fields.whatsapp')}
            />
            <Field
              {...field}
              name="messenger"
              dir="ltr"
              defaultValue={user.messenger ?? ''}
              label={t('fields.messenger')}
            />
          </div>
          <CheckboxField
            {...field}
            name="is_show_email"
            defaultChecked={user.is_show_email}
            label={t('profile.showEmail')}
          />
          <CheckboxField
            {...field}
            name="is_show_phone"
            defaultChecked={user.is_show_phone}
            label={t('profile.showPhone')}
          />
          <SubmitButton
            busy={navigation.state !== 'idle' && navigation.formData?.get('intent') === 'profile'}
            label={t('profile.save')}
            busyLabel={t('profile.saving')}
          />
        </Form>
      </div>
    </section>
  );
}

type EmailCodeResult = { ok: true; notice: string; resendIn?: number } | FormResult;

/**
 * The code step of an e-mail change: the new address stays pending until its code is entered here; a new
 * code can be sent to it, or the change dropped ("Keep my current address").
 */
function PendingEmail({ email, resendIn }: { email: string; resendIn: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const verifier = useFetcher<EmailCodeResult>({ key: 'email-verify' });
  const resender = useFetcher<EmailCodeResult>({ key: 'email-resend' });
  const wait = useResendWait(resendIn, resender.data);
  const failure = [verifier.data, resender.data].find((result) => result && !result.ok) as
    | Extract<EmailCodeResult, { ok: false }>
    | undefined;
  const keeping = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'emailKeep';
  return (
    <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950">
      <p className="text-sm">
        <SentenceWithValue sentence={(value) => t('profile.emailPending', { email: value })} value={email} />
      </p>
      <FormAlert messageKey={failure?.formError} values={failure?.formErrorValues} />
      <FormAlert messageKey={resender.data?.ok ? resender.data.notice : null} tone="success" />
      <verifier.Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="emailVerify" />
        <CodeField idPrefix="email-change" errors={verifier.data?.ok ? {} : (verifier.data?.errors ?? {})} />
        <SubmitButton busy={verifier.state !== 'idle'} label={t('profile.confirm')} busyLabel={t('profile.saving')} />
      </verifier.Form>
      <resender.Form method="post">
        <ResendCodeButton busy={resender.state !== 'idle'} wait={wait} value="emailResend" />
      </resender.Form>
      <Form method="post" className="text-center">
        <button
          type="submit"
          name="intent"
          value="emailKeep"
          disabled={keeping}
          className="text-sm font-semibold text-brand-700 underline disabled:opacity-60 dark:text-brand-300"
        >
          {t('profile.keepCurrentEmail')}
        </button>
      </Form>
    </div>
  );
}

function TextArea({
  name,
  label,
  defaultValue,
  errors,
}: {
  name: string;
  label: string;
  defaultValue: string;
  errors: FieldErrors;
}) {
  const id = `profile-${name}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={4}
        defaultValue={defaultValue}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`${id}-error`} messageKey={errors[name]} field={label} />
    </div>
  );
}

/** Profile and cover photos: choosing a file uploads it at once; the page then shows the stored version. */
function PhotoEditor({ user }: { user: Route.ComponentProps['loaderData']['user'] }) {
  const { t } = useTranslation();
  const cover = photoUrl(user.user_cover_photo);
  return (
    <div className="mt-6 overflow-hidden rounded-3xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="relative">
        {cover ? (
          <img src={cover} alt="" className="h-36 w-full object-cover" />
        ) : (
          <div className="h-36 w-full bg-gradient-to-br from-brand-600 to-brand-900" />
        )}
        <div className="absolute end-3 top-3">
          <PhotoUpload
            kind="cover"
            label={t('profile.changeCover')}
            icon={<ImageUp className="size-4" aria-hidden />}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4 p-5">
        <ProfilePhoto user={user} size="small" />
        <PhotoUpload kind="profile" label={t('profile.changePhoto')} icon={<Camera className="size-4" aria-hidden />} />
        <p className="w-full text-xs text-slate-500 dark:text-slate-400">{t('profile.photoHint')}</p>
      </div>
    </div>
  );
}

function PhotoUpload({ kind, label, icon }: { kind: 'profile' | 'cover'; label: string; icon: React.ReactNode }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; notice?: string; formError?: string }>({ key: `photo-${kind}` });
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  return (
    <fetcher.Form ref={form} method="post" encType="multipart/form-data" className="flex flex-col items-start gap-1">
      <input type="hidden" name="intent" value="photo" />
      <input type="hidden" name="kind" value={kind} />
      <label
        className={`inline-flex cursor-pointer items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-slate-900 shadow ring-1 ring-slate-300 focus-within:outline-2 focus-within:outline-brand-500 hover:bg-slate-50 ${busy ? 'opacity-60' : ''}`}
      >
        {icon}
        {busy ? t('profile.uploading') : label}
        <input
          type="file"
          name="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif"
          className="sr-only"
          disabled={busy}
          data-testid={`${kind}-photo-input`}
          onChange={() => form.current && fetcher.submit(form.current)}
        />
      </label>
      <noscript>
        <button type="submit" className="text-sm underline">
          {label}
        </button>
      </noscript>
      {result && !result.ok && result.formError && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-2 py-1 text-xs text-red-700 dark:bg-red-950 dark:text-red-200"
        >
          {translateKey(t, result.formError)}
        </p>
      )}
      {result?.ok && result.notice && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-2 py-1 text-xs text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
        >
          {translateKey(t, result.notice)}
        </p>
      )}
    </fetcher.Form>
  );
}
