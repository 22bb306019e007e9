import { Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { phoneLoginSchema } from '../../../contract/validation.ts';
import {
  formFailure,
  PENDING_PHONE_COOKIE,
  pageRequestMeta,
  readStepCookie,
  serviceFailure,
  stepCookie,
} from '../../account.server.ts';
import { AuthCard, Field, FormAlert, SubmitButton, useFormErrors } from '../../components/form.tsx';
import { fieldErrors } from '../../form-errors.ts';
import { pageMeta } from '../../meta.ts';
import { carriedRedirect, redirectTarget } from '../../redirect.ts';
import type { Route } from './+types/phone-login';

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (context.get(appContext).viewer) throw redirect(redirectTarget(url.searchParams));
  const pending = readStepCookie<{ name: string; phone: string }>(request, PENDING_PHONE_COOKIE, ['name', 'phone']);
  return { back: carriedRedirect(url), name: pending?.name ?? '', phone: pending?.phone ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = phoneLoginSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return formFailure(fieldErrors(parsed.error));
  try {
    await context.get(appContext).services.auth.sendPhoneCode(parsed.data, pageRequestMeta(request, context));
  } catch (error) {
    return serviceFailure(error);
  }
  const pending = { name: parsed.data.user_name, phone: parsed.data.user_phone };
  return redirect(`/verify-code${carriedRedirect(new URL(request.url))}`, {
    headers: { 'Set-Cookie': stepCookie(PENDING_PHONE_COOKIE, pending) },
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.phoneTitle', description: 'meta.phoneDescription' });

export default function PhoneLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { errors, validateFirst } = useFormErrors(phoneLoginSchema, actionData?.errors);
  return (
    <AuthCard
      icon={<Smartphone className="size-6" aria-hidden />}
      title={t('auth.phoneTitle')}
      intro={t('auth.phoneIntro')}
      footer={
        <Link to={`/login${loaderData.back}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <div className="space-y-4">
        <FormAlert messageKey={actionData?.formError} />
        <Form method="post" noValidate onSubmit={validateFirst} className="space-y-4">
          <Field
            idPrefix="phone-login"
            name="user_name"
            autoComplete="name"
            defaultValue={loaderData.name}
            label={t('fields.user_name')}
            hint={t('auth.nameHint')}
            errors={errors}
          />
          <Field
            idPrefix="phone-login"
            name="user_phone"
            type="tel"
            autoComplete="tel"
            dir="ltr"
            defaultValue={loaderData.phone}
            label={t('fields.user_phone')}
            hint={t('auth.phoneHint')}
            errors={errors}
          />
          <SubmitButton busy={navigation.state !== 'idle'} label={t('auth.sendCode')} busyLabel={t('auth.sending')} />
        </Form>
      </div>
    </AuthCard>
  );
}
