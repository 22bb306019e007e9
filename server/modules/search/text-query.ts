import { type SQL, sql } from 'drizzle-orm';
import type { SearchCorrection } from '../../../contract/search.ts';
import type { Db } from '../../kernel/database.ts';

/** At most this many words of a query are searched; the rest are ignored. */
const MAX_TERMS = 8;
/** Trigram similarity from which an unknown word is searched as its closest indexed word too. */
const CORRECTION_SIMILARITY = 0.4;

/** The words of a query: letters (with their marks, such as Arabic harakat) and digits. */
export function termsOf(searchTerm: string): string[] {
  const words = searchTerm.normalize('NFC').split(/[^\p{L}\p{M}\p{N}]+/u);
  return [...new Set(words.filter((word) => word.length > 0))].slice(0, MAX_TERMS);
}

interface TermMatch {
  term: string;
  known: boolean;
  closest: string | null;
  similarity: number;
}

export interface TextQuery {
  /** All words must match: each as a prefix of a word, its stem, or (misspelled) its closest indexed word. */
  tsquery: SQL;
  corrections: SearchCorrection[];
  /** The query with each unknown word replaced by a less certain close word, offered when nothing matches. */
  suggestion: string | null;
}

/**
 * Looks each word up in the dictionary of indexed words (search_words): a word that starts no indexed word
 * is searched as its closest one as well when they are similar enough; less similar ones become the
 * "did you mean" suggestion. One query for all the words.
 */
export async function textQueryOf(db: Db, searchTerm: string): Promise<TextQuery | null> {
  const terms = termsOf(searchTerm);
  if (terms.length === 0) return null;
  const result = await db.execute<{
    term: string;
    known: boolean;
    closest: string | null;
    similarity: number | null;
  }>(sql`
    select q.term, q.known, c.word as closest, c.similarity
    from (
      select u.term, u.n, n.norm,
        exists (
          select 1 from search_words w
          where w.word >= n.norm and w.word < n.norm || chr(1114111)
        ) as known
      from unnest(array[${sql.join(
        terms.map((term) => sql`${term}::text`),
        sql`, `,
      )}]) with ordinality as u(term, n)
      cross join lateral (select souk_normalize(u.term) collate "C" as norm) n
    ) q
    left join lateral (
      select w.word, similarity(w.word, q.norm)::float8 as similarity
      from search_words w
      where not q.known and char_length(q.norm) >= 3 and w.word % q.norm
      order by similarity(w.word, q.norm) desc, w.listings desc
      limit 1
    ) c on true
    order by q.n`);
  const matches: TermMatch[] = result.rows.map((row) => ({
    term: row.term,
    known: row.known,
    closest: row.closest,
    similarity: row.similarity ?? 0,
  }));
  return {
    tsquery: tsqueryOf(matches),
    corrections: matches
      .filter((match) => isCorrected(match))
      .map((match) => ({ term: match.term, replacement: match.closest as string })),
    suggestion: suggestionOf(matches),
  };
}

const isCorrected = (match: TermMatch) =>
  !match.known && match.closest !== null && match.similarity >= CORRECTION_SIMILARITY;

function tsqueryOf(matches: TermMatch[]): SQL {
  const perTerm = matches.map((match) =>
    isCorrected(match)
      ? sql`(souk_term_query(${match.term}) || souk_term_query(${match.closest}))`
      : sql`souk_term_query(${match.term})`,
  );
  return sql`(${sql.join(perTerm, sql` && `)})`;
}

function suggestionOf(matches: TermMatch[]): string | null {
  const uncertain = matches.filter((match) => !match.known && match.closest !== null && !isCorrected(match));
  if (uncertain.length === 0) return null;
  return matches.map((match) => (uncertain.includes(match) ? match.closest : match.term)).join(' ');
}
