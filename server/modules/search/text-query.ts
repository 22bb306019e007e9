import { type SQL, sql } from 'drizzle-orm';
import type { SearchCorrection } from '../../../contract/search.ts';
import type { Db } from '../../kernel/database.ts';
import type { PlaceWords } from './place-words.ts';
import { bestCorrection } from './typo-distance.ts';

/** At most this many words of a query are searched; the rest are ignored. */
const MAX_TERMS = 8;
/** Indexed words this close in trigrams to an unknown word are weighed as its correction (typo-distance.ts). */
const CANDIDATE_SIMILARITY = 0.2;
/** The closest this many of them, by trigrams. */
const CANDIDATES_PER_WORD = 12;
/** A word of fewer letters is never corrected: its trigrams say too little. */
const MIN_CORRECTED_LENGTH = 3;
/** A word is searched as at most this many of its synonyms. */
const MAX_SYNONYMS = 24;
/**
 * A word that starts at most this many indexed words is searched as itself, its stems and those words, each whole;
 * one that starts more, as a prefix. The text index finds whole words key by key, skipping what the other
 * conditions rule out, but gathers every match of a prefix first: a common word's prefix cost 25 ms at
 * 1,000,000 listings, the word itself 4 ms within a few weeks (bench/README.md).
 */
const MAX_EXTENSIONS = 16;

/** The words of a query: letters (with their marks, such as Arabic harakat) and digits. */
export function termsOf(searchTerm: string): string[] {
  const words = searchTerm.normalize('NFC').split(/[^\p{L}\p{M}\p{N}]+/u);
  return [...new Set(words.filter((word) => word.length > 0))].slice(0, MAX_TERMS);
}

interface TermMatch {
  term: string;
  known: boolean;
  /**
   * The indexed words it starts, searched whole beside it; null when there are more than MAX_EXTENSIONS (it
   * is then searched as a prefix).
   */
  extensions: string[] | null;
  /** The indexed word within the typo rule, searched with the typed one. */
  correction: string | null;
  /** The closest indexed word by trigrams, offered as "did you mean" when no correction is. */
  closest: string | null;
  /** Words of its synonym groups (synonyms.ts), normalized: each is searched as the word itself. */
  synonyms: string[];
  /** Part of a place's name (place-words.ts): it also matches listings located there. */
  inPlace: boolean;
}

/** A place the words name: a listing matches its words in its text, or by being located there. */
export interface PlaceCondition {
  tsquery: SQL;
  cityIds: number[];
  townshipIds: number[];
}

type CandidateRow = {
  term: string;
  norm: string;
  known: boolean;
  /** The indexed words it starts, the most listed first, up to one more than MAX_EXTENSIONS. */
  extensions: string[];
  /** It is an indexed word itself. */
  indexed: boolean;
  candidates: Array<{ word: string; listings: number }> | null;
  synonyms: string[] | null;
};

export interface TextQuery {
  /**
   * All words: each as a prefix of a word, its stem, (misspelled) its correction, or a synonym. What a match
   * is ranked by, and what a saved search keeps.
   */
  tsquery: SQL;
  /** What a listing's text must match: the words that name no place (null when all of them do). */
  wordsQuery: SQL | null;
  places: PlaceCondition[];
  corrections: SearchCorrection[];
  /** The query with each unknown word replaced by a less certain close word, offered when nothing matches. */
  suggestion: string | null;
  /** The words that can match something (known, corrected or with synonyms), when others cannot; else null. */
  matchable: string[] | null;
  /** The other words each typed word was searched as: its correction and its synonyms. */
  alternatives: Map<string, string[]>;
  /** Some word is searched as the start of longer ones (its matches are read from the index all at once). */
  prefixed: boolean;
}

/**
 * Looks each word up in the dictionary of indexed words (search_words): a word is searched with the indexed words
 * it starts (extensionsOf), or as a prefix when `future` (a saved search, matched against listings still to
 * come). A word that starts no indexed word is searched as its correction as well, the closest indexed word
 * within the typo rule (typo-distance.ts); a word with none gets its closest word by trigrams as the "did you
 * mean" suggestion. One query for all the words.
 */
