import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { LIMITS } from '../../../src/schemas/limits.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

const filled = (text: string) =>
  text.repeat(Math.ceil(LIMITS.messageChars / text.length)).slice(0, LIMITS.messageChars);

const LONGEST = {
  // Before, 200 KB of this took 29 s to learn and 400 KB 153 s, answering nothing else meanwhile.
  'words without a full stop': filled('I really like the garden and the apples we grow there every summer '),
  prose: filled(
    'I moved from Sweden four years ago and I work as a nurse at the city hospital. Yesterday I went ' +
      'to a support group with my sister, and it was great! My dog Rex loves the park near our house. ',
  ),
};

describe.each(['pglite', 'postgres'] as const)('a message of the longest size (%s)', (kind) => {
  let database: Database;
  let engine: Engine;
  beforeAll(async () => {
    database = await openTestDatabase(kind, 'long_messages');
    engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, background: false },
    });
    // Loads the NLP lexicon and the word vectors, which the timings below are not about.
    await engine.memory(uniqueWorkspace('warm-up')).addMessages({
      session: 's',
      messages: [{ peer: 'Ada', content: 'I went to the park yesterday.' }],
    });
    await engine.deriver?.drain();
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  it.each(Object.entries(LONGEST))(
    'of %s is learned in seconds, while a query on the same engine answers at once',
    async (_label, content) => {
      const memory = engine.memory(uniqueWorkspace('long-message'));
      await memory.addMessages({
        session: 's',
        messages: [{ peer: 'Ada', content, created_at: '2023-05-08T13:56:00Z' }],
      });
      const started = performance.now();
      let learned = false;
      const learning = engine.deriver?.drain().finally(() => {
        learned = true;
      });
      // A simple query every 10 ms for as long as the message is being learned, as requests
      // arriving on a socket would (PGlite answers in microtasks: a loop of bare queries would
      // never let the deriver run).
      const waits: number[] = [];
      while (!learned) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const asked = performance.now();
        await memory.listSessions({ page: 1, size: 10, reverse: false });
        waits.push(performance.now() - asked);
      }
      await learning;
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(waits.length).toBeGreaterThan(10);
      expect(Math.max(...waits)).toBeLessThan(1000);
      const status = await memory.getDeriverStatus({});
      expect(status).toMatchObject({ done: 1, failed: 0 });
      expect(status.observations).toBeGreaterThan(0);
    },
  );
});
