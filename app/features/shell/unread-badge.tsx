/** The red count on the messages icon (header and tab bar); hidden from screen readers, whose link names the count. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white"
      data-testid="unread-badge"
      aria-hidden
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
