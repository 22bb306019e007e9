import { Link } from 'react-router';
import type { Category } from '../../../contract/lookups.ts';
import { CategoryIcon } from '../../components/ui/category-icon.tsx';

/** The colours of category icons, one after another in list order (the dashboard and /category agree). */
export const TINTS = [
  'bg-teal-50 text-teal-700 dark:bg-teal-950 dark:text-teal-300',
  'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
  'bg-rose-50 text-rose-700 dark:bg-rose-950 dark:text-rose-300',
  'bg-violet-50 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  'bg-lime-50 text-lime-700 dark:bg-lime-950 dark:text-lime-300',
];

export const categoryHref = (category: Category) =>
  `/category/${category.cat_id}/${encodeURIComponent(category.cat_name)}`;

export function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6" data-testid="category-grid">
      {categories.map((category, index) => (
        <li key={category.cat_id}>
          <Link to={categoryHref(category)} className="group category-card">
            {category.default_icon ? (
              <img
                src={`/uploads/${category.default_icon.img_path}`}
                alt=""
                className="size-14 rounded-2xl object-cover"
              />
            ) : (
              <span className={`category-tile ${TINTS[index % TINTS.length]}`}>
                <CategoryIcon name={category.icon} className="size-7" />
              </span>
            )}
            <span className="category-card-name">{category.cat_name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
