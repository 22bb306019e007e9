import type { ItemCardView } from '../../../contract/items.ts';
import { ItemCard } from './item-card.tsx';

/** A rail card's width: 42% of a phone (two and a bit in view, so the row reads as scrollable), 5 a row on desktop. */
const RAIL_CARD_SIZES = '(min-width: 1024px) 216px, (min-width: 768px) 24vw, (min-width: 640px) 31vw, 42vw';

/** The grid a rail becomes from 1024px: five cards a row, or six (the item page's rails hold six). */
const DESKTOP_COLUMNS = { 5: 'lg:grid-cols-5', 6: 'lg:grid-cols-6' } as const;

/**
 * A row of item cards: on phones and tablets one line that scrolls sideways, snapping to a card, without a
 * scrollbar (each card's link is a Tab stop, and a focused card scrolls into view); from 1024px a grid of
 * `columns` a row. `labelledBy` names the heading of the section it sits in.
 */
export function ItemRail({
  items,
  labelledBy,
  columns = 5,
}: {
  items: ItemCardView[];
  labelledBy: string;
  columns?: keyof typeof DESKTOP_COLUMNS;
}) {
  return (
    <ul
      aria-labelledby={labelledBy}
      data-testid="item-rail"
      className={`-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none] lg:mx-0 lg:grid lg:snap-none ${DESKTOP_COLUMNS[columns]} lg:gap-4 lg:overflow-visible lg:px-0 lg:pb-0 [&::-webkit-scrollbar]:hidden`}
    >
      {items.map((item) => (
        <li key={item.id} className="rail-cell">
          <ItemCard item={item} sizes={RAIL_CARD_SIZES} />
        </li>
      ))}
    </ul>
  );
}
