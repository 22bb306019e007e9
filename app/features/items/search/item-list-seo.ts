import type { MetaDescriptor } from 'react-router';
import { itemPath } from '../../../../contract/item-basics.ts';
import type { ItemCardView } from '../../../../contract/items.ts';
import { absoluteUrl } from '../detail/item-json-ld.ts';

/** A step of the list's breadcrumb trail: its name and address (site-relative). */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * The list's structured data for search engines: an ItemList of the items shown (each with its address) and
 * the BreadcrumbList of the trail, in one graph.
 */
export function itemListJsonLd(
  items: Pick<ItemCardView, 'item_name' | 'title'>[],
  { pageUrl, siteUrl, name, crumbs }: { pageUrl: string; siteUrl: string; name: string; crumbs: Crumb[] },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'ItemList',
        name,
        url: pageUrl,
        numberOfItems: items.length,
        itemListElement: items.map((item, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: absoluteUrl(siteUrl, itemPath(item)),
          name: item.title,
        })),
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.name,
          item: absoluteUrl(siteUrl, crumb.path),
        })),
      },
    ],
  };
}

/** The head of a list beyond title and description: its canonical address and, for filtered lists, noindex. */
export function listHeadTags(canonicalUrl: string, noindex: boolean): MetaDescriptor[] {
  return [
    { tagName: 'link', rel: 'canonical', href: canonicalUrl },
    { property: 'og:url', content: canonicalUrl },
    ...(noindex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ];
}
