import { openDatabase } from '../src/engine/database/open-database.js';
import type { BenchStore } from './bench-stores.js';

/**
 * How many messages of the workspace each query matches, on average. Search ranks every
 * match before it keeps the best few, so this count explains its latency better than the
 * store's size does. The tsquery is built as src/engine/operations/search-messages.ts builds it
 * (words OR-ed). Opens the store directly: no server may hold a PGlite store meanwhile.
 */
export async function countSearchMatches(store: BenchStore, queries: readonly string[]): Promise<number> {
  const database = openDatabase(store.location);
  try {
    let total = 0;
    for (const query of queries) {
      const [row] = await database.query<{ matches: number }>(
        `SELECT count(*)::int AS matches FROM messages
         WHERE workspace_id = $1
           AND search_vector @@ replace(plainto_tsquery('english', $2)::text, ' & ', ' | ')::tsquery`,
        [store.workspace, query],
      );
      total += row?.matches ?? 0;
    }
    return Math.round(total / queries.length);
  } finally {
    await database.close();
  }
}
