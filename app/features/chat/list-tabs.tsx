import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { IconComponent } from '../../components/ui/icons.tsx';

/** Two tabs as links (each a page address): the current one is marked for screen readers too. */
export function ListTabs<T extends string>({
  tabs,
  current,
  path,
  label,
}: {
  tabs: ReadonlyArray<{ id: T; label: string }>;
  current: T;
  path: string;
  label: string;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex gap-2 border-b border-slate-200 dark:border-slate-800">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={`${path}?tab=${tab.id}`}
          aria-current={tab.id === current ? 'page' : undefined}
          className={`-mb-px border-b-2 px-4 py-2 font-semibold ${tab.id === current ? 'border-brand-600 text-brand-700 dark:text-brand-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** A list page's heading, with a link to its sibling list (messages ↔ offers). */
export function ListHeading({
  id,
  title,
  sibling,
}: {
  id: string;
  title: ReactNode;
  sibling: { to: string; label: string; icon: IconComponent };
}) {
  const Icon = sibling.icon;
  return (
    <div className="flex items-center justify-between gap-3">
      <h1 id={id} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      <Link
        to={sibling.to}
        className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <Icon className="size-4" aria-hidden />
        {sibling.label}
      </Link>
    </div>
  );
}
