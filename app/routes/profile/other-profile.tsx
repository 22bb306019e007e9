import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { appContext } from '#app-context';
import { isUserId } from '../../../contract/id-basics.ts';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { ContactReveal } from '../../features/accounts/contact-reveal.tsx';
import { ProfileView } from '../../features/accounts/profile-view.tsx';
import { loadSoldItems } from '../../features/items/lists/my-items.server.ts';
import { SellerItemsSection, SoldItemsSection } from '../../features/items/lists/sold-items.tsx';
import { BlockButton } from '../../features/social/block-button.tsx';
import { FollowButton } from '../../features/social/follow-button.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/other-profile';

/** The phone reveal beside Follow and Block: the same outlined pill. */
const CONTACT_CLASS =
  'inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800';

/**
 * Someone's public profile: their active and sold items, follow and block. Hidden, banned and deactivated
 * accounts, and anyone in a block with the viewer, answer 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(appContext);
  if (!isUserId(params.userId)) throw data(null, { status: 404 });
  try {
    const language = await pageLanguage(request);
    const userId = params.userId;
    const [user, soldItems, activeItems] = await Promise.all([
      services.users.profile(userId, viewer),
      loadSoldItems(request, context, userId),
      services.search.items(
        { addedUserId: userId, is_sold_out: false, order_by: 'added_date', limit: PAGE_SIZE.items, offset: 0 },
        viewer,
        language,
      ),
    ]);
    return { user, cityName: await services.users.cityName(user.city, language), soldItems, activeItems, language };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ['profile', 'forms', 'items', 'social'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    { title: 'meta.profileTitle', description: 'meta.otherProfileDescription' },
    { title: loaderData?.user.user_name, description: { name: loaderData?.user.user_name ?? '' } },
  );

export default function OtherProfile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, cityName, soldItems, activeItems, language } = loaderData;
  const [followerCount, setFollowerCount] = useState<number | undefined>(undefined);
  const mine = user.is_owner;
  return (
    <>
      <ProfileView
        user={user}
        cityName={cityName}
        followerCount={followerCount}
        actions={
          !mine && (
            <>
              <FollowButton
                userId={user.user_id}
                userName={user.user_name}
                followed={user.is_followed}
                onChange={(state) => setFollowerCount(state.follower_count)}
              />
              <BlockButton userId={user.user_id} userName={user.user_name} />
              {(user.shows_phone || user.shows_whatsapp) && (
                <ContactReveal
                  revealPath={`/api/v1/users/${encodeURIComponent(user.user_id)}/contact`}
                  className={CONTACT_CLASS}
                />
              )}
            </>
          )
        }
      />
      <SellerItemsSection
        title={t('social.activeItemsTitle')}
        empty={t('social.noActiveItems')}
        firstPage={activeItems}
        source={{
          path: '/api/v1/items',
          query: { addedUserId: user.user_id, is_sold_out: '0', order_by: 'added_date', lang: language, view: 'card' },
        }}
        testId="seller-active-items"
      />
      <SoldItemsSection userId={user.user_id} firstPage={soldItems} language={language} />
    </>
  );
}
