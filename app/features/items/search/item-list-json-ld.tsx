import type { ItemCardSearchResult } from '../../../../contract/search.ts';
import { useNonce } from '../../../lib/nonce.ts';
import { jsonLdText } from '../detail/item-json-ld.ts';
import { type Crumb, itemListJsonLd } from './item-list-seo.ts';

/** The list's structured data for search engines: its items and its breadcrumbs. */
export function ItemListJsonLd({
  result,
  pageUrl,
  siteUrl,
  name,
  crumbs,
}: {
  result: ItemCardSearchResult;
  pageUrl: string;
  siteUrl: string;
  name: string;
  crumbs: Crumb[];
}) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every < escaped (jsonLdText)
      dangerouslySetInnerHTML={{
        __html: jsonLdText(itemListJsonLd(result.items, { pageUrl, siteUrl, name, crumbs })),
      }}
    />
  );
}
