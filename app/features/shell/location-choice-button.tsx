import type { ReactNode } from 'react';
import { Check, Loader2 } from '../../components/ui/icons.tsx';

/** One choice of the location dialog: marked when it is the current one, spinning while it is saved. */
export function ChoiceButton({
  icon,
  label,
  hint,
  selected,
  busy = false,
  disabled,
  onClick,
  end,
  testId,
  place,
}: {
  icon: ReactNode;
  label: string;
  hint?: string;
  selected: boolean;
  busy?: boolean;
  disabled: boolean;
  onClick: () => void;
  end?: ReactNode;
  testId?: string;
  /** The place's id, to find its button again. */
  place?: number;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-current={selected ? 'true' : undefined}
      data-testid={testId}
      data-place={place}
      className={`flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start hover:bg-slate-100 disabled:cursor-wait dark:hover:bg-slate-800 ${
        selected ? 'bg-brand-50 font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100' : ''
      }`}
    >
      {busy ? <Loader2 className="size-5 shrink-0 animate-spin" aria-hidden /> : icon}
      <span className="min-w-0 flex-1">
        <span className="block truncate">{label}</span>
        {hint && <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">{hint}</span>}
      </span>
      {selected && <Check className="size-5 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />}
      {end}
    </button>
  );
}
