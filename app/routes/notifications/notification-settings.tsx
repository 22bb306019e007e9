import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appContext } from '#app-context';
import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { preferencesOfForm } from '../../features/notifications/preference-fields.ts';
import { PreferencesForm } from '../../features/notifications/preferences-form.tsx';
import { PushToggle } from '../../features/notifications/push-toggle.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { formFields } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/notification-settings';

/** Per kind, where notices reach the signed-in person (a visitor is sent to login and back). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context, 'notification-settings');
  return { preferences: await context.get(appContext).services.notifications.preferences(viewer) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireSignedIn(context, 'notification-settings');
  const choices = preferencesOfForm(await formFields(request));
  await context.get(appContext).services.notifications.savePreferences(viewer, choices);
  return { saved: true };
}

export const handle = { i18n: ['notifications', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.notificationSettingsTitle', description: 'meta.notificationSettingsDescription' });

export default function NotificationSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="notification-settings-title">
      <Link to="/notification" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
        {t('notifications.backToList')}
      </Link>
      <h1 id="notification-settings-title" className="mt-3 text-2xl font-bold sm:text-3xl">
        {t('notifications.settings.title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('notifications.settings.intro')}</p>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <PushToggle />
      </div>
      <PreferencesForm preferences={loaderData.preferences} saved={actionData?.saved === true} />
    </section>
  );
}
