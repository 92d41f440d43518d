import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/create-engine.js';
import { openDatabase } from '../../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';

// PGlite runs no autovacuum: with learning off too, writes alone must get the planner its
// statistics, which search reads to tell common words from rare ones.
describe('the planner statistics of an embedded database', () => {
  const database = openDatabase({ kind: 'memory' });
  afterAll(() => database.close());

  const analysed = async () => {
    const rows = await database.query<{ words: number | null }>(
      `SELECT array_length(most_common_elems::text::text[], 1) AS words FROM pg_stats
       WHERE tablename = 'messages' AND attname = 'search_vector'`,
    );
    return rows[0]?.words ?? 0;
  };

  it('are gathered as messages are written, with learning off', async () => {
    const engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    const memory = engine.memory('statistics');
    expect(await analysed()).toBe(0);
    for (let call = 0; call < 25; call++) {
      await memory.addMessages({
        session: `s${call}`,
        messages: [{ peer: 'ada', content: `The weekend hike number ${call} went up the hill.` }],
      });
    }
    await expect.poll(analysed, { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
