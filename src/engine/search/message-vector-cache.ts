import type { Database } from '../database/database.js';
import { decodeVector } from '../learning/vector-codec.js';
import type { VectorFilter, VectorQuery } from './vector-search.js';

type WorkspaceVectors = {
  position: string;
  seqs: string[];
  sessions: string[];
  peers: string[];
  /** Every vector, one after another in one array: a tight loop over it is what makes brute force fast. */
  matrix: Float32Array;
  dimensions: number;
  refreshing?: Promise<void> | undefined;
};

const PAGE = 5000;

/**
 * Message vectors kept in memory, one set per workspace and model, searched by brute force:
 * the path where the database has no pgvector (Debian's Postgres 15 has no package for it).
 * 100,000 messages of 100 dimensions take 40 MB; `npm run bench:vectors` measures a query. Only
 * rows written since the last look are read; a deleted message is dropped when results are fetched.
 */
export function createMessageVectorCache(db: Database) {
  const cache = new Map<string, WorkspaceVectors>();

  async function refresh(workspace: string, model: string): Promise<WorkspaceVectors> {
    const key = `${model}\u0000${workspace}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = {
        position: '0',
        seqs: [],
        sessions: [],
        peers: [],
        matrix: new Float32Array(0),
        dimensions: 0,
      };
      cache.set(key, entry);
    }
    const target = entry;
    target.refreshing ??= (async () => {
      for (;;) {
        const rows = await db.query<{
          seq: string;
          session_id: string;
          peer_id: string;
          embedding: string;
          position: string;
        }>(
          `SELECT e.message_seq::text AS seq, m.session_id, m.peer_id, encode(e.embedding, 'base64') AS embedding,
                  e.position::text AS position
           FROM message_embeddings e JOIN messages m ON m.seq = e.message_seq
           WHERE e.workspace_id = $1 AND e.model = $2 AND e.position > $3::bigint
           ORDER BY e.position LIMIT ${PAGE}`,
          [workspace, model, target.position],
        );
        for (const row of rows) append(target, row, decodeVector(row.embedding));
        if (rows.length < PAGE) break;
      }
    })().finally(() => {
      target.refreshing = undefined;
    });
    await target.refreshing;
    return target;
  }

  return {
    /** The message seqs nearest to `query`, best first. */
    async nearest(
      workspace: string,
      model: string,
      query: Float32Array,
      options: VectorQuery,
      filter: VectorFilter = {},
    ): Promise<string[]> {
      const entry = await refresh(workspace, model);
      const { matrix, dimensions } = entry;
      if (query.length !== dimensions) return [];
      const scores = dotProducts(matrix, dimensions, entry.seqs.length, query);
      // The best `kept` so far, best first: a score enters only when it beats the last, so the
      // whole memory is never sorted (sorting every vector above the floor took most of the time).
      const kept = options.limit * 2;
      const best: { index: number; score: number }[] = [];
      let floor = options.minSimilarity;
      for (let i = 0; i < scores.length; i++) {
        const score = scores[i] as number;
        if (score < floor) continue;
        if (filter.session !== undefined && entry.sessions[i] !== filter.session) continue;
        if (filter.peer !== undefined && entry.peers[i] !== filter.peer) continue;
        best.splice(placeOf(best, score), 0, { index: i, score });
        if (best.length > kept) best.pop();
        if (best.length === kept) floor = Math.max(floor, best[kept - 1]?.score ?? floor);
      }
      // A message re-embedded under the same model appears twice: keep its best (latest) vector.
      return [...new Set(best.map((item) => entry.seqs[item.index] ?? ''))].slice(0, options.limit);
    },
  };
}

/**
 * The inner product of `query` with each of the first `count` vectors of `matrix`: a loop over
 * typed arrays alone, which V8 compiles tight, apart from the filters and the ranking. Four
 * running sums instead of one let the additions overlap: 100,000 vectors of 100 dimensions took
 * 14 ms with one sum and take 9 ms with four.
 */
function dotProducts(
  matrix: Float32Array,
  dimensions: number,
  count: number,
  query: Float32Array,
): Float32Array {
  const scores = new Float32Array(count);
  const whole = dimensions - (dimensions % 4);
  for (let i = 0, offset = 0; i < count; i++, offset += dimensions) {
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let j = 0;
    for (; j < whole; j += 4) {
      a += (query[j] as number) * (matrix[offset + j] as number);
      b += (query[j + 1] as number) * (matrix[offset + j + 1] as number);
      c += (query[j + 2] as number) * (matrix[offset + j + 2] as number);
      d += (query[j + 3] as number) * (matrix[offset + j + 3] as number);
    }
    for (; j < dimensions; j++) a += (query[j] as number) * (matrix[offset + j] as number);
    scores[i] = a + b + c + d;
  }
  return scores;
}

/** Where a score goes in a list sorted best first, after the scores equal to it (binary search). */
function placeOf(best: readonly { score: number }[], score: number): number {
  let low = 0;
  let high = best.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((best[middle]?.score ?? 0) >= score) low = middle + 1;
    else high = middle;
  }
  return low;
}

function append(
  entry: WorkspaceVectors,
  row: { seq: string; session_id: string; peer_id: string; position: string },
  vector: Float32Array,
): void {
  if (entry.dimensions === 0) entry.dimensions = vector.length;
  if (vector.length !== entry.dimensions) return;
  const needed = (entry.seqs.length + 1) * entry.dimensions;
  if (needed > entry.matrix.length) {
    const grown = new Float32Array(Math.max(needed, entry.matrix.length * 2, 1024 * entry.dimensions));
    grown.set(entry.matrix);
    entry.matrix = grown;
  }
  entry.matrix.set(vector, entry.seqs.length * entry.dimensions);
  entry.seqs.push(row.seq);
  entry.sessions.push(row.session_id);
  entry.peers.push(row.peer_id);
  entry.position = row.position;
}
