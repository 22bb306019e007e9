import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import {
  CODE_RESEND_SECONDS,
  codeFormSchema,
  phoneChangeCodeSchema,
  phoneChangeSchema,
} from '../../../contract/auth.ts';
import type { RequestMeta } from '../../../contract/session.ts';
import { profileUpdateSchema } from '../../../contract/users.ts';
import { FormAlert } from '../../components/ui/form.tsx';
import { UserCog } from '../../components/ui/icons.tsx';
import { pageRequestMeta, requireSignedIn, secondsUntilResend } from '../../features/accounts/account.server.ts';
import { PendingEmail } from '../../features/accounts/pending-email.tsx';
import { countryOptions } from '../../features/accounts/phone-field.tsx';
import { ProfileForm } from '../../features/accounts/profile-form.tsx';
import { ProfilePhotoEditor } from '../../features/accounts/profile-photo-editor.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { flashCookie, pageLanguage, readStepCookie, stepCookie } from '../../lib/cookies.server.ts';
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

/** A posted form of this page, as each intent of the action reads it. */
interface ProfilePost {
  context: Route.ActionArgs['context'];
  userId: string;
  form: FormData;
  fields: Record<string, FormDataEntryValue>;
  meta: RequestMeta;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireSignedIn(context, 'edit-profile');
  const form = await request.formData();
  const fields = Object.fromEntries(form);
  const meta = await pageRequestMeta(request, context);
  const post: ProfilePost = { context, userId: viewer.userId, form, fields, meta };
  return withRefusals(async () => {
    switch (form.get('intent')) {
      case 'photo':
        return savePhoto(post);
      case 'phoneSend':
        return sendPhoneChangeCode(post);
      case 'phoneVerify':
        return confirmPhoneChange(post);
      case 'emailVerify':
        return confirmEmailChange(post);
      case 'emailResend':
        return resendEmailChangeCode(post);
      case 'emailKeep':
        return keepCurrentEmail(post);
      default:
        return updateProfile(post);
    }
  });
}

async function savePhoto({ context, userId, form }: ProfilePost) {
  const { services, uploads } = context.get(appContext);
  // The server streamed the file to disk while the form arrived; the form itself holds only its fields.
  const file = uploads.find((upload) => upload.field === 'file');
  const kind = form.get('kind') === 'cover' ? 'cover' : 'profile';
  if (!file) return formFailure({}, 400, 'users.photoNotImage');
  await services.users.savePhoto(userId, kind, file);
  return data({ ok: true as const, notice: 'profile.photoSaved' });
}

async function sendPhoneChangeCode({ context, userId, fields, meta }: ProfilePost) {
  return submitForm(phoneChangeSchema, fields, async ({ user_phone }) => {
    await context.get(appContext).services.auth.sendPhoneChangeCode(userId, user_phone, meta);
    return data({ ok: true as const, notice: 'auth.smsSent', phone: user_phone, resendIn: CODE_RESEND_SECONDS });
  });
}

async function confirmPhoneChange({ context, userId, fields, meta }: ProfilePost) {
  return submitForm(phoneChangeCodeSchema, fields, async ({ user_phone, code }) => {
    await context.get(appContext).services.auth.confirmPhoneChange(userId, user_phone, code, meta);
    return data({ ok: true as const, notice: 'profile.phoneChanged', changed: true });
  });
}

async function confirmEmailChange({ context, userId, fields, meta }: ProfilePost) {
  return submitForm(codeFormSchema, fields, async ({ code }) => {
    const confirmed = await context.get(appContext).services.auth.confirmEmailChange(userId, code, meta);
    const headers = new Headers();
    const handedOver = [await flashCookie(context, 'profile.emailChanged'), await endedEmailChange(context)];
    for (const cookie of [...confirmed.cookies, ...handedOver]) headers.append('Set-Cookie', cookie);
    return redirect('/profile', { headers });
  });
}

async function resendEmailChangeCode({ context, userId, meta }: ProfilePost) {
  const change = await context.get(appContext).services.auth.resendEmailChangeCode(userId, meta);
  const sent = { ok: true as const, notice: 'auth.codeResent', resendIn: CODE_RESEND_SECONDS };
  const step = await stepCookie(context, EMAIL_CHANGE_COOKIE, { email: change.email });
  return data(sent, { headers: { 'Set-Cookie': step } });
}

async function keepCurrentEmail({ context, userId }: ProfilePost) {
  await context.get(appContext).services.auth.cancelEmailChange(userId);
  const headers = new Headers([['Set-Cookie', await endedEmailChange(context)]]);
  headers.append('Set-Cookie', await flashCookie(context, 'profile.emailChangeCancelled'));
  return redirect('/edit-profile', { headers });
}

async function updateProfile({ context, userId, fields, meta }: ProfilePost) {
  return submitForm(profileUpdateSchema, fields, async (input) => {
    const { emailPending } = await context.get(appContext).services.auth.updateProfile(userId, input, meta);
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
}

export const handle = { i18n: ['profile', 'auth', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.editProfileTitle', description: 'meta.editProfileDescription' });

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-8" aria-labelledby="edit-heading">
      <div className="flex items-center gap-3">
        <UserCog className="size-8 text-brand-600 dark:text-brand-300" aria-hidden />
        <h1 id="edit-heading" className="text-2xl font-bold">
          {t('profile.editHeading')}
        </h1>
      </div>
      <ProfilePhotoEditor user={user} />
      <div className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <FormAlert messageKey={failure?.formError} />
        {/* Outside the profile form: forms cannot nest. */}
        {user.pending_email && <PendingEmail email={user.pending_email} resendIn={loaderData.emailResendSeconds} />}
        <ProfileForm
          user={user}
          cities={loaderData.cities}
          countries={loaderData.countries}
          defaultCountry={loaderData.defaultCountry}
          serverErrors={failure?.errors}
        />
      </div>
    </section>
  );
}
