/** The kinds of query the relevance set judges (issue 25 point 5). */
export const QUERY_CLASSES = [
  'exact',
  'variants',
  'arabicTypos',
  'englishTypos',
  'crossScript',
  'synonyms',
  'multiWord',
  'location',
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

/** A judged query: the listings of the corpus (by key) a person typing it wants to see. */
export interface Judgement {
  kind: QueryClass;
  query: string;
  relevant: readonly string[];
}

export interface QueryScore {
  recall: number;
  reciprocalRank: number;
}

/** Looked at: the first page a phone shows. */
export const TOP = 10;

/** recall@10 (of the relevant ones, those among the first ten; at most ten count) and the reciprocal rank. */
export function scoreOf(found: readonly string[], relevant: readonly string[]): QueryScore {
  const top = found.slice(0, TOP);
  const hits = relevant.filter((key) => top.includes(key)).length;
  const firstHit = top.findIndex((key) => relevant.includes(key));
  return {
    recall: hits / Math.min(relevant.length, TOP),
    reciprocalRank: firstHit < 0 ? 0 : 1 / (firstHit + 1),
  };
}

export interface ClassScore {
  queries: number;
  recall: number;
  mrr: number;
}

/** Mean recall@10 and MRR per class, and over every query ('all'). */
export function scoresByClass(scored: ReadonlyArray<{ kind: QueryClass } & QueryScore>) {
  const mean = (rows: typeof scored): ClassScore => ({
    queries: rows.length,
    recall: rows.reduce((sum, row) => sum + row.recall, 0) / Math.max(rows.length, 1),
    mrr: rows.reduce((sum, row) => sum + row.reciprocalRank, 0) / Math.max(rows.length, 1),
  });
  const byClass = Object.fromEntries(
    QUERY_CLASSES.map((kind) => [kind, mean(scored.filter((row) => row.kind === kind))]),
  ) as Record<QueryClass, ClassScore>;
  return { ...byClass, all: mean(scored) };
}

/** The scores as a Markdown table, as bench/README.md quotes them. */
export function scoreTable(scores: ReturnType<typeof scoresByClass>): string {
  const rows = Object.entries(scores).map(
    ([kind, score]) => `| ${kind} | ${score.queries} | ${score.recall.toFixed(3)} | ${score.mrr.toFixed(3)} |`,
  );
  return ['| class | queries | recall@10 | MRR |', '|---|---:|---:|---:|', ...rows].join('\n');
}
