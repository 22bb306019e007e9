import { useTranslation } from 'react-i18next';
import type { ItemCardView } from '../../../../contract/items.ts';
import { ItemCard } from '../item-card.tsx';

/** Active items of the same subcategory. */
export function RelatedItems({ items }: { items: ItemCardView[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-10" data-testid="related-items">
      <h2 id="related-heading" className="mb-4 text-xl font-bold">
        {t('item.page.related')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {items.map((item) => (
          <li key={item.id}>
            <ItemCard item={item} headingLevel={3} sizes="(min-width: 1024px) 230px, (min-width: 640px) 33vw, 50vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}
