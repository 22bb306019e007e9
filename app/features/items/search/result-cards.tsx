import type { ItemCardView } from '../../../../contract/items.ts';
import { ItemCard } from '../item-card.tsx';
import { itemGridClass } from '../lists/item-grid.tsx';

/**
 * The first row on a phone (two cards) loads at once and first (React also preloads it from the <head>): its
 * first photo is the page's largest paint. The rest load when near the screen; four preloaded photos took
 * four of HTTP/1.1's six connections beside the preloaded fonts, and the stylesheet that the first paint
 * waits for was asked for after them.
 */
const EAGER_CARDS = 2;

export function ResultCards({ items }: { items: ItemCardView[] }) {
  return (
    <ul className={`mt-4 ${itemGridClass} lg:grid-cols-3`} data-testid="item-list-results">
      {items.map((item, index) => (
        <li key={item.id}>
          <ItemCard item={item} headingLevel={3} lazy={index >= EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
