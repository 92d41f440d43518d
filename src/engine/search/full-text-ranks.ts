import type { Database } from '../database/database.js';
import { anyLexemeQuery } from './any-lexeme-query.js';
import { anyWordQuerySql } from './any-word-query-sql.js';
import { boundedQuery } from './bounded-query.js';
import type { FindingWords } from './word-frequencies.js';

export type SearchScope = { session?: string | undefined; peer?: string | undefined };

/** How many of the newest messages holding all the words, and holding a finding word, are ranked. */
const ANY_WORD_CANDIDATES = 1000;
/**
 * How many of the newest holding any word at all, common ones too, in a search within a session or
 * a peer's words: there a word common to the workspace may be what the few candidates share.
 */
const RECENT_CANDIDATES = 200;

/**
 * How many times the ranking's length of candidates, first ordered by how often they hold the
 * words (`ts_rank`), are then ordered by how close together they hold them (`ts_rank_cd`, cover
 * density). Cover density over a question of a dozen OR-ed words costs ~15 µs a text on PGlite,
 * ten times the other: over 1,000 candidates it was most of a search's time.
 */
export const PROXIMITY_RANKED_SHARE = 4;

/** Whether a search keeps to a session or a peer's words. */
export const scoped = (scope: SearchScope) => scope.session !== undefined || scope.peer !== undefined;

/**
 * Message seqs ranked by full-text relevance. A question rarely repeats every word of the
 * message that answers it, so messages holding any of its words are candidates, ranked by how
 * many of the words they hold and how close together. The candidates are the newest
 * ${ANY_WORD_CANDIDATES} messages holding all the words, the newest ${ANY_WORD_CANDIDATES} holding
 * any of the `finding` words (the query's words that are not common, `findingWords`) and, within
 * a session or a peer's words, the newest ${RECENT_CANDIDATES} holding any word: a word most messages hold would fill the
 * candidates with the newest of them and push out the old message that holds the rare words, and
 * reading all that hold it would make a search slower as the memory grows. The `ranking` words
 * (`rankingWords`), when given, order the candidates instead of all the query's words.
 */
export async function fullTextRanks(
  db: Database,
  workspace: string,
  query: string,
  finding: FindingWords,
  scope: SearchScope,
  limit: number,
  ranking: readonly string[] = [],
): Promise<string[]> {
  if (finding.words.length === 0) return [];
  const filters = `m.workspace_id = $1 AND ($3::text IS NULL OR m.session_id = $3::text)
    AND ($4::text IS NULL OR m.peer_id = $4::text)`;
  const anyWord = anyWordQuerySql(2);
  // The rarer words, when given, are the query's seventh parameter.
  const ordering = ranking.length > 0 ? '$7::tsquery' : anyWord;
  const columns = 'm.seq, m.created_at, m.search_vector';
  const newest = (condition: string, count: number) =>
    `(SELECT ${columns} FROM messages m WHERE ${filters} AND ${condition} ORDER BY m.seq DESC LIMIT ${count})`;
  const allWords = `plainto_tsquery('english', $2)`;
  // Rare finding words are held by a thousand messages or so each: all of them are read through
  // the full-text index, and only then cut to the newest. Left to itself, the planner walked the
  // messages newest first testing each against the words, which read 41,000 rows to find 1,000
  // (35 ms at 100,000 messages on PGlite, against 5 ms). Common words are held by so many that
  // walking newest first finds enough at once, and reading them all would not.
  const found = finding.rare
    ? `finding AS MATERIALIZED (
         SELECT ${columns} FROM messages m WHERE ${filters} AND m.search_vector @@ $6::tsquery
       ),
       candidates AS (
         (SELECT * FROM finding f WHERE f.search_vector @@ ${allWords} ORDER BY f.seq DESC LIMIT ${ANY_WORD_CANDIDATES})
         UNION ALL
         (SELECT * FROM finding f ORDER BY f.seq DESC LIMIT ${ANY_WORD_CANDIDATES})`
    : `candidates AS (
         ${newest(`m.search_vector @@ ${allWords}`, ANY_WORD_CANDIDATES)}
         UNION ALL
         ${newest('m.search_vector @@ $6::tsquery', ANY_WORD_CANDIDATES)}`;
  // Where messages is read, the tsquery is written out in the condition, not taken from a CTE: a
  // condition on a CTE's column is a join filter, which no index serves (the all-words test on
  // `finding` needs none: those rows are few and already read). The candidates carry what ranking
  // needs, so messages is not read a second time.
  const rows = await db.query<{ seq: string }>(
    `WITH ${found}
         ${scoped(scope) ? `UNION ALL ${latestInScope(filters, `m.search_vector @@ ${anyWord}`)}` : ''}
       )
     SELECT c.seq::text AS seq FROM (
       SELECT * FROM (SELECT DISTINCT ON (seq) * FROM candidates ORDER BY seq) d
       ORDER BY ts_rank(d.search_vector, ${ordering}) DESC, d.created_at DESC, d.seq DESC
       LIMIT $5::int * ${PROXIMITY_RANKED_SHARE}
     ) c
     ORDER BY ts_rank_cd(c.search_vector, ${ordering}) DESC, c.created_at DESC, c.seq DESC
     LIMIT $5::int`,
    [
      workspace,
      boundedQuery(query),
      scope.session ?? null,
      scope.peer ?? null,
      limit,
      anyLexemeQuery(finding.words),
      ...(ranking.length > 0 ? [anyLexemeQuery(ranking)] : []),
    ],
  );
  return rows.map((row) => row.seq);
}

/**
 * The latest ${RECENT_CANDIDATES} messages of a session or a peer that meet `condition`, by the
 * time they were said: the order of the session's and the peer's own indexes, which are walked
 * newest first from the scope's end. Ordered by seq instead, every message of the workspace was
 * walked (21,000 read to find a peer's 200 at 100,000 messages: 24 ms on PGlite, against 2).
 */
function latestInScope(filters: string, condition: string): string {
  return `(SELECT m.seq, m.created_at, m.search_vector FROM messages m WHERE ${filters} AND ${condition}
           ORDER BY m.created_at DESC, m.seq DESC LIMIT ${RECENT_CANDIDATES})`;
}
