import { type SQL, sql } from 'drizzle-orm';
import type { SearchCorrection } from '../../../contract/search.ts';
import type { Db } from '../../kernel/database.ts';
import { bestCorrection } from './typo-distance.ts';

/** At most this many words of a query are searched; the rest are ignored. */
const MAX_TERMS = 8;
/** Indexed words this close in trigrams to an unknown word are weighed as its correction (typo-distance.ts). */
const CANDIDATE_SIMILARITY = 0.2;
/** The closest this many of them, by trigrams. */
const CANDIDATES_PER_WORD = 12;
/** A word of fewer letters is never corrected: its trigrams say too little. */
const MIN_CORRECTED_LENGTH = 3;

/** The words of a query: letters (with their marks, such as Arabic harakat) and digits. */
export function termsOf(searchTerm: string): string[] {
  const words = searchTerm.normalize('NFC').split(/[^\p{L}\p{M}\p{N}]+/u);
  return [...new Set(words.filter((word) => word.length > 0))].slice(0, MAX_TERMS);
}

interface TermMatch {
  term: string;
  known: boolean;
  /** The indexed word within the typo rule, searched with the typed one. */
  correction: string | null;
  /** The closest indexed word by trigrams, offered as "did you mean" when no correction is. */
  closest: string | null;
}

type CandidateRow = {
  term: string;
  norm: string;
  known: boolean;
  candidates: Array<{ word: string; listings: number }> | null;
};

export interface TextQuery {
  /** All words must match: each as a prefix of a word, its stem, or (misspelled) its closest indexed word. */
  tsquery: SQL;
  corrections: SearchCorrection[];
  /** The query with each unknown word replaced by a less certain close word, offered when nothing matches. */
  suggestion: string | null;
}

/**
 * Looks each word up in the dictionary of indexed words (search_words): a word that starts no indexed word
 * is searched as its correction as well, the closest indexed word within the typo rule (typo-distance.ts);
 * a word with none gets its closest word by trigrams as the "did you mean" suggestion. One query for all
 * the words.
 */
export async function textQueryOf(db: Db, searchTerm: string): Promise<TextQuery | null> {
  const terms = termsOf(searchTerm);
  if (terms.length === 0) return null;
  const rows = await candidatesOf(db, terms);
  const matches: TermMatch[] = rows.map((row) => ({
    term: row.term,
    known: row.known,
    correction: row.known ? null : bestCorrection(row.norm, row.candidates ?? []),
    closest: row.candidates?.[0]?.word ?? null,
  }));
  return {
    tsquery: tsqueryOf(matches),
    corrections: matches
      .filter((match) => match.correction !== null)
      .map((match) => ({ term: match.term, replacement: match.correction as string })),
    suggestion: suggestionOf(matches),
  };
}

/** Each word, whether an indexed word starts with it, and else the indexed words closest to it by trigrams. */
async function candidatesOf(db: Db, terms: string[]): Promise<CandidateRow[]> {
  return db.transaction(async (tx) => {
    // The operator % finds candidates through the trigram index from this similarity on.
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true)`);
    const result = await tx.execute<CandidateRow>(sql`
      select q.term, q.norm, q.known, c.candidates
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
        select json_agg(json_build_object('word', best.word, 'listings', best.listings)) as candidates
        from (
          select w.word, w.listings
          from search_words w
          where not q.known and char_length(q.norm) >= ${MIN_CORRECTED_LENGTH} and w.word % q.norm
          order by similarity(w.word, q.norm) desc, w.listings desc
          limit ${CANDIDATES_PER_WORD}
        ) best
      ) c on true
      order by q.n`);
    return result.rows;
  });
}

function tsqueryOf(matches: TermMatch[]): SQL {
  const perTerm = matches.map((match) =>
    match.correction
      ? sql`(souk_term_query(${match.term}) || souk_term_query(${match.correction}))`
      : sql`souk_term_query(${match.term})`,
  );
  return sql`(${sql.join(perTerm, sql` && `)})`;
}

function suggestionOf(matches: TermMatch[]): string | null {
  const uncertain = matches.filter((match) => !match.known && match.correction === null && match.closest !== null);
  if (uncertain.length === 0) return null;
  return matches.map((match) => (uncertain.includes(match) ? match.closest : match.term)).join(' ');
}
