import type { Database } from '../database/database.js';
import { anyLexemeQuery } from './any-lexeme-query.js';

/** Where words are counted: a workspace's messages, or the observations its peers hold of themselves. */
export type WordSource = 'messages' | 'observations';

/**
 * A word held by more of a workspace's texts than this is common. It is not counted in full
 * (that reads every text that holds it: 200 ms for ten words at 100,000 messages on PGlite), and
 * it does not bring candidates to a search on its own (the newest texts holding "go" say little
 * about a question that also asks about "pottery").
 */
export const COMMON_DOCUMENTS = 1000;

/** How long counts are reused: they move slowly, and a search asks for them every time. */
const COUNTS_TTL_MS = 60_000;
const COUNTS_CACHED = 10_000;
/** The statistics change only when the table is analysed. */
const STATISTICS_TTL_MS = 5 * 60_000;

export type WordFrequencies = {
  /** The texts of the workspace. */
  total: number;
  /** For each word (a lexeme as Postgres stems it), how many of the texts hold it, at least. */
  documents: ReadonlyMap<string, number>;
};

type Counted = { documents: number; at: number };
type Statistics = { shares: Map<string, number>; rows: number; at: number };
type Caches = { counts: Map<string, Counted>; statistics: Map<WordSource, Promise<Statistics>> };

// Per database, not per process: tests and benchmarks open several in one process.
const cachesOf = new WeakMap<Database, Caches>();

const SOURCES: Record<WordSource, { table: string; alias: string; scope: string; total: string }> = {
  messages: {
    table: 'messages',
    alias: 'm',
    scope: 'm.workspace_id = $1',
    // The sessions keep their message counts: summing them reads a row a session, not one a message.
    total: 'SELECT coalesce(sum(message_count), 0)::int AS documents FROM sessions WHERE workspace_id = $1',
  },
  observations: {
    table: 'observations',
    alias: 'o',
    scope: 'o.workspace_id = $1 AND o.observer_id = o.observed_id',
    // The statistics' shares are of every observation, what peers hold of others too: near enough
    // for telling common words from rare ones, which is all they are used for here.
    total:
      'SELECT count(*)::int AS documents FROM observations o WHERE o.workspace_id = $1 AND o.observer_id = o.observed_id',
  },
};

/**
 * How many of a workspace's texts hold each of these words, for ranking (BM25's rarity) and for
 * choosing which words find candidates. A rare word is counted exactly, which costs a read of
 * each text that holds it, so at most `COMMON_DOCUMENTS + 1`. A common one is taken from the
 * share of the table that Postgres's statistics give it (`ANALYZE` keeps the most common thousand
 * words of a full-text column) when the workspace is most of the table; otherwise, and before the
 * table is analysed, it is counted up to the bound and reads as `COMMON_DOCUMENTS + 1`. Either way
 * the cost of a search does not grow with the number of texts that hold its words.
 */
export async function wordFrequencies(
  db: Database,
  source: WordSource,
  workspace: string,
  words: readonly string[],
): Promise<WordFrequencies> {
  const [frequencies] = await wordFrequenciesOf(db, workspace, [{ source, words }] as const);
  return frequencies;
}

/**
 * `wordFrequencies` of several sources at once: the words of every source that must be counted
 * are counted in one statement (a search asks for its messages' and its observations' words, and
 * counted them in two).
 */
export async function wordFrequenciesOf<
  const Asked extends readonly { source: WordSource; words: readonly string[] }[],
>(db: Database, workspace: string, asked: Asked): Promise<{ [K in keyof Asked]: WordFrequencies }> {
  let caches = cachesOf.get(db);
  if (caches === undefined) {
    caches = { counts: new Map(), statistics: new Map() };
    cachesOf.set(db, caches);
  }
  const known = caches;
  const plans = await Promise.all(
    asked.map(({ source, words }) => planCounts(db, known, source, workspace, words)),
  );
  const counting = plans.filter((plan) => plan.toCount.length > 0);
  if (counting.length > 0) {
    // Each count stops at COMMON_DOCUMENTS + 1: a word the statistics missed (taken before the
    // workspace grew, or not yet) is found common without reading all that hold it.
    const params: unknown[] = [workspace];
    const selects = counting.map(({ source, toCount }) => {
      const { table, alias, scope } = SOURCES[source];
      const words = params.push(toCount);
      const queries = params.push(toCount.map((word) => anyLexemeQuery([word])));
      return `SELECT '${source}' AS source, w.word, (SELECT count(*)::int FROM (
                SELECT 1 FROM ${table} ${alias}
                WHERE ${scope} AND ${alias}.search_vector @@ w.query::tsquery
                LIMIT ${COMMON_DOCUMENTS + 1}) AS holding) AS documents
              FROM unnest($${words}::text[], $${queries}::text[]) AS w (word, query)`;
    });
    const rows = await db.query<{ source: WordSource; word: string; documents: number }>(
      selects.join(' UNION ALL '),
      params,
    );
    for (const row of rows)
      counting.find((plan) => plan.source === row.source)?.remember(row.word, row.documents);
  }
  return plans.map(({ total, known: counted }, index) => ({
    total,
    documents: new Map((asked[index]?.words ?? []).map((word) => [word, counted.get(word) ?? 0])),
  })) as { [K in keyof Asked]: WordFrequencies };
}

