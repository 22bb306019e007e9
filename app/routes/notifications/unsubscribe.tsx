import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { appContext } from '#app-context';
import { isAppError } from '../../../contract/errors.ts';
import { primaryButtonClass } from '../../components/ui/form-classes.ts';
import { CheckCircle2, MailCheck, XCircle } from '../../components/ui/icons.tsx';
import { StatusPanel } from '../../components/ui/status-panel.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/unsubscribe';

const linkOf = (request: Request) => {
  const params = new URL(request.url).searchParams;
  return { u: params.get('u') ?? undefined, k: params.get('k') ?? undefined, s: params.get('s') ?? undefined };
};

/**
 * The unsubscribe link of a notification mail, for a person (no sign-in): a button confirms, so that a mail
 * scanner opening the link changes nothing. Mail clients use the one-click POST of the API instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    await context.get(appContext).services.notifications.unsubscribe(linkOf(request));
    return { done: true };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { done: false };
    throw error;
  }
}

export const handle = { i18n: ['notifications'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.unsubscribeTitle', description: 'meta.unsubscribeDescription' });

export default function UnsubscribePage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-10" aria-live="polite">
      {actionData === undefined ? (
        <StatusPanel
          titleAs="h1"
          icon={MailCheck}
          title={t('notifications.unsubscribe.title')}
          text={t('notifications.unsubscribe.text')}
          actions={
            <Form method="post">
              <button type="submit" className={primaryButtonClass}>
                {t('notifications.unsubscribe.confirm')}
              </button>
            </Form>
          }
        />
      ) : actionData.done ? (
        <StatusPanel
          titleAs="h1"
          icon={CheckCircle2}
          title={t('notifications.unsubscribe.doneTitle')}
          text={t('notifications.unsubscribe.doneText')}
        />
      ) : (
        <StatusPanel
          titleAs="h1"
          icon={XCircle}
          title={t('notifications.unsubscribe.invalidTitle')}
          text={t('notifications.unsubscribe.invalidText')}
        />
      )}
    </section>
  );
}
