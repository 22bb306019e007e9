import { Link } from 'react-router';
import type { Category, Subcategory } from '../../../contract/lookups.ts';
import { CategoryIcon } from '../../components/ui/category-icon.tsx';
import { ChevronRight } from '../../components/ui/icons.tsx';
import { categoryHref, TINTS } from './category-grid.tsx';
import { type CountsById, ItemCount } from './item-count.tsx';

const CARD =
  'group flex h-full rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700';

function Chevron() {
  return (
    <ChevronRight
      className="size-5 shrink-0 text-slate-400 transition group-hover:text-brand-600 rtl:rotate-180 dark:text-slate-500 dark:group-hover:text-brand-300"
      aria-hidden
    />
  );
}

/** The categories of /category: icon, name and how many ads each holds; two a row on phones, five on wide screens. */
export function CategoryCards({ categories, counts }: { categories: Category[]; counts: CountsById }) {
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
      data-testid="category-cards"
    >
      {categories.map((category, index) => (
        <li key={category.cat_id}>
          <Link to={categoryHref(category)} className={`${CARD} flex-col gap-3 p-4`} data-testid="category-card">
            <span className="flex items-start justify-between gap-2">
              {category.default_icon ? (
                <img
                  src={`/uploads/${category.default_icon.img_path}`}
                  alt=""
                  className="size-12 rounded-2xl object-cover"
                />
              ) : (
                <span className={`flex size-12 items-center justify-center rounded-2xl ${TINTS[index % TINTS.length]}`}>
                  <CategoryIcon name={category.icon} className="size-6" />
                </span>
              )}
              <Chevron />
            </span>
            <span className="font-semibold leading-snug group-hover:text-brand-700 dark:group-hover:text-brand-300">
              {category.cat_name}
            </span>
            <span className="mt-auto">
              <ItemCount count={counts[category.cat_id] ?? 0} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** "All ads in <category>": the first way out of a category page, with the category's total. */
export function AllAdsCard({ href, label, count }: { href: string; label: string; count: number }) {
  return (
    <Link
      to={href}
      className="group flex items-center justify-between gap-3 rounded-2xl bg-brand-600 p-4 text-white shadow-sm transition hover:bg-brand-700 sm:p-5 dark:bg-brand-700 dark:hover:bg-brand-600"
      data-testid="all-ads-link"
    >
      <span className="flex flex-col gap-1.5">
        <span className="text-lg font-bold leading-snug">{label}</span>
        <ItemCount count={count} tone="onBrand" />
      </span>
      <ChevronRight className="size-6 shrink-0 rtl:rotate-180" aria-hidden />
    </Link>
  );
}

/** The subcategories of a category, each leading to its item list, with its count. */
export function SubcategoryCards({
  subcategories,
  counts,
  hrefOf,
}: {
  subcategories: Subcategory[];
  counts: CountsById;
  hrefOf: (subcategory: Subcategory) => string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" data-testid="subcategory-cards">
      {subcategories.map((subcategory) => (
        <li key={subcategory.id}>
          <Link
            to={hrefOf(subcategory)}
            className={`${CARD} items-center justify-between gap-2 p-4`}
            data-testid="subcategory-card"
          >
            <span className="flex min-w-0 items-center gap-3">
              {subcategory.default_photo && (
                <img
                  src={`/uploads/${subcategory.default_photo.img_path}`}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 shrink-0 rounded-xl object-cover"
                />
              )}
              <span className="flex min-w-0 flex-col gap-2">
                <span className="font-semibold leading-snug break-words group-hover:text-brand-700 dark:group-hover:text-brand-300">
                  {subcategory.name}
                </span>
                <ItemCount count={counts[subcategory.id] ?? 0} />
              </span>
            </span>
            <Chevron />
          </Link>
        </li>
      ))}
    </ul>
  );
}
