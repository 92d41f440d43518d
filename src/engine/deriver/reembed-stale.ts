import type { Database } from '../database/database.js';
import type { Learning } from '../learning/learning.js';
import { encodeVector } from '../learning/vector-codec.js';

const BATCH = 256;

/**
 * Embeds with the current model one batch of the messages and observations that have no vector
 * of it (stored before the model changed). Returns how many it embedded: 0 when all are current.
 * Vectors of different models are never compared, so until this is done those items are found
 * by full-text search only.
 */
export async function reembedStale(db: Database, learning: Learning): Promise<number> {
  const model = learning.embedder.model;
  const messages = await db.query<{ seq: string; workspace_id: string; content: string }>(
    `SELECT m.seq::text AS seq, m.workspace_id, m.content FROM messages m
     WHERE NOT EXISTS (SELECT 1 FROM message_embeddings e WHERE e.message_seq = m.seq AND e.model = $1)
     ORDER BY m.seq LIMIT ${BATCH}`,
    [model],
  );
  if (messages.length > 0) {
    const vectors = await learning.embedder.embed(messages.map((message) => message.content));
    await db.query(
      `INSERT INTO message_embeddings (message_seq, workspace_id, model, embedding)
       SELECT e.seq, e.workspace_id, $1, decode(e.embedding, 'base64')
       FROM jsonb_to_recordset($2::jsonb) AS e(seq bigint, workspace_id text, embedding text)
       WHERE EXISTS (SELECT 1 FROM messages m WHERE m.seq = e.seq)
       ON CONFLICT (message_seq) DO UPDATE SET model = EXCLUDED.model, embedding = EXCLUDED.embedding,
         position = nextval('message_embedding_positions')`,
      [
        model,
        JSON.stringify(
          messages.map((message, i) => ({
            seq: message.seq,
            workspace_id: message.workspace_id,
            embedding: encodeVector(vectors[i] ?? new Float32Array()),
          })),
        ),
      ],
    );
  }
  const observations = await db.query<{ id: string; content: string }>(
    `SELECT id, content FROM observations WHERE embedding_model IS DISTINCT FROM $1 ORDER BY seq LIMIT ${BATCH}`,
    [model],
  );
  if (observations.length > 0) {
    const vectors = await learning.embedder.embed(observations.map((observation) => observation.content));
    await db.query(
      `UPDATE observations o SET embedding = decode(v.embedding, 'base64'), embedding_model = $1
       FROM jsonb_to_recordset($2::jsonb) AS v(id text, embedding text) WHERE o.id = v.id`,
      [
        model,
        JSON.stringify(
          observations.map((observation, i) => ({
            id: observation.id,
            embedding: encodeVector(vectors[i] ?? new Float32Array()),
          })),
        ),
      ],
    );
  }
  return messages.length + observations.length;
}

/**
 * Whether any message or observation lacks a vector of `model`: asked before the learning thread
 * is started for `reembedStale`, so a server with nothing to re-embed never starts it for that.
 */
export async function hasStaleVectors(db: Database, model: string): Promise<boolean> {
  const [row] = await db.query<{ stale: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM messages m
                    WHERE NOT EXISTS (SELECT 1 FROM message_embeddings e WHERE e.message_seq = m.seq AND e.model = $1))
         OR EXISTS (SELECT 1 FROM observations WHERE embedding_model IS DISTINCT FROM $1) AS stale`,
    [model],
  );
  return row?.stale === true;
}
