import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { startLearningThread } from '../../../src/engine/deriver/learning-thread.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import type { Embedder } from '../../../src/engine/learning/llm/embedder.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

// The worker thread runs the built engine (the test setup builds it first).
describe.each(['pglite', 'postgres'] as const)('the deriver on a worker thread (%s)', (kind) => {
  let database: Database;
  let engine: Engine;
  beforeAll(async () => {
    database = await openTestDatabase(kind, 'learning_thread');
    engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      learningSettings: OFFLINE_LEARNING,
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, background: false },
    });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  it('learns what the main thread learns, and says where it learns', async () => {
    const memory = engine.memory(uniqueWorkspace('thread'));
    await memory.addMessages({
      session: 'move',
      messages: [
        { peer: 'Ada', content: 'I moved to Berlin last spring and I work as a nurse.' },
        { peer: 'Bob', content: 'That sounds great, how do you like the city?' },
      ],
    });
    expect(await engine.deriver?.drain()).toBe(1);
    const status = await memory.getDeriverStatus({});
    expect(status).toMatchObject({ pending: 0, done: 1, failed: 0, learning_thread: 'worker' });
    // PGlite ships pgvector; the Postgres server of these tests has no package for it.
    expect(status.vector_search).toBe(kind === 'pglite' ? 'pgvector' : 'in-memory');
    expect(status.observations).toBeGreaterThan(0);
    const { representation } = await memory.getRepresentation({ peer: 'Ada' });
    expect(representation).toContain('Berlin');
    // Message vectors were written too: a search by meaning finds the message.
    const found = await memory.search({ query: 'nurse job', limit: 5 });
    expect(found.messages.map((message) => message.peer_id)).toContain('Ada');
  });

  it('answers queries while the thread learns a backlog', async () => {
    const memory = engine.memory(uniqueWorkspace('busy'));
    for (let i = 0; i < 12; i++) {
      await memory.addMessages({
        session: `s${i}`,
        messages: Array.from({ length: 10 }, (_, k) => ({
          peer: k % 2 === 0 ? 'Ada' : 'Bob',
          content: `Yesterday I visited the museum in town number ${i} and I loved the paintings of the sea ${k}.`,
        })),
      });
    }
    let learned = false;
    const learning = engine.deriver?.drain().finally(() => {
      learned = true;
    });
    const waits: number[] = [];
    while (!learned) {
      const started = performance.now();
      await memory.listSessions({ page: 1, size: 10, reverse: false });
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await learning).toBe(12);
    waits.sort((a, b) => a - b);
    // Half the queries answer within the time of a few statements, whatever the thread does.
    expect(waits[Math.floor(waits.length / 2)]).toBeLessThan(250);
  });
});

describe('the learning thread embedding', () => {
  it("embeds with the main thread's embedder, and fails a task with its error", async () => {
    const database = await openTestDatabase('pglite', 'learning_embed');
    const offline = createLearning(OFFLINE_LEARNING);
    const asked: string[] = [];
    let failing = false;
    // The offline embedder itself, watched: every text the thread embeds passes through here.
    const embedder: Embedder = {
      model: offline.embedder.model,
      dimensions: offline.embedder.dimensions,
      async embed(texts) {
        if (failing) throw Object.assign(new Error('embeddings endpoint refused'), { retryable: false });
        asked.push(...texts);
        return offline.embedder.embed(texts);
      },
    };
    const engine = createEngine(database, {
      learning: { ...offline, embedder },
      learningSettings: OFFLINE_LEARNING,
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, background: false, maxAttempts: 1 },
    });
    try {
      const workspace = uniqueWorkspace('embed');
      const memory = engine.memory(workspace);
      const content = 'I adopted a grey cat named Miso last week.';
      await memory.addMessages({ session: 'pets', messages: [{ peer: 'Ada', content }] });
      expect(await engine.deriver?.drain()).toBe(1);
      expect(asked).toContain(content);
      const [stored] = await database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM message_embeddings WHERE workspace_id = $1',
        [workspace],
      );
      expect(stored?.count).toBe(1);

      failing = true;
      await memory.addMessages({
        session: 'pets',
        messages: [{ peer: 'Ada', content: 'Miso sleeps all day.' }],
      });
      await engine.deriver?.drain();
      const status = await memory.getDeriverStatus({});
      expect(status.failed).toBe(1);
      expect(JSON.stringify(status)).toContain('embeddings endpoint refused');
    } finally {
      await engine.stop();
      await database.close();
    }
  });
});

describe('an engine made from learning in code', () => {
  it('learns on the main thread and says so', async () => {
    const database = await openTestDatabase('pglite', 'learning_main');
    const engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, background: false },
    });
    try {
      const status = await engine.memory(uniqueWorkspace('main')).getDeriverStatus({});
      expect(status.learning_thread).toBe('main');
    } finally {
      await engine.stop();
      await database.close();
    }
  });
});

describe('a learning thread left idle', () => {
  it('is ended, and started again for the next call', async () => {
    const database = await openTestDatabase('pglite', 'learning_idle');
    const thread = startLearningThread(
      database,
      OFFLINE_LEARNING,
      createLearning(OFFLINE_LEARNING).embedder,
      {
        idleMs: 50,
      },
    );
    try {
      expect(await thread.reembedStale()).toBe(0);
      // Long past the idle time: the first thread has ended, a new one answers.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await thread.reembedStale()).toBe(0);
    } finally {
      await thread.close();
      await database.close();
    }
  });
});
