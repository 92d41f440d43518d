import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { encodeVector } from '../../src/engine/learning/vector-codec.js';
import { createMessageVectorCache } from '../../src/engine/search/message-vector-cache.js';
import { createVectorSearch } from '../../src/engine/search/vector-search.js';
import { loadLocomo } from '../locomo/load-locomo.js';
import { LOCOMO_FILE } from '../locomo/locomo-file.js';
import { summarize } from '../measure-latency.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';

const USAGE = `npm run bench:vectors -- [--passes N] [--queries N]

The vector path of semantic search alone, on PGlite in memory: LoCoMo's turns (--passes times
over the dataset, 5,882 turns each, default 5), embedded by the offline embedder as the deriver
embeds them, then LoCoMo's questions searched (--queries, default 200) by pgvector's HNSW index
and by brute force over the vectors in memory. Reports the time to fill the index and the query
latency of each path. The whole learning cost, and search as users call it, is \`npm run bench\`.`;

const WORKSPACE = 'vectors';
const SEARCH = { limit: 20, minSimilarity: 0.4 };

async function main(): Promise<void> {
  let flags: { passes?: string; queries?: string };
  try {
    flags = parseBenchFlags(
      process.argv.slice(2),
      { passes: { type: 'string' }, queries: { type: 'string' } },
      USAGE,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const passes = Number(flags.passes ?? 5);
  const queryCount = Number(flags.queries ?? 200);
  let locomo: Awaited<ReturnType<typeof loadLocomo>>;
  try {
    locomo = await loadLocomo(LOCOMO_FILE);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const db = await openDatabase({ kind: 'memory' });
  const learning = createLearning(OFFLINE_LEARNING);
  const engine = createEngine(db, { learning, contextTokens: 8192, deriver: false });
  try {
    const memory = engine.memory(WORKSPACE);
    let written = 0;
    for (let pass = 0; pass < passes; pass++) {
      for (const conversation of locomo.conversations) {
        for (const session of conversation.sessions) {
          for (let from = 0; from < session.turns.length; from += 100) {
            const turns = session.turns.slice(from, from + 100);
            await memory.addMessages({
              session: `${conversation.id}-${session.id}-pass${pass}`,
              messages: turns.map((turn) => ({ peer: turn.speaker, content: turn.text })),
            });
            written += turns.length;
          }
        }
      }
    }
    console.error(`[vectors] wrote ${written} turns; embedding them`);
    await embedAll(db, learning);
    const queries = locomo.conversations
      .flatMap((conversation) => conversation.questions.map((question) => question.question))
      .slice(0, queryCount);
    const queryVectors = await learning.embedder.embed(queries);

    const indexed = createVectorSearch(db);
    const path = await indexed.path();
    const fillStarted = performance.now();
    await indexed.catchUp(WORKSPACE, learning.embedder.model);
    const fillMs = performance.now() - fillStarted;
    await db.query('ANALYZE message_vectors').catch(() => {});
    const indexLatency = await timeQueries((vector) =>
      indexed.nearest(WORKSPACE, learning.embedder.model, vector, SEARCH),
    );

    const inMemory = createMessageVectorCache(db);
    const loadStarted = performance.now();
    await inMemory.nearest(
      WORKSPACE,
      learning.embedder.model,
      new Float32Array(queryVectors[0]?.length ?? 0),
      SEARCH,
    );
    const loadMs = performance.now() - loadStarted;
    const memoryLatency = await timeQueries((vector) =>
      inMemory.nearest(WORKSPACE, learning.embedder.model, vector, SEARCH),
    );

    console.log(
      [
        `Measured ${startedAt.toISOString().slice(0, 10)}, ${written} LoCoMo turns (${passes} passes), ` +
          `${queryVectors.length} questions, PGlite in memory, load average ${loadBefore.toFixed(1)} at the start.`,
        '',
        '| Vector path | made ready: s | query p50: ms | query p95: ms |',
        '| --- | ---: | ---: | ---: |',
        `| ${path} (HNSW index, filled from message_embeddings) | ${(fillMs / 1000).toFixed(1)} | ${indexLatency.p50.toFixed(1)} | ${indexLatency.p95.toFixed(1)} |`,
        `| in memory (brute force, loaded on first query) | ${(loadMs / 1000).toFixed(1)} | ${memoryLatency.p50.toFixed(1)} | ${memoryLatency.p95.toFixed(1)} |`,
      ].join('\n'),
    );

    async function timeQueries(search: (vector: Float32Array) => Promise<unknown>) {
      const samples: number[] = [];
      const started = performance.now();
      for (const vector of queryVectors) {
        const at = performance.now();
        await search(vector);
        samples.push(performance.now() - at);
      }
      return summarize(samples, performance.now() - started);
    }
  } finally {
    await engine.stop();
    await db.close();
  }
}

/** Writes every message's vector as the deriver does, 500 at a time, without the rest of learning. */
async function embedAll(db: Database, learning: ReturnType<typeof createLearning>): Promise<void> {
  for (let after = '0'; ; ) {
    const rows = await db.query<{ seq: string; content: string }>(
      `SELECT seq::text AS seq, content FROM messages WHERE workspace_id = $1 AND seq > $2::bigint
       ORDER BY seq LIMIT 500`,
      [WORKSPACE, after],
    );
    if (rows.length === 0) return;
    const vectors = await learning.embedder.embed(rows.map((row) => row.content));
    await db.query(
      `INSERT INTO message_embeddings (message_seq, workspace_id, model, embedding)
       SELECT e.seq, $2, $3, decode(e.embedding, 'base64')
       FROM jsonb_to_recordset($1::jsonb) AS e(seq bigint, embedding text)`,
      [
        JSON.stringify(
          rows.map((row, i) => ({ seq: row.seq, embedding: encodeVector(vectors[i] as Float32Array) })),
        ),
        WORKSPACE,
        learning.embedder.model,
      ],
    );
    after = rows.at(-1)?.seq ?? after;
  }
}

await runScript(main);
