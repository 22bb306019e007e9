import type { ReactNode } from 'react';

/** A radio button drawn as a card, the chosen one outlined (by CSS alone: it works before the page's code runs). */
export const choiceCardClass =
  'flex h-full cursor-pointer items-start gap-3 rounded-2xl border border-slate-300 bg-white p-4 transition-colors hover:border-brand-400 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600/30 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-brand-500 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950';

export function ChoiceCard({
  name,
  value,
  checked,
  onChoose,
  describedBy,
  testId,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChoose: (value: string) => void;
  describedBy?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <label className={choiceCardClass} data-testid={testId}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChoose(value)}
        aria-describedby={describedBy}
        className="mt-0.5 size-5 shrink-0 accent-brand-600"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">{children}</span>
    </label>
  );
}
