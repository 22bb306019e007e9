import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { registerSchema } from '../../../contract/auth.ts';
import {
  AuthCard,
  CheckboxField,
  Field,
  FormAlert,
  NewPasswordFields,
  SubmitButton,
  useFormErrors,
} from '../../components/ui/form.tsx';
import { UserPlus } from '../../components/ui/icons.tsx';
import { PENDING_EMAIL_COOKIE, pageRequestMeta, signedInRedirect } from '../../features/accounts/account.server.ts';
import { countryOptions, PhoneNumberField } from '../../features/accounts/phone-field.tsx';
import { SocialSignIn } from '../../features/accounts/social-sign-in.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage, stepCookie } from '../../lib/cookies.server.ts';
import { formFields, submitForm } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { carriedRedirect, redirectTarget } from '../../lib/redirect.ts';
import type { Route } from './+types/register';
import { PrivacyAgreement } from './login.tsx';

const registerRules = () => import('../../../contract/auth.ts').then((rules) => rules.registerSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { services, viewer } = context.get(appContext);
  if (viewer) throw redirect(redirectTarget(url.searchParams));
  return {
    providers: services.auth.enabledSocialProviders(),
    back: carriedRedirect(url),
    defaultCountry: await services.auth.defaultCountry(),
    countries: countryOptions(await pageLanguage(request)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { auth } = context.get(appContext).services;
  return submitForm(registerSchema, await formFields(request), async (input) => {
    const outcome = await auth.register(input, await pageRequestMeta(request, context));
    if (outcome.kind === 'signedIn') {
      return signedInRedirect(context, redirectTarget(url.searchParams), outcome.session.cookies, [
        await stepCookie(context, PENDING_EMAIL_COOKIE, null),
      ]);
    }
    // Kept for the verification step: who is waiting for a code, never the password.
    return redirect(`/verify-email${carriedRedirect(url)}`, {
      headers: { 'Set-Cookie': await stepCookie(context, PENDING_EMAIL_COOKIE, { ...outcome.pending }) },
    });
  });
}

export const handle = { i18n: ['auth', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.registerTitle', description: 'meta.registerDescription' });

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { errors, validateFirst } = useFormErrors(registerRules, actionData?.errors);
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/register') === true;
  const { back } = loaderData;
  const field = { idPrefix: 'register', errors };
  return (
    <AuthCard
      icon={<UserPlus className="size-6" aria-hidden />}
      title={t('auth.registerTitle')}
      intro={t('auth.registerIntro')}
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Link to={`/login${back}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t('auth.loginButton')}
          </Link>
        </>
      }
    >
      <div className="space-y-4">
        <FormAlert messageKey={actionData?.formError} />
        <Form method="post" noValidate onSubmit={validateFirst} className="space-y-4">
          <Field {...field} name="user_name" autoComplete="name" label={t('fields.user_name')} />
          <Field {...field} name="user_email" type="email" autoComplete="email" label={t('fields.user_email')} />
          <PhoneNumberField
            {...field}
            countries={loaderData.countries}
            defaultCountry={loaderData.defaultCountry}
            label={t('auth.phoneOptional')}
          />
          <NewPasswordFields
            idPrefix="register"
            errors={errors}
            name="user_password"
            label={t('fields.user_password')}
          />
          <CheckboxField {...field} name="privacy" label={<PrivacyAgreement />} />
          <SubmitButton busy={busy} label={t('auth.registerButton')} busyLabel={t('auth.sending')} />
        </Form>
      </div>
      <SocialSignIn providers={loaderData.providers} action={`/auth/social${back}`} />
    </AuthCard>
  );
}
