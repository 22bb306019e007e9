/** Operator-written text: paragraphs separated by a blank line, shown in the reader's direction. */
export function Prose({ text }: { text: string }) {
  return (
    <div className="space-y-4 text-base leading-8 text-slate-700 dark:text-slate-300">
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity besides their position
          <p key={index}>{paragraph}</p>
        ))}
    </div>
  );
}
