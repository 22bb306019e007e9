import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
import { appContext } from '#app-context';
import { ITEM_RAIL_SIZE, itemIdFromName, itemPath } from '../../../contract/item-basics.ts';
import type { ItemDetail } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { formatItemPrice, ItemPrice } from '../../components/price.tsx';
import { ChevronLeft, ChevronRight, MapPin } from '../../components/ui/icons.tsx';
import { isShownCoordinate, LocationMap } from '../../components/ui/location-map.tsx';
import { ContactReveal } from '../../features/accounts/contact-reveal.tsx';
import { categoryHref } from '../../features/catalog/category-grid.tsx';
import { ChatWithSeller } from '../../features/chat/chat-with-seller.tsx';
import { ItemActions } from '../../features/items/detail/item-actions.tsx';
import { ItemFacts, VehicleFacts } from '../../features/items/detail/item-facts.tsx';
import { ItemGallery } from '../../features/items/detail/item-gallery.tsx';
import { itemJsonLd, jsonLdText } from '../../features/items/detail/item-json-ld.ts';
import { itemMeta } from '../../features/items/detail/item-seo.ts';
import { ItemStats } from '../../features/items/detail/item-stats.tsx';
import { ItemVideo } from '../../features/items/detail/item-video.tsx';
import { ListingUpkeepBox } from '../../features/items/detail/listing-upkeep.tsx';
import { PromoteCallout } from '../../features/items/detail/promote-callout.tsx';
import { RelatedItems, withoutShown } from '../../features/items/detail/related-items.tsx';
import { SafetyTips } from '../../features/items/detail/safety-tips.tsx';
import { SellerCard } from '../../features/items/detail/seller-card.tsx';
import { StatusNotice } from '../../features/items/detail/status-notice.tsx';
import { FeaturedMark } from '../../features/items/item-card.tsx';
import { FollowButton } from '../../features/social/follow-button.tsx';
import { ReportItem } from '../../features/social/report-item.tsx';
import { i18nFor } from '../../i18n/i18n.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { chosenLocation } from '../../lib/chosen-location.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { useHandedOverNotice } from '../../lib/handed-over-notice.ts';
import { useNonce } from '../../lib/nonce.ts';
import type { Route } from './+types/item-detail';

