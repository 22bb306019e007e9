import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight } from './icons.tsx';

/** A section's heading with an optional "See all" link (its label names the section for screen readers). */
export function SectionHeading({
  id,
  title,
  seeAll,
}: {
  id: string;
  title: string;
  seeAll?: { href: string; label: string };
}) {
  const { i18n } = useTranslation();
  const Forward = i18n.dir() === 'rtl' ? ArrowLeft : ArrowRight;
  return (
    <div className="mb-4 flex items-center justify-between gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {seeAll && (
        <Link
          to={seeAll.href}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          {seeAll.label}
          <span className="sr-only"> {title}</span>
          <Forward className="size-4" aria-hidden />
        </Link>
      )}
    </div>
  );
}
