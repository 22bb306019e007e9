/** A LIKE/ILIKE pattern matching `text` anywhere, its wildcards (% and _) and the escape character taken literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
