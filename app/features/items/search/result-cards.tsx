import type { ItemCardView } from '../../../../contract/items.ts';
import { ItemCard } from '../item-card.tsx';
import { itemGridClass } from '../lists/my-items.tsx';

/** Cards in the first screen load at once; the rest when scrolled near. */
const EAGER_CARDS = 4;

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
