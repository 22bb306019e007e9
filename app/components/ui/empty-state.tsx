import type { ReactNode } from 'react';
import type { IconComponent } from './icons.tsx';

/** A list with nothing in it: an icon, what would be here (a title, a sentence) and, when given, a way on. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: IconComponent;
  title?: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div
      className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
      role="status"
      data-testid="empty-state"
    >
      <Icon className="size-10 text-slate-400 dark:text-slate-500" aria-hidden />
      {title && <p className="mt-3 text-lg font-bold">{title}</p>}
      <p className={`${title ? 'mt-1' : 'mt-3'} text-slate-600 dark:text-slate-400`}>{text}</p>
      {children}
    </div>
  );
}
