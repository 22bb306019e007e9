import { useTranslation } from 'react-i18next';
import { ITEM_RAIL_SIZE } from '../../../../contract/item-basics.ts';
import type { ItemCardView, ItemDetail } from '../../../../contract/items.ts';
import { itemListSearchParams } from '../../../../contract/search-basics.ts';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { ItemRail } from '../item-rail.tsx';

/** A rail's cards without those another rail of the page already shows. */
export function withoutShown(cards: ItemCardView[], shown: ItemCardView[]): ItemCardView[] {
  const shownIds = new Set(shown.map((card) => card.id));
  return cards.filter((card) => !shownIds.has(card.id));
}

/**
 * The item list behind "Similar in {city}": the subcategory when the rail holds items of it (else the rail fell
 * back to the category), in the rail's city.
 */
function similarListHref(item: ItemDetail, city: { id: number; name: string }, cards: ItemCardView[]) {
  const bySubcategory = item.sub_cat_id !== null && cards.some((card) => card.sub_cat_id === item.sub_cat_id);
  const filters = itemListSearchParams({
    cat_id: item.cat_id,
    cat_name: item.category?.cat_name,
    sub_cat_id: bySubcategory ? item.sub_cat_id : null,
    sub_cat_name: bySubcategory ? item.sub_category?.name : null,
    item_location_id: city.id,
    item_location_name: city.name,
  });
  return `/item-list?${filters}`;
}

/** A titled rail of item cards with an optional "See all"; nothing when it has no cards. */
function ItemPageRail({
  id,
  title,
  items,
  seeAllHref,
}: {
  id: string;
  title: string;
  items: ItemCardView[];
  seeAllHref?: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-10" data-testid={id}>
      <SectionHeading
        id={headingId}
        title={title}
        seeAll={seeAllHref ? { href: seeAllHref, label: t('item.page.seeAll') } : undefined}
      />
      <ItemRail items={items} labelledBy={headingId} columns={ITEM_RAIL_SIZE} />
    </section>
  );
}

/**
 * The rails under an item: the seller's other items, related items (same subcategory) and similar items in the
 * chosen city (its name comes from the rail's cards, all in that city, in the page's language).
 */
export function RelatedItems({
  item,
  related,
  sellerItems,
  similarInCity,
}: {
  item: ItemDetail;
  related: ItemCardView[];
  sellerItems: ItemCardView[];
  similarInCity: ItemCardView[];
}) {
  const { t } = useTranslation();
  const city = similarInCity[0]?.item_location;
  return (
    <>
      <ItemPageRail
        id="seller-items"
        title={t('item.page.moreFromSeller')}
        items={sellerItems}
        seeAllHref={`/item-list?${itemListSearchParams({ addedUserId: item.added_user_id })}`}
      />
      <ItemPageRail id="related-items" title={t('item.page.related')} items={related} />
      {city && (
        <ItemPageRail
          id="similar-in-city"
          title={t('item.page.similarInCity', { city: city.name })}
          items={similarInCity}
          seeAllHref={similarListHref(item, city, similarInCity)}
        />
      )}
    </>
  );
}