/**
 * The item page (/item/{itemName}), rendered on the server on every visit: the item as this viewer may see it
 * (404 when it does not exist or is hidden from them), an old slug redirected (301) to the current address,
 * the view counted (once per viewer and day; the page does not wait for it), and three rails: related items, the
 * seller's other items and items like it in the city chosen in the header (else the item's own city).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, viewer, visitorId, publicUrl, mapTiles, logError } = context.get(appContext);
  const itemId = itemIdFromName(params.itemName);
  const language = await pageLanguage(request);
  const item = itemId ? await services.items.get(itemId, viewer, language) : null;
  if (!item) throw data(null, { status: 404 });
  if (params.itemName !== item.item_name) {
    throw redirect(`${itemPath(item)}${new URL(request.url).search}`, 301);
  }
  // The visitor's cookie is set on this answer, so their id is known before it is sent; the count is not awaited.
  const visitor = viewer ? null : await visitorId();
  services.items
    .countView(item.id, viewer, visitor)
    .catch((error: unknown) => logError(error, { itemId: item.id, during: 'countView' }));
  const seller = item.user;
  // A rail that fails is only left out of the page.
  const orNone = (during: string) => (error: unknown) => {
    logError(error, { itemId: item.id, during });
    return [];
  };
  const chosen = chosenLocation(request);
  const [related, sellerItems, inCity, relation] = await Promise.all([
    services.items.related(item, viewer, language).catch(orNone('related')),
    services.items.sellerItems(item, viewer, language).catch(orNone('sellerItems')),
    services.items
      .similarInCity(item, chosen?.kind === 'city' ? chosen.city.id : null, viewer, language)
      .catch(orNone('similarInCity')),
    viewer && seller && !item.is_owner ? services.social.relation(viewer, seller.user_id) : null,
    viewer &&
      services.items
        .rememberView(item.id, viewer)
        .catch((error: unknown) => logError(error, { itemId: item.id, during: 'rememberView' })),
  ]);
  return {
    item,
    related,
    sellerItems,
    similarInCity: withoutShown(inCity, related).slice(0, ITEM_RAIL_SIZE),
    pageUrl: `${publicUrl}${itemPath(item)}`,
    siteUrl: publicUrl,
    mapTiles,
    viewerId: viewer?.userId ?? null,
    followsSeller: relation?.isFollowed ?? false,
    // Its owner sees how many people revealed their phone from it, and when it expires and how to bump it.
    contactCount: viewer && item.is_owner ? await services.items.contactCount(viewer, item.id) : null,
    upkeep:
      viewer && item.is_owner
        ? await services.payments.listingUpkeep(viewer, item.id, language).catch((error: unknown) => {
            logError(error, { itemId: item.id, during: 'listingUpkeep' });
            return null;
          })
        : null,
    // "Now" as the server drew the page, so that the browser's first render draws the same.
    renderedAt: Date.now(),
  };
}

export const handle = { i18n: ['items', 'social'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const language = (matches.find((match) => match?.id === 'root')?.loaderData as { language?: LanguageCode })?.language;
  if (!loaderData || !language) return [];
  const { item, pageUrl, siteUrl } = loaderData;
  return itemMeta(item, {
    pageUrl,
    siteUrl,
    appName: i18nFor(language).t('app.name'),
    priceText: formatItemPrice(item, language),
  });
};

/** The seller's phone and WhatsApp of this listing, revealed on a press (issue 24). */
function ContactSeller({ item, className }: { item: ItemDetail; className: string }) {
  return (
    <ContactReveal revealPath={`/api/v1/items/${encodeURIComponent(item.id)}/seller-contact`} className={className} />
  );
}