export async function textQueryOf(
  db: Db,
  searchTerm: string,
  placeWords?: PlaceWords,
  { future = false } = {},
): Promise<TextQuery | null> {
  const terms = termsOf(searchTerm);
  if (terms.length === 0) return null;
  const rows = await candidatesOf(db, terms);
  const named = placeWords ? await placeWords.namedIn(rows.map((row) => row.norm)) : [];
  const placeTerms = new Set(named.flatMap((place) => place.at.map((index) => rows[index]?.term)));
  const matches: TermMatch[] = rows.map((row) => {
    // A word with synonyms, or a place's name, is a word people use: it is searched as it is, not corrected
    // into another; a number (a year, a price) is never "corrected" into another number.
    const inPlace = placeTerms.has(row.term);
    const understood = row.known || inPlace || (row.synonyms ?? []).length > 0;
    const candidates = understood || /^\p{N}+$/u.test(row.norm) ? [] : (row.candidates ?? []);
    return {
      term: row.term,
      known: understood,
      // Listings still to come may hold words the dictionary does not know yet: for them, every word is a prefix.
      extensions: future ? null : extensionsOf(row),
      correction: bestCorrection(row.norm, candidates),
      closest: candidates[0]?.word ?? null,
      synonyms: row.synonyms ?? [],
      inPlace,
    };
  });
  const words = matches.filter((match) => !match.inPlace);
  const matchable = matches.filter((match) => match.known || match.correction !== null);
  return {
    tsquery: allOf(matches),
    wordsQuery: words.length > 0 ? allOf(words) : null,
    places: named.map((place) => ({
      tsquery: allOf(place.at.flatMap((index) => matches[index] ?? [])),
      cityIds: place.cityIds,
      townshipIds: place.townshipIds,
    })),
    corrections: matches
      .filter((match) => match.correction !== null)
      .map((match) => ({ term: match.term, replacement: match.correction as string })),
    suggestion: suggestionOf(matches),
    matchable: matchable.length > 0 && matchable.length < matches.length ? matchable.map((match) => match.term) : null,
    alternatives: new Map(
      matches.map((match) => [match.term, [...(match.correction ? [match.correction] : []), ...match.synonyms]]),
    ),
    prefixed: matches.some((match) => match.extensions === null),
  };
}

/**
 * The indexed words a word is searched as beside itself: all it starts, when they are few; the most listed of
 * them when it is an indexed word itself ("car" is not a prefix of "carpet" to the one who typed it); none (a
 * prefix) when it is the start of many and no word of its own ("iph").
 */
function extensionsOf(row: CandidateRow): string[] | null {
  if (row.extensions.length <= MAX_EXTENSIONS) return row.extensions;
  return row.indexed ? row.extensions.slice(0, MAX_EXTENSIONS) : null;
}

/** Each word, whether an indexed word starts with it, and else the indexed words closest to it by trigrams. */
async function candidatesOf(db: Db, terms: string[]): Promise<CandidateRow[]> {
  return db.transaction(async (tx) => {
    // The operator % finds candidates through the trigram index from this similarity on.
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true)`);
    const result = await tx.execute<CandidateRow>(sql`
      select q.term, q.norm, q.known, q.extensions, q.indexed, c.candidates, s.synonyms
      from (
        select w.*, w.indexed or cardinality(w.extensions) > 0 as known
        from (
          select u.term, u.n, n.norm,
            exists (select 1 from search_words w where w.word = n.norm) as indexed,
            array(
              select w.word from search_words w
              where w.word > n.norm and w.word < n.norm || chr(1114111)
              order by w.listings desc, w.word
              limit ${MAX_EXTENSIONS + 1}
            ) as extensions
          from unnest(array[${sql.join(
            terms.map((term) => sql`${term}::text`),
            sql`, `,
          )}]) with ordinality as u(term, n)
          cross join lateral (select souk_normalize(u.term) collate "C" as norm) n
        ) w
      ) q
      left join lateral (
        select json_agg(json_build_object('word', best.word, 'listings', best.listings)) as candidates
        from (
          select w.word, w.listings
          from search_words w
          where not q.known and char_length(q.norm) >= ${MIN_CORRECTED_LENGTH} and w.word % q.norm
            and not exists (select 1 from search_synonym_groups g where g.words @> array[q.norm::text])
          order by similarity(w.word, q.norm) desc, w.listings desc
          limit ${CANDIDATES_PER_WORD}
        ) best
      ) c on true
      left join lateral (
        select array(
          select distinct word from search_synonym_groups g, unnest(g.words) word
          where g.words @> array[q.norm::text] and word <> q.norm
          limit ${MAX_SYNONYMS}
        ) as synonyms
      ) s on true
      order by q.n`);
    return result.rows;
  });
}

/** Every word, each as itself or one of its alternatives. */
function allOf(matches: TermMatch[]): SQL {
  return sql`(${sql.join(matches.map(termQuery), sql` && `)})`;
}

function termQuery(match: TermMatch): SQL {
  const alternatives = [
    ...(match.extensions
      ? [wholeWordQuery(match.term), ...match.extensions.map(indexedWordQuery)]
      : [sql`souk_term_query(${match.term})`]),
    // The correction is an indexed word, typed whole.
    ...(match.correction ? [wholeWordQuery(match.correction)] : []),
    ...match.synonyms.map(wholeWordQuery),
  ];
  return sql`(${sql.join(alternatives, sql` || `)})`;
}

/** An indexed word (search_words: normalized, as the simple configuration keeps it) and nothing else. */
const indexedWordQuery = (word: string) => sql`to_tsquery('simple', quote_literal(${word}))`;

/**
 * A word as a whole word and its stems (a synonym too: "ac" must not find "accent"); a name of several words
 * needs them all (land cruiser).
 */
const wholeWordQuery = (word: string) =>
  sql`(plainto_tsquery('simple', souk_normalize(${word})) || plainto_tsquery('arabic', souk_normalize(${word})) || plainto_tsquery('english', souk_normalize(${word})))`;

function suggestionOf(matches: TermMatch[]): string | null {
  const uncertain = matches.filter((match) => !match.known && match.correction === null && match.closest !== null);
  if (uncertain.length === 0) return null;
  return matches.map((match) => (uncertain.includes(match) ? match.closest : match.term)).join(' ');
}
