import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

// The model is never called here: a deriver reports its reasoner before it learns anything, so the
// address of the provider needs nothing listening on it.
const modelLearning = createLearning({
  reasoner: {
    kind: 'llm',
    llm: {
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:9',
      model: 'gpt-4o-mini',
      timeoutMs: 1000,
      maxRetries: 0,
      retryBaseMs: 1,
    },
  },
  embeddings: { kind: 'offline' },
  summaryEvery: 1000,
});

describe.each(['pglite', 'postgres'] as const)('the reasoner a status reports, on %s', (kind) => {
  let db: Database | undefined;
  const engines: Engine[] = [];
  beforeAll(async () => {
    db = await openTestDatabase(kind, `learning_reasoner_${kind}`);
    // Opening a database (and migrating it) takes the longest: done here, not within a test's time.
    await db.query('SELECT 1');
  });
  // Each test starts from a database no deriver has reported to.
  beforeEach(async () => db?.query('DELETE FROM derivers'));
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
  });
  afterAll(async () => db?.close());
  const open = (learning = createLearning(OFFLINE_LEARNING), deriver = true) => {
    if (!db) throw new Error('no database');
    const engine = createEngine(db, {
      learning,
      contextTokens: 8192,
      deriver: deriver ? { ...DEFAULT_DERIVER, pollMs: 60_000 } : false,
    });
    engines.push(engine);
    return engine;
  };

  it('is the learning process’s, asked of a process that only reads (as `peermem status` is)', async () => {
    const workspace = uniqueWorkspace('reasoner');
    const asking = open(createLearning(OFFLINE_LEARNING), false);
    // Before any deriver has run on this database, the asking process can only name its own.
    expect((await asking.memory(workspace).getDeriverStatus({})).reasoner).toBe('offline');

    await open(modelLearning).deriver?.drain();
    expect((await asking.memory(workspace).getDeriverStatus({})).reasoner).toBe('llm:gpt-4o-mini');

    // Two derivers running with different reasoners: both are named.
    await open(createLearning(OFFLINE_LEARNING)).deriver?.drain();
    expect((await asking.memory(workspace).getDeriverStatus({})).reasoner).toMatch(
      /^(offline, llm:gpt-4o-mini|llm:gpt-4o-mini, offline)$/,
    );
  });

  it('is the last deriver’s when none has reported for a minute', async () => {
    if (!db) throw new Error('no database');
    // Each deriver stops (no heartbeat renews its report), and its report is aged as time would.
    const offline = open(createLearning(OFFLINE_LEARNING));
    await offline.deriver?.drain();
    await offline.stop();
    await db.query(`UPDATE derivers SET seen_at = now() - interval '10 minutes'`);
    const model = open(modelLearning);
    await model.deriver?.drain();
    await model.stop();
    await db.query(`UPDATE derivers SET seen_at = now() - interval '5 minutes' WHERE reasoner <> 'offline'`);
    const asking = open(createLearning(OFFLINE_LEARNING), false);
    expect((await asking.memory(uniqueWorkspace('gone')).getDeriverStatus({})).reasoner).toBe(
      'llm:gpt-4o-mini',
    );
  });
});
