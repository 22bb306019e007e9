import { Link } from 'react-router';
import { itemPath } from '../../../contract/item-basics.ts';
import { ItemPrice } from '../../components/price.tsx';
import { ItemCover } from '../../features/items/item-card.tsx';
import type { PromotedListing } from '../../features/payments/promotion.ts';

/** The listing paid for (promoted, bumped), as its card shows it. */
export function ListingSummary({ listing }: { listing: PromotedListing }) {
  return (
    <div className="flex items-center gap-4" data-testid="promoted-listing">
      <div className="w-24 shrink-0 overflow-hidden rounded-xl sm:w-32">
        <ItemCover item={listing} lazy={false} sizes="128px" />
      </div>
      <div className="min-w-0">
        <p className="text-lg font-semibold break-words" dir="auto">
          <Link to={itemPath(listing)} className="hover:underline">
            {listing.title}
          </Link>
        </p>
        <p className="mt-1 font-bold text-brand-700 dark:text-brand-300">
          <ItemPrice item={listing} />
        </p>
      </div>
    </div>
  );
}
