import type { Database } from '../database/database.js';
import { cosine, decodeVector } from '../learning/vector-codec.js';

type Filter = { session?: string | undefined; peer?: string | undefined };

type WorkspaceVectors = {
  position: string;
  seqs: string[];
  sessions: string[];
  peers: string[];
  vectors: Float32Array[];
  refreshing?: Promise<void> | undefined;
};

const PAGE = 5000;

/**
 * Message vectors kept in memory, one set per workspace and model, searched by brute force.
 * It needs no vector extension, so it runs the same on PGlite and on any Postgres server:
 * 100,000 messages of 100 dimensions take 40 MB and a query a few milliseconds. Only rows
 * written since the last look are read; a deleted message is dropped when results are fetched.
 */
export function createMessageVectorCache(db: Database) {
  const cache = new Map<string, WorkspaceVectors>();

  async function refresh(workspace: string, model: string): Promise<WorkspaceVectors> {
    const key = `${model}\u0000${workspace}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = { position: '0', seqs: [], sessions: [], peers: [], vectors: [] };
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
        for (const row of rows) {
          target.seqs.push(row.seq);
          target.sessions.push(row.session_id);
          target.peers.push(row.peer_id);
          target.vectors.push(decodeVector(row.embedding));
          target.position = row.position;
        }
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
      options: { limit: number; minSimilarity: number },
      filter: Filter = {},
    ) {
      const entry = await refresh(workspace, model);
      const scored: { seq: string; score: number }[] = [];
      for (let i = 0; i < entry.vectors.length; i++) {
        if (filter.session !== undefined && entry.sessions[i] !== filter.session) continue;
        if (filter.peer !== undefined && entry.peers[i] !== filter.peer) continue;
        const score = cosine(query, entry.vectors[i] as Float32Array);
        if (score >= options.minSimilarity) scored.push({ seq: entry.seqs[i] ?? '', score });
      }
      scored.sort((a, b) => b.score - a.score);
      // A message re-embedded under the same model appears twice: keep its best (latest) vector.
      return [...new Set(scored.slice(0, options.limit * 2).map((item) => item.seq))].slice(0, options.limit);
    },
  };
}

export type MessageVectorCache = ReturnType<typeof createMessageVectorCache>;
