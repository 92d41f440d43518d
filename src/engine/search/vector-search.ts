import type { Database } from '../database/database.js';
import { createMessageVectorCache } from './message-vector-cache.js';
import { createPgvectorIndex } from './pgvector-index.js';

export type VectorFilter = { session?: string | undefined; peer?: string | undefined };
export type VectorQuery = { limit: number; minSimilarity: number };
type VectorSearchPath = 'pgvector' | 'in-memory';

/**
 * Nearest message vectors, by pgvector's index where the database has the extension and by brute
 * force over vectors kept in memory where it does not (a Postgres server without the package).
 * Which one is decided on first use, once the database is open, and reported by `path()`.
 */
export function createVectorSearch(db: Database) {
  let chosen: Promise<{ path: VectorSearchPath; search: VectorSearcher }> | undefined;
  function choose() {
    chosen ??= db
      .query<{ ready: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector')
                AND to_regclass('message_vectors') IS NOT NULL AS ready`,
      )
      .then(([row]) =>
        row?.ready
          ? { path: 'pgvector' as const, search: createPgvectorIndex(db) }
          : { path: 'in-memory' as const, search: createMessageVectorCache(db) },
      );
    // A database that could not be reached is asked again next time.
    chosen.catch(() => {
      chosen = undefined;
    });
    return chosen;
  }
  return {
    /** How the nearest vectors are found, for get_deriver_status and the benchmark. */
    path: async (): Promise<VectorSearchPath> => (await choose()).path,
    /**
     * Brings pgvector's index up to date with the workspace's vectors (the deriver calls it after
     * each task). Vectors in memory are read when searched instead: nothing to do ahead.
     */
    async catchUp(workspace: string, model: string): Promise<void> {
      const { search } = await choose();
      await search.copyNew?.(workspace, model);
    },
    /** The message seqs nearest to `query`, best first. */
    async nearest(
      workspace: string,
      model: string,
      query: Float32Array,
      options: VectorQuery,
      filter: VectorFilter = {},
    ): Promise<string[]> {
      return (await choose()).search.nearest(workspace, model, query, options, filter);
    },
  };
}

type VectorSearcher = {
  copyNew?: (workspace: string, model: string) => Promise<void>;
  nearest(
    workspace: string,
    model: string,
    query: Float32Array,
    options: VectorQuery,
    filter?: VectorFilter,
  ): Promise<string[]>;
};

export type VectorSearch = ReturnType<typeof createVectorSearch>;
