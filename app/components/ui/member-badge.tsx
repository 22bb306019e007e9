import { Crown } from './icons.tsx';

/** A member's badge (issue 23), beside their name as the blue mark and the dealer's badge are. */
export function MemberBadge({ label }: { label: string }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900 dark:bg-violet-900 dark:text-violet-100"
      data-testid="member-badge"
    >
      <Crown className="size-4" aria-hidden />
      {label}
    </span>
  );
}