export default function ItemDetailPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  // The notice the previous step handed over (a post that went live), which the shell shows.
  const notice = useHandedOverNotice();
  const {
    item,
    related,
    sellerItems,
    similarInCity,
    pageUrl,
    siteUrl,
    mapTiles,
    viewerId,
    followsSeller,
    contactCount,
    upkeep,
  } = loaderData;
  // A visitor's recently viewed lives in their browser (its code loads after the page has hydrated); a signed-in
  // person's was kept by the loader.
  useEffect(() => {
    if (viewerId) return;
    import('../../lib/recently-viewed.ts').then(
      (list) => list.rememberInBrowser(item.id),
      () => undefined, // offline: the list is only a convenience
    );
  }, [item.id, viewerId]);
  const showMap = isShownCoordinate(item.lat, item.lng);
  const Separator = i18n.dir() === 'rtl' ? ChevronLeft : ChevronRight;
  const place = [item.item_location?.name, item.item_location_township?.township_name]
    .filter(Boolean)
    .join(t('item.facts.listSeparator'));
  return (
    <article className="mx-auto max-w-6xl px-4 py-4 sm:py-6" aria-labelledby="item-title" data-item-id={item.id}>
      <script
        type="application/ld+json"
        nonce={nonce || undefined}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every < escaped (jsonLdText)
        dangerouslySetInnerHTML={{ __html: jsonLdText(itemJsonLd(item, pageUrl, siteUrl)) }}
      />
      <nav aria-label={t('common.breadcrumb')} className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:underline">
              {t('item.page.home')}
            </Link>
          </li>
          {item.category && (
            <li className="flex items-center gap-1">
              <Separator className="size-4" aria-hidden />
              <Link to={categoryHref(item.category)} className="hover:underline">
                {item.category.cat_name}
              </Link>
            </li>
          )}
          {item.sub_category && (
            <li className="flex items-center gap-1">
              <Separator className="size-4" aria-hidden />
              <span>{item.sub_category.name}</span>
            </li>
          )}
        </ol>
      </nav>
      <StatusNotice item={item} />
      <PromoteCallout item={item} notice={notice} now={loaderData.renderedAt} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:gap-8">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <ItemGallery images={item.images} title={item.title} />
        </div>

        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <header>
            <FeaturedMark item={item} />
            <h1 id="item-title" className="text-2xl leading-tight font-extrabold break-words sm:text-3xl" dir="auto">
              {item.title}
            </h1>
            <p className="mt-2 text-3xl font-extrabold text-brand-700 dark:text-brand-300">
              <ItemPrice item={item} />
              {item.item_price_type && (
                <span className="ms-2 align-middle text-sm font-semibold text-slate-600 dark:text-slate-400">
                  {item.item_price_type.name}
                </span>
              )}
            </p>
            {place && (
              <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
                <MapPin className="size-4 shrink-0" aria-hidden />
                <span dir="auto">{place}</span>
              </p>
            )}
          </header>
          <ItemActions
            item={item}
            viewerId={viewerId}
            shareUrl={pageUrl}
            chatLink={ChatWithSeller}
            report={<ReportItem itemId={item.id} />}
            contact={item.user && (item.user.shows_phone || item.user.shows_whatsapp) ? ContactSeller : undefined}
          />
          <ListingUpkeepBox upkeep={upkeep} isSoldOut={item.is_sold_out} />
          <ItemStats item={item} contacts={contactCount} />
          <SellerCard
            user={item.user}
            isOwner={item.is_owner}
            follow={
              item.user &&
              !item.is_owner && (
                <FollowButton userId={item.user.user_id} userName={item.user.user_name} followed={followsSeller} />
              )
            }
          />
          <SafetyTips />
        </div>

        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
          {item.default_video && <ItemVideo video={item.default_video} poster={item.default_video_icon} />}
          {item.highlight_info.trim() && (
            <section aria-labelledby="highlight-heading" className="rounded-2xl bg-brand-50 p-4 dark:bg-brand-950">
              <h2 id="highlight-heading" className="font-bold text-brand-900 dark:text-brand-100">
                {t('item.page.highlight')}
              </h2>
              <p className="mt-1 whitespace-pre-line text-brand-950 dark:text-brand-50" dir="auto">
                {item.highlight_info.trim()}
              </p>
            </section>
          )}
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="mb-3 text-lg font-bold">
              {t('item.page.description')}
            </h2>
            <p
              className="whitespace-pre-line break-words leading-relaxed text-slate-800 dark:text-slate-200"
              dir="auto"
              data-testid="item-description"
            >
              {item.description}
            </p>
          </section>
          <section aria-labelledby="details-heading">
            <h2 id="details-heading" className="mb-3 text-lg font-bold">
              {t('item.page.details')}
            </h2>
            <ItemFacts item={item} />
          </section>
          {item.vehicle && (
            <section aria-labelledby="vehicle-heading">
              <h2 id="vehicle-heading" className="mb-3 text-lg font-bold">
                {t('item.vehicle.heading')}
              </h2>
              <VehicleFacts vehicle={item.vehicle} />
            </section>
          )}
          {showMap && item.lat !== null && item.lng !== null && (
            <section aria-labelledby="map-heading">
              <h2 id="map-heading" className="mb-3 text-lg font-bold">
                {t('item.map.heading')}
              </h2>
              {item.address?.trim() && (
                <p className="mb-2 text-sm text-slate-600 dark:text-slate-400" dir="auto">
                  {item.address.trim()}
                </p>
              )}
              <LocationMap
                lat={item.lat}
                lng={item.lng}
                tiles={mapTiles}
                label={t('item.map.label')}
                zoomLabels={{ zoomIn: t('item.gallery.zoomIn'), zoomOut: t('item.gallery.zoomOut') }}
              />
            </section>
          )}
        </div>
      </div>
      <RelatedItems item={item} related={related} sellerItems={sellerItems} similarInCity={similarInCity} />
    </article>
  );
}