/** What is known of a source's words (from the cache and the statistics), and which must be counted. */
async function planCounts(
  db: Database,
  caches: Caches,
  source: WordSource,
  workspace: string,
  words: readonly string[],
) {
  const { counts } = caches;
  const now = Date.now();
  const key = (word: string) => `${source}\u0000${workspace}\u0000${word}`;
  const known = new Map<string, number>();
  for (const word of ['', ...words]) {
    const cached = counts.get(key(word));
    if (cached && now - cached.at < COUNTS_TTL_MS) known.set(word, cached.documents);
  }
  const remember = (word: string, documents: number) => {
    known.set(word, documents);
    if (counts.size >= COUNTS_CACHED) forgetExpired(counts, now);
    if (counts.size < COUNTS_CACHED) counts.set(key(word), { documents, at: now });
  };

  // The empty word stands for the total.
  let total = known.get('');
  if (total === undefined) {
    const [row] = await db.query<{ documents: number }>(SOURCES[source].total, [workspace]);
    total = row?.documents ?? 0;
    remember('', total);
  }
  const toCount: string[] = [];
  const unknown = [...new Set(words)].filter((word) => word !== '' && !known.has(word));
  if (unknown.length > 0) {
    const statistics = await tableStatistics(db, caches, source);
    // Shares are of the whole table: they say how common a word is in this workspace only when
    // the workspace is most of it (one user's memory), not beside larger ones.
    const shares = total * 2 >= statistics.rows ? statistics.shares : new Map<string, number>();
    for (const word of unknown) {
      const estimate = Math.round((shares.get(word) ?? 0) * total);
      if (estimate > COMMON_DOCUMENTS) remember(word, estimate);
      else toCount.push(word);
    }
  }
  return { source, total, known, remember, toCount };
}

function forgetExpired(counts: Map<string, Counted>, now: number): void {
  for (const [key, counted] of counts) if (now - counted.at >= COUNTS_TTL_MS) counts.delete(key);
}

/**
 * The share of the table's rows that hold each of its most common words, from `pg_stats`, and
 * the rows it had then. Empty before the table is first analysed, and when the statistics cannot
 * be read: the words are then counted. Read once at a time, and again after `STATISTICS_TTL_MS`.
 */
function tableStatistics(db: Database, caches: Caches, source: WordSource): Promise<Statistics> {
  const cached = caches.statistics.get(source);
  if (cached === undefined) return refresh();
  return cached.then((statistics) =>
    Date.now() - statistics.at < STATISTICS_TTL_MS || caches.statistics.get(source) !== cached
      ? (caches.statistics.get(source) ?? cached)
      : refresh(),
  );

  function refresh(): Promise<Statistics> {
    const read = db
      .query<{ words: string[] | null; shares: number[] | null; rows: number | null }>(
        `SELECT s.most_common_elems::text::text[] AS words, s.most_common_elem_freqs AS shares,
                (SELECT c.reltuples FROM pg_class c WHERE c.oid = to_regclass($1)) AS rows
         FROM pg_stats s
         WHERE s.schemaname = current_schema() AND s.tablename = $1 AND s.attname = 'search_vector'`,
        [SOURCES[source].table],
      )
      .then(
        ([row]) => {
          const words = row?.words ?? [];
          // For a full-text column the shares list ends with two more numbers (least and greatest).
          const shares = new Map(words.map((word, index) => [word, Number(row?.shares?.[index] ?? 0)]));
          return { shares, rows: Number(row?.rows ?? 0), at: Date.now() };
        },
        // Counting every word is slower, but a search still answers.
        () => ({ shares: new Map<string, number>(), rows: 0, at: 0 }),
      );
    caches.statistics.set(source, read);
    return read;
  }
}

/** The words a search finds candidates by, and whether each of them is rare. */
export type FindingWords = {
  words: string[];
  /**
   * Every word is held by at most `COMMON_DOCUMENTS` texts: the texts holding any are few, and
   * best all read through the full-text index. Otherwise they are many, and the newest found
   * first (walking the texts newest first) are enough.
   */
  rare: boolean;
};

/**
 * The words that find candidates: the query's words that are not common. When every word is
 * common, all of them (the newest texts holding any are then the candidates, found quickly
 * because they are many).
 */
export function findingWords(frequencies: WordFrequencies, words: readonly string[]): FindingWords {
  const rare = words.filter((word) => (frequencies.documents.get(word) ?? 0) <= COMMON_DOCUMENTS);
  return rare.length > 0 ? { words: rare, rare: true } : { words: [...words], rare: false };
}
