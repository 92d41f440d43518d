import { createHash } from 'node:crypto';
import type { Database } from '../database/database.js';
import { decodeVector } from '../learning/vector-codec.js';
import type { VectorFilter, VectorQuery } from './vector-search.js';

const PAGE = 2000;

/**
 * Message vectors searched by pgvector's HNSW index, where the database has the extension
 * (`enablePgvector`). The deriver writes embeddings to `message_embeddings` as before; before a
 * query, the rows written since the last look are copied into `message_vectors`, so the copy
 * never needs the deriver's help and fills itself on a store that gained the extension later.
 * Each model gets its own partial index over `vec::vector(n)`, made when its first vector is copied.
 */
export function createPgvectorIndex(db: Database) {
  /** Per workspace and model: the last `message_embeddings.position` copied. */
  const copied = new Map<string, Promise<string>>();
  const indexed = new Map<string, Promise<void>>();

  async function ensureIndex(model: string, dimensions: number): Promise<void> {
    const key = `${model}\u0000${dimensions}`;
    let made = indexed.get(key);
    if (!made) {
      made = db
        .query(
          `CREATE INDEX IF NOT EXISTS ${indexName(model, dimensions)} ON message_vectors
           USING hnsw ((vec::vector(${dimensions})) vector_ip_ops) WITH (m = 12, ef_construction = 32) WHERE model = ${literal(model)}`,
        )
        .then(() => undefined);
      made.catch(() => indexed.delete(key));
      indexed.set(key, made);
    }
    await made;
  }

  async function copyNew(workspace: string, model: string): Promise<void> {
    const key = `${model}\u0000${workspace}`;
    const previous =
      copied.get(key) ??
      db
        .query<{ position: string | null }>(
          'SELECT max(position)::text AS position FROM message_vectors WHERE workspace_id = $1 AND model = $2',
          [workspace, model],
        )
        .then(([row]) => row?.position ?? '0');
    const next = previous.then(async (from) => {
      let position = from;
      for (;;) {
        const rows = await db.query<{ seq: string; embedding: string; position: string }>(
          `SELECT e.message_seq::text AS seq, encode(e.embedding, 'base64') AS embedding, e.position::text AS position
           FROM message_embeddings e
           WHERE e.workspace_id = $1 AND e.model = $2 AND e.position > $3::bigint
           ORDER BY e.position LIMIT ${PAGE}`,
          [workspace, model, position],
        );
        if (rows.length === 0) return position;
        const vectors = rows.map((row) => ({
          seq: row.seq,
          position: row.position,
          vec: `[${Array.from(decodeVector(row.embedding)).join(',')}]`,
        }));
        const dimensions = decodeVector(rows[0]?.embedding ?? '').length;
        if (dimensions > 0) await ensureIndex(model, dimensions);
        // A message deleted since its embedding was read is skipped by the join.
        await db.query(
          `INSERT INTO message_vectors (message_seq, workspace_id, session_id, peer_id, model, position, vec)
           SELECT v.seq, m.workspace_id, m.session_id, m.peer_id, $2, v.position, v.vec::vector
           FROM jsonb_to_recordset($1::jsonb) AS v(seq bigint, position bigint, vec text)
           JOIN messages m ON m.seq = v.seq
           ON CONFLICT (message_seq) DO UPDATE SET model = EXCLUDED.model, position = EXCLUDED.position,
             vec = EXCLUDED.vec`,
          [JSON.stringify(vectors), model],
        );
        position = rows.at(-1)?.position ?? position;
        if (rows.length < PAGE) return position;
      }
    });
    // A failed copy is retried from where the table stands by the next query.
    copied.set(
      key,
      next.catch(() => {
        copied.delete(key);
        return '0';
      }),
    );
    await next;
  }

  return {
    /** Copies the workspace's vectors written since the last look into the index. */
    copyNew,
    /** The message seqs nearest to `query`, best first. */
    async nearest(
      workspace: string,
      model: string,
      query: Float32Array,
      options: VectorQuery,
      filter: VectorFilter = {},
    ): Promise<string[]> {
      await copyNew(workspace, model);
      const dimensions = query.length;
      const conditions = ['workspace_id = $2'];
      const params: unknown[] = [`[${Array.from(query).join(',')}]`, workspace, options.limit];
      if (filter.session !== undefined) conditions.push(`session_id = $${params.push(filter.session)}`);
      if (filter.peer !== undefined) conditions.push(`peer_id = $${params.push(filter.peer)}`);
      // The model and dimension are written into the statement, not passed: the planner uses a
      // partial expression index only for a condition and an expression it can see match.
      const distance = `vec::vector(${dimensions}) <#> $1::vector(${dimensions})`;
      const rows = await db.query<{ seq: string; distance: number }>(
        `SELECT message_seq::text AS seq, ${distance} AS distance FROM message_vectors
         WHERE model = ${literal(model)} AND ${conditions.join(' AND ')}
         ORDER BY ${distance} LIMIT $3`,
        params,
      );
      // `<#>` is the negative inner product; vectors are unit length, so -distance is the cosine.
      return rows
        .filter((row) => -Number(row.distance) >= options.minSimilarity)
        .sort((a, b) => Number(a.distance) - Number(b.distance))
        .map((row) => row.seq);
    },
  };
}

/** An index name Postgres accepts (at most 63 bytes, no quoting) for any model name. */
function indexName(model: string, dimensions: number): string {
  const digest = createHash('sha256').update(`${model}\u0000${dimensions}`).digest('hex').slice(0, 16);
  return `message_vectors_hnsw_${digest}`;
}

/** A SQL string literal: the model name is configuration, never a user's input, but still quoted. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
