import type { ReactNode } from 'react';
import type { IconComponent } from './icons.tsx';
import { StatusPanel } from './status-panel.tsx';

/** A list with nothing in it: an icon, what would be here (a title, a sentence) and, when given, a way on. */
export function EmptyState({
  icon,
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
      <StatusPanel icon={icon} title={title || undefined} text={text} actions={children} />
    </div>
  );
}
