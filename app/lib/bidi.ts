/**
 * A user's text (a name, a title) set inside a translated sentence as its own direction: an Arabic name in an
 * English sentence, or Latin digits after it, would otherwise be reordered with the words around it.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * A value written left to right whatever surrounds it (a date and time, digits and signs only): set inside an
 * Arabic sentence it keeps its order ("12-07-2026 23:42", not "23:42 12-07-2026"), which a first-strong isolate
 * cannot decide for text with no letters.
 */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
