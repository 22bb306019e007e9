import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { phoneLoginSchema, phoneNameSchema } from '../../../contract/auth.ts';
import { AuthCard, Field, FormAlert, SubmitButton, useFormErrors } from '../../components/ui/form.tsx';
import { Smartphone, UserRound } from '../../components/ui/icons.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { PENDING_PHONE_COOKIE, pageRequestMeta } from '../../features/accounts/account.server.ts';
import { type CountryOption, countryOptions, PhoneNumberField } from '../../features/accounts/phone-field.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage, readStepCookie, stepCookie } from '../../lib/cookies.server.ts';
import { formFailure, formFields, submitForm } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { carriedRedirect, redirectTarget } from '../../lib/redirect.ts';
import type { Route } from './+types/phone-login';

const numberRules = () => import('../../../contract/auth.ts').then((rules) => rules.phoneLoginSchema);
const nameRules = () => import('../../../contract/auth.ts').then((rules) => rules.phoneNameSchema);

/** The phone sign-in in progress: the number the code went to, whether it is new, and the name given for it. */
type PendingPhone = { phone: string; name: string; isNew: string };

const readPending = (request: Request, context: Route.LoaderArgs['context']) =>
  readStepCookie<PendingPhone>(request, context, PENDING_PHONE_COOKIE, ['phone', 'name', 'isNew']);

/** A new number whose code was sent still needs its owner's name before the code step. */
const needsName = (pending: PendingPhone | null) => Boolean(pending?.isNew && !pending.name);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { viewer, services } = context.get(appContext);
  if (viewer) throw redirect(redirectTarget(url.searchParams));
  const pending = await readPending(request, context);
  const askName = url.searchParams.get('step') === 'name' && needsName(pending);
  return {
    back: carriedRedirect(url),
    phone: askName ? (pending?.phone ?? '') : '',
    askName,
    defaultCountry: await services.auth.defaultCountry(),
    countries: countryOptions(await pageLanguage(request)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await formFields(request);
  const codeStep = `/verify-code${carriedRedirect(url)}`;
  if (form.intent === 'name') {
    const pending = await readPending(request, context);
    if (!pending || !needsName(pending)) return formFailure({}, 400, 'auth.noPendingPhone');
    return submitForm(phoneNameSchema, form, async ({ user_name }) => {
      const named = await stepCookie(context, PENDING_PHONE_COOKIE, { ...pending, name: user_name });
      return redirect(codeStep, { headers: { 'Set-Cookie': named } });
    });
  }
  const { auth } = context.get(appContext).services;
  return submitForm(phoneLoginSchema, form, async (input) => {
    const { isNew } = await auth.sendPhoneCode(input, await pageRequestMeta(request, context));
    const pending = { phone: input.user_phone, name: '', isNew: isNew ? '1' : '' };
    const next = isNew ? nameStepUrl(url) : codeStep;
    return redirect(next, { headers: { 'Set-Cookie': await stepCookie(context, PENDING_PHONE_COOKIE, pending) } });
  });
}

function nameStepUrl(url: URL) {
  const query = new URLSearchParams(carriedRedirect(url));
  query.set('step', 'name');
  return `/login/phone?${query.toString()}`;
}

export const handle = { i18n: ['auth', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.phoneTitle', description: 'meta.phoneDescription' });

export default function PhoneLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const backToLogin = (
    <Link to={`/login${loaderData.back}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
      {t('auth.backToLogin')}
    </Link>
  );
  if (loaderData.askName) {
    return (
      <AuthCard
        icon={<UserRound className="size-6" aria-hidden />}
        title={t('auth.phoneNameTitle')}
        intro={<SentenceWithValue sentence={(phone) => t('auth.phoneNameIntro', { phone })} value={loaderData.phone} />}
        footer={backToLogin}
      >
        <NameStep actionData={actionData} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<Smartphone className="size-6" aria-hidden />}
      title={t('auth.phoneTitle')}
      intro={t('auth.phoneIntro')}
      footer={backToLogin}
    >
      <NumberStep actionData={actionData} countries={loaderData.countries} defaultCountry={loaderData.defaultCountry} />
    </AuthCard>
  );
}

type ActionData = Route.ComponentProps['actionData'];

function NumberStep({
  actionData,
  countries,
  defaultCountry,
}: {
  actionData: ActionData;
  countries: CountryOption[];
  defaultCountry: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { errors, validateFirst } = useFormErrors(numberRules, actionData?.errors);
  return (
    <div className="space-y-4">
      <FormAlert messageKey={actionData?.formError} />
      <Form method="post" noValidate onSubmit={validateFirst} className="space-y-4">
        <PhoneNumberField
          idPrefix="phone-login"
          errors={errors}
          countries={countries}
          defaultCountry={defaultCountry}
        />
        <SubmitButton busy={navigation.state !== 'idle'} label={t('auth.sendCode')} busyLabel={t('auth.sending')} />
      </Form>
    </div>
  );
}

function NameStep({ actionData }: { actionData: ActionData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { errors, validateFirst } = useFormErrors(nameRules, actionData?.errors);
  return (
    <div className="space-y-4">
      <FormAlert messageKey={actionData?.formError} />
      <Form method="post" noValidate onSubmit={validateFirst} className="space-y-4">
        <input type="hidden" name="intent" value="name" />
        <Field
          idPrefix="phone-login"
          name="user_name"
          autoComplete="name"
          label={t('fields.user_name')}
          hint={t('auth.nameHint')}
          errors={errors}
        />
        <SubmitButton busy={navigation.state !== 'idle'} label={t('auth.continue')} busyLabel={t('auth.sending')} />
      </Form>
    </div>
  );
}
