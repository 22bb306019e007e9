import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
import { appContext } from '#app-context';
import { passwordUpdateSchema } from '../../../contract/auth.ts';
import { userSettingsSchema } from '../../../contract/users.ts';
import { secondaryButtonClass } from '../../components/ui/form.tsx';
import { BadgeCheck, Pencil } from '../../components/ui/icons.tsx';
import { pageRequestMeta, requireSignedIn } from '../../features/accounts/account.server.ts';
import { ProfileView } from '../../features/accounts/profile-view.tsx';
import { loadSoldItems } from '../../features/items/lists/my-items.server.ts';
import { MyListsLinks, SoldItemsSection } from '../../features/items/lists/sold-items.tsx';
import { SettingsDialog } from '../../features/shell/settings-dialog.tsx';
import { SocialListsLinks } from '../../features/social/social-lists-links.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { formFailure, formFields, submitForm, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/own-profile';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context, 'profile');
  const { users } = context.get(appContext).services;
  const { auth } = context.get(appContext).services;
  const language = await pageLanguage(request);
  const [user, settings, hasPassword, soldItems] = await Promise.all([
    users.profile(viewer.userId, viewer),
    users.settings(viewer.userId),
    auth.hasPassword(viewer.userId),
    loadSoldItems(request, context, viewer.userId),
  ]);
  const cityName = await users.cityName(user.city, language);
  return { user, settings, hasPassword, cityName, soldItems, language };
}

/** The settings modal's forms: password, display settings, clearing recently viewed, deactivation. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireSignedIn(context, 'profile');
  const { auth, users, items } = context.get(appContext).services;
  const form = await formFields(request);
  switch (form.intent) {
    case 'clear-recently-viewed':
      await items.clearRecentlyViewed(viewer);
      return data({ ok: true as const, notice: 'recent.cleared', intent: 'clear-recently-viewed' });
    case 'password':
      return submitForm(passwordUpdateSchema, form, async (input) => {
        await auth.changePassword(viewer.userId, input, await pageRequestMeta(request, context));
        return data({ ok: true as const, notice: 'settings.passwordUpdated', intent: 'password' });
      });
    case 'settings':
      return submitForm(userSettingsSchema, form, async (input) => {
        await users.updateSettings(viewer.userId, input);
        return data({ ok: true as const, notice: 'settings.saved', intent: 'settings' });
      });
    case 'deactivate':
      return withRefusals(async () => {
        await users.deactivate(viewer.userId);
        const headers = new Headers();
        const notice = await flashCookie(context, 'settings.deactivated');
        for (const cookie of [...(await auth.clearedSessionCookies()), notice]) {
          headers.append('Set-Cookie', cookie);
        }
        return redirect('/', { headers });
      });
    default:
      return formFailure({}, 400, 'errors.invalidRequest');
  }
}

export const handle = { i18n: ['profile', 'auth', 'forms', 'items', 'social'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.profileTitle', description: 'meta.profileDescription' });

export default function OwnProfile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, cityName, settings, hasPassword, soldItems, language } = loaderData;
  return (
    <>
      <ProfileView
        user={user}
        cityName={cityName}
        actions={
          <>
            <Link
              to="/edit-profile"
              className="inline-flex items-center justify-center gap-2 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
            >
              <Pencil className="size-4" aria-hidden />
              {t('profile.editProfile')}
            </Link>
            <SettingsDialog settings={settings} hasPassword={hasPassword} triggerClassName={secondaryButtonClass} />
            {!(user.is_verify_blue_mark && user.is_verified_dealer) && (
              <Link to="/profile/badges" className={secondaryButtonClass}>
                <BadgeCheck className="size-4" aria-hidden />
                {t('badges.linkLabel')}
              </Link>
            )}
          </>
        }
      />
      <MyListsLinks />
      <SocialListsLinks />
      <SoldItemsSection userId={user.user_id} firstPage={soldItems} language={language} />
    </>
  );
}
