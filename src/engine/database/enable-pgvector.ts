type Execute = (sql: string) => Promise<readonly Record<string, unknown>[]>;

/**
 * Makes pgvector usable when this database can have it: creates the extension (PGlite loads it
 * from `@electric-sql/pglite-pgvector`; a Postgres server needs the package installed and the
 * right to create it) and the table the engine keeps message vectors in for it. Returns whether
 * pgvector is in use; where it is not, search keeps its vectors in memory, as before.
 *
 * It is not a migration: a server may gain or lose the extension after the schema was made, and
 * the table is only an index of `message_embeddings`, filled again from it when missing.
 */
export async function enablePgvector(execute: Execute): Promise<boolean> {
  try {
    // In a block of its own: a refusal (no package, no right) leaves any transaction usable.
    await execute(
      `DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS vector; EXCEPTION WHEN OTHERS THEN NULL; END $$`,
    );
    const [row] = await execute(`SELECT 1 AS present FROM pg_extension WHERE extname = 'vector'`);
    if (row === undefined) return false;
    await execute(MESSAGE_VECTORS_TABLE);
    return true;
  } catch {
    return false;
  }
}

/**
 * One row per embedded message, copied from `message_embeddings` (whose `position` it keeps, to
 * know what is still to copy). The column has no fixed dimension, so that any embedding model
 * fits; each model gets its own HNSW index over `vec::vector(n)` (see pgvector-index.ts).
 */
const MESSAGE_VECTORS_TABLE = `
CREATE TABLE IF NOT EXISTS message_vectors (
  message_seq bigint PRIMARY KEY REFERENCES messages (seq) ON DELETE CASCADE,
  workspace_id text NOT NULL,
  session_id text NOT NULL,
  peer_id text NOT NULL,
  model text NOT NULL,
  position bigint NOT NULL,
  vec vector NOT NULL
);
CREATE INDEX IF NOT EXISTS message_vectors_by_position ON message_vectors (workspace_id, model, position)`;

/**
 * Session settings for the vector queries: keep scanning the index past rows a filter (workspace,
 * session, peer) rejects, and look at 100 candidates rather than 40, so a filtered query still
 * finds its nearest rows. Set once per connection.
 */
export const PGVECTOR_SESSION_SETTINGS = {
  'hnsw.iterative_scan': 'relaxed_order',
  'hnsw.ef_search': '100',
} as const;
