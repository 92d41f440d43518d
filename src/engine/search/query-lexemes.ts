import type { Database } from '../database/database.js';
import { boundedQuery } from './bounded-query.js';
import { keptPieces } from './without-names.js';

export type QueryLexemes = {
  /** The workspace's peers (the first thousand). */
  peers: string[];
  /** The query without the peers' names (`withoutNames`). */
  words: string;
  /** The stemmed words of `words` and of the whole query, as Postgres's full-text search has them, stopwords out. */
  lexemes: { words: string[]; query: string[] };
};

/**
 * The peers whose names a query may hold, and the query's words as Postgres stems them, with
 * and without those names, in one statement: each white-space separated piece of the query is
 * stemmed alone, and the pieces that are not names make the words without names (Postgres's
 * parser never reads a word across white space, so the union is what the joined text gives).
 * Before, the peers and then the stems were two rounds, one after the other.
 */
export async function queryLexemes(db: Database, workspace: string, query: string): Promise<QueryLexemes> {
  const pieces = query.split(/\s+/);
  const [row] = await db.query<{ peers: string[]; pieces: string[][]; query: string[] }>(
    `SELECT array(SELECT id FROM peers WHERE workspace_id = $1 LIMIT 1000) AS peers,
            (SELECT coalesce(json_agg(coalesce(tsvector_to_array(to_tsvector('english', u.piece)), '{}')
                                      ORDER BY u.position), '[]')
             FROM unnest($2::text[]) WITH ORDINALITY AS u (piece, position)) AS pieces,
            coalesce(tsvector_to_array(to_tsvector('english', $3)), '{}') AS query`,
    [workspace, pieces, boundedQuery(query)],
  );
  const peers = row?.peers ?? [];
  const queryLexemes = row?.query ?? [];
  const kept = keptPieces(pieces, peers);
  const words = kept === null ? query : kept.map((index) => pieces[index]).join(' ');
  if (boundedQuery(words) !== words) {
    // A query longer than a search reads: its rarest words, stemmed as one text.
    return {
      peers,
      words,
      lexemes: { words: await lexemesOf(db, boundedQuery(words)), query: queryLexemes },
    };
  }
  const perPiece = row?.pieces ?? [];
  const wordLexemes = (kept ?? pieces.map((_, index) => index)).flatMap((index) => perPiece[index] ?? []);
  return { peers, words, lexemes: { words: [...new Set(wordLexemes)].sort(), query: queryLexemes } };
}

async function lexemesOf(db: Database, text: string): Promise<string[]> {
  const [row] = await db.query<{ lexemes: string[] }>(
    `SELECT coalesce(tsvector_to_array(to_tsvector('english', $1)), '{}') AS lexemes`,
    [text],
  );
  return row?.lexemes ?? [];
}
