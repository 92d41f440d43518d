import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/create-engine.js';
import { openDatabase } from '../../../src/engine/database/open-database.js';
import { createTableUpkeep } from '../../../src/engine/database/table-upkeep.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { openTestDatabase } from '../../support/test-database.js';

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

// A server whose autovacuum is off (the test server's is) gets the same upkeep: dead rows reclaimed
// in the tables whose rows are rewritten, not only statistics.
describe('the upkeep of a Postgres server with autovacuum off', () => {
  it('vacuums the rewritten tables once enough changes are noted', async (context) => {
    const database = await openTestDatabase('postgres', 'table_upkeep');
    try {
      const [setting] = await database.query<{ autovacuum: string }>(
        `SELECT current_setting('autovacuum') AS autovacuum`,
      );
      if (setting?.autovacuum === 'on') context.skip('this server vacuums by itself');
      const vacuums = async () => {
        const [row] = await database.query<{ count: number }>(
          `SELECT (coalesce(sum(vacuum_count), 0) + coalesce(sum(analyze_count), 0))::int AS count
           FROM pg_stat_user_tables WHERE relname IN ('sessions', 'messages')`,
        );
        return row?.count ?? 0;
      };
      const before = await vacuums();
      const upkeep = createTableUpkeep(database);
      await upkeep.note(19);
      expect(await vacuums()).toBe(before);
      await upkeep.note(1);
      // Both tables: sessions vacuumed and analysed, messages analysed.
      await expect.poll(vacuums, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 3);
    } finally {
      await database.close();
    }
  });
});
