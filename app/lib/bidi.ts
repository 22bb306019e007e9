/**
 * A user's text (a name, a title) set inside a translated sentence as its own direction: an Arabic name in an
 * English sentence, or Latin digits after it, would otherwise be reordered with the words around it.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
