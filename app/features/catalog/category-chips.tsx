import { Link } from 'react-router';
import type { Category } from '../../../contract/lookups.ts';
import { CategoryIcon } from '../../components/ui/category-icon.tsx';
import { categoryHref, TINTS } from './category-grid.tsx';

const CHIP =
  'flex h-9 items-center gap-2 rounded-full border border-slate-200 bg-white text-sm font-semibold hover:border-brand-300 dark:border-slate-800 dark:bg-slate-900';

/** The categories folded into one row that scrolls sideways: phones' dashboard, above its first listings. */
export function CategoryChips({
  categories,
  labelledBy,
  more,
}: {
  categories: Category[];
  labelledBy: string;
  /** The last chip: every category (its text, and what a screen reader adds to it). */
  more: { href: string; text: string; srText: string };
}) {
  return (
    <ul
      aria-labelledby={labelledBy}
      data-testid="category-chips"
      className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
    >
      {categories.map((category, index) => (
        <li key={category.cat_id} className="shrink-0">
          <Link to={categoryHref(category)} className={`${CHIP} ps-1 pe-3`}>
            <span className={`flex size-7 items-center justify-center rounded-full ${TINTS[index % TINTS.length]}`}>
              <CategoryIcon name={category.icon} className="size-4" />
            </span>
            {category.cat_name}
          </Link>
        </li>
      ))}
      <li className="shrink-0">
        <Link to={more.href} className={`${CHIP} px-3 text-brand-700 dark:text-brand-300`}>
          {more.text}
          <span className="sr-only"> {more.srText}</span>
        </Link>
      </li>
    </ul>
  );
}
