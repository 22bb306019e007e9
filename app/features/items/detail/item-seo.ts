import type { MetaDescriptor } from 'react-router';
import { ITEM_STATUS } from '../../../../contract/item-basics.ts';
import type { ItemDetail } from '../../../../contract/items.ts';
import { photoUrl } from '../item-photos.ts';
import { absoluteUrl } from './item-json-ld.ts';

/** How much of the description a search result shows. */
const DESCRIPTION_LENGTH = 155;

/** The start of a text as one line, cut at a word within `length` characters, with "…" when cut. */
export function excerpt(text: string, length = DESCRIPTION_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?،-]+$/u, '')}…`;
}

/** Items others cannot find: waiting for approval, rejected or disabled (only their owner and admins see them). */
export const isHiddenFromSearch = (item: Pick<ItemDetail, 'status'>) => item.status !== ITEM_STATUS.active;

/**
 * The item page's head: title, description, canonical address, Open Graph (a product with its cover photo) and
 * a large-image Twitter card; pages others cannot see are kept out of search indexes.
 */
export function itemMeta(
  item: ItemDetail,
  { pageUrl, siteUrl, appName, priceText }: { pageUrl: string; siteUrl: string; appName: string; priceText: string },
): MetaDescriptor[] {
  const title = `${item.title} | ${appName}`;
  const description = excerpt(item.description) || `${item.title} – ${priceText}`;
  const cover = item.images[0] ?? item.default_photo;
  const image = cover ? absoluteUrl(siteUrl, photoUrl(cover)) : null;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: pageUrl },
    ...(isHiddenFromSearch(item) ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: appName },
    { property: 'og:title', content: item.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: pageUrl },
    ...(image && cover
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:width', content: String(cover.img_width) },
          { property: 'og:image:height', content: String(cover.img_height) },
          { property: 'og:image:alt', content: item.title },
        ]
      : []),
    ...(item.item_currency
      ? [
          { property: 'product:price:amount', content: String(Number.parseFloat(item.price) || 0) },
          { property: 'product:price:currency', content: item.item_currency.currency_short_form },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: item.title },
    { name: 'twitter:description', content: description },
    ...(image
      ? [
          { name: 'twitter:image', content: image },
          { name: 'twitter:image:alt', content: item.title },
        ]
      : []),
  ];
}
