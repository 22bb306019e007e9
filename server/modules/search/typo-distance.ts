/**
 * How far a typed word is from an indexed one, as the search's typo rule counts it: a letter dropped, added
 * or replaced, or two neighbours swapped, is one typo (optimal string alignment); letters people in the region
 * confuse by sound or keyboard cost half of one. Both words come normalized (souk_normalize: ة/ه and ى/ي are
 * already one letter there).
 */

/**
 * Letters typed for one another: ض/ظ (the most common Gulf slip), ذ/ز, س/ص, ت/ط, and the letters that dialects
 * pronounce alike (ث as س, ذ as د, ظ as ز).
 */
const CONFUSED = new Set(['ضظ', 'ذز', 'سص', 'تط', 'ثس', 'ذد', 'ظز'].flatMap(([a = '', b = '']) => [a + b, b + a]));
const CONFUSION_COST = 0.5;

/** Typos a word of this many letters may hold: none below 4 (too many words lie one letter apart), one up to 8. */
export function allowedTypos(length: number): number {
  if (length < 4) return 0;
  return length <= 8 ? 1 : 2;
}

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  return CONFUSED.has(a + b) ? CONFUSION_COST : 1;
}

export function typoDistance(typed: string, word: string): number {
  const a = [...typed];
  const b = [...word];
  // rows[i][j]: the distance between the first i letters of a and the first j of b.
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + substitutionCost(a[i - 1] as string, b[j - 1] as string),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The closest word within the typos `typed` may hold, the most listed one among equals; null when none is. */
export function bestCorrection(
  typed: string,
  candidates: ReadonlyArray<{ word: string; listings: number }>,
): string | null {
  const allowed = allowedTypos([...typed].length);
  let best: { word: string; distance: number; listings: number } | null = null;
  for (const candidate of candidates) {
    const distance = typoDistance(typed, candidate.word);
    if (distance > allowed) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate.listings > best.listings)) {
      best = { ...candidate, distance };
    }
  }
  return best?.word ?? null;
}
