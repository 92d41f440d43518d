import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { openDatabase } from '../../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { encodeVector } from '../../../src/engine/learning/vector-codec.js';
import { createMessageVectorCache } from '../../../src/engine/search/message-vector-cache.js';

// Vectors of 7 dimensions, written straight to message_embeddings under a model of their own: the
// dot products run four at a time, and a length that is no multiple of four must still count every one.
const MODEL = 'test-seven-dimensions';
const DIMENSIONS = 7;

/** A fixed pseudo-random vector per message, so that every run ranks the same. */
function vectorOf(index: number): Float32Array {
  const vector = new Float32Array(DIMENSIONS);
  for (let j = 0; j < DIMENSIONS; j++) vector[j] = Math.sin(index * 12.9898 + j * 78.233);
  return vector;
}

describe('the in-memory message vectors', () => {
  let database: Database;
  const seqs: string[] = [];
  const peerOf = new Map<string, string>();

  beforeAll(async () => {
    database = openDatabase({ kind: 'memory' });
    const engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    await engine.memory('vectors').addMessages({
      session: 'many',
      messages: Array.from({ length: 60 }, (_, i) => ({ peer: i % 2 ? 'ada' : 'bo', content: `turn ${i}` })),
    });
    const rows = await database.query<{ seq: string; peer_id: string }>(
      `SELECT seq::text AS seq, peer_id FROM messages WHERE workspace_id = 'vectors' ORDER BY seq`,
    );
    for (const row of rows) {
      seqs.push(row.seq);
      peerOf.set(row.seq, row.peer_id);
    }
    await database.query(
      `INSERT INTO message_embeddings (message_seq, workspace_id, model, embedding)
       SELECT e.seq, 'vectors', $1, decode(e.embedding, 'base64')
       FROM jsonb_to_recordset($2::jsonb) AS e(seq bigint, embedding text)`,
      [MODEL, JSON.stringify(seqs.map((seq, i) => ({ seq, embedding: encodeVector(vectorOf(i)) })))],
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it('ranks by the inner product over every dimension, best first, above the floor only', async () => {
    const query = vectorOf(1000);
    const score = (i: number) => vectorOf(i).reduce((sum, value, j) => sum + value * (query[j] as number), 0);
    const expected = seqs
      .map((seq, i) => ({ seq, score: score(i) }))
      .filter((item) => item.score >= 0.5)
      .sort((a, b) => b.score - a.score)
      .slice(0, 5)
      .map((item) => item.seq);
    expect(expected.length).toBe(5);

    const cache = createMessageVectorCache(database);
    expect(await cache.nearest('vectors', MODEL, query, { limit: 5, minSimilarity: 0.5 })).toEqual(expected);
  });

  it('keeps to the peer it is asked for', async () => {
    const query = vectorOf(2000);
    const cache = createMessageVectorCache(database);
    const found = await cache.nearest(
      'vectors',
      MODEL,
      query,
      { limit: 5, minSimilarity: -10 },
      { peer: 'ada' },
    );
    expect(found).toHaveLength(5);
    expect(found.map((seq) => peerOf.get(seq))).toEqual(Array(5).fill('ada'));
  });
});
