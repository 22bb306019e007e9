/**
 * Where the typed text starts a word of a suggestion (any case), to show that part in bold; -1 when it starts
 * none. A text with a letter whose lower case is longer (Turkish İ) would shift the bold part: it stays plain.
 */
export function typedWordStart(text: string, typed: string) {
  const lower = text.toLocaleLowerCase();
  return lower.length === text.length ? wordStartOf(lower, typed.toLocaleLowerCase()) : -1;
}

function wordStartOf(text: string, typed: string) {
  if (!typed) return -1;
  for (let at = text.indexOf(typed); at >= 0; at = text.indexOf(typed, at + 1)) {
    if (at === 0 || /\s/.test(text.charAt(at - 1))) return at;
  }
  return -1;
}
