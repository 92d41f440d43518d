import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { fullTextRanks } from '../../../src/engine/search/full-text-ranks.js';
import {
  COMMON_DOCUMENTS,
  findingWords,
  wordFrequencies,
} from '../../../src/engine/search/word-frequencies.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

// One old message about pottery, then more than COMMON_DOCUMENTS newer ones about the weekend:
// "weekend" is common, "pottery" rare. Learning is off; what is counted is the messages' words.
const OLD = 'I took a pottery workshop on the weekend with my sister.';
const NEWER = (n: number) => `Plans for the weekend, number ${n}: groceries, laundry and a long walk.`;
const NEWER_COUNT = COMMON_DOCUMENTS + 200;

describe.each(['pglite', 'postgres'] as const)('word frequencies on %s', (kind) => {
  let database: Database;
  const workspace = uniqueWorkspace('frequencies');

  beforeAll(async () => {
    database = await openTestDatabase(kind, 'word_frequencies');
    await seed(database, workspace);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('counts a rare word exactly and finds a common one common without counting all that hold it', async () => {
    const frequencies = await wordFrequencies(database, 'messages', workspace, [
      'potteri',
      'weekend',
      'absent',
    ]);
    expect(frequencies.total).toBe(NEWER_COUNT + 1);
    expect(frequencies.documents.get('potteri')).toBe(1);
    expect(frequencies.documents.get('absent')).toBe(0);
    // Without statistics the count stops past the bound; with them it is the table's share.
    expect(frequencies.documents.get('weekend')).toBeGreaterThan(COMMON_DOCUMENTS);
    expect(findingWords(frequencies, ['potteri', 'weekend'])).toEqual({ words: ['potteri'], rare: true });
    expect(findingWords(frequencies, ['weekend'])).toEqual({ words: ['weekend'], rare: false });
  });

  it("takes a common word's count from the table's statistics once it is analysed", async () => {
    // A database object of its own: what a search read of the statistics is kept for minutes.
    const analysed = await openTestDatabase(kind, 'word_frequencies_analysed');
    try {
      await seed(analysed, workspace);
      await analysed.query('ANALYZE messages');
      const frequencies = await wordFrequencies(analysed, 'messages', workspace, ['weekend', 'potteri']);
      // Every newer message holds "weekend": the statistics give it nearly the whole table.
      expect(frequencies.documents.get('weekend')).toBeGreaterThan(NEWER_COUNT * 0.9);
      expect(frequencies.documents.get('weekend')).toBeLessThanOrEqual(frequencies.total);
      expect(frequencies.documents.get('potteri')).toBe(1);
      // Another workspace in the same table: its own messages are counted, not the table's.
      const small = uniqueWorkspace('frequencies-small');
      await createEngine(analysed, {
        learning: createLearning(OFFLINE_LEARNING),
        contextTokens: 8192,
        deriver: false,
      })
        .memory(small)
        .addMessages({
          session: 's',
          messages: [NEWER(1), NEWER(2), OLD].map((content) => ({ peer: 'bo', content })),
        });
      const ofSmall = await wordFrequencies(analysed, 'messages', small, ['weekend', 'potteri']);
      expect(ofSmall.total).toBe(3);
      expect(ofSmall.documents.get('weekend')).toBe(3);
      expect(ofSmall.documents.get('potteri')).toBe(1);
    } finally {
      await analysed.close();
    }
  }, 120_000);

  it('finds the old message by its rare word when the newest thousand share only a common one', async () => {
    const query = 'pottery class weekend';
    const frequencies = await wordFrequencies(database, 'messages', workspace, [
      'potteri',
      'class',
      'weekend',
    ]);
    const seqs = await fullTextRanks(
      database,
      workspace,
      query,
      findingWords(frequencies, ['potteri', 'class', 'weekend']),
      {},
      10,
    );
    const [row] = await database.query<{ content: string }>(
      'SELECT content FROM messages WHERE workspace_id = $1 AND seq = $2::bigint',
      [workspace, seqs[0]],
    );
    expect(row?.content).toBe(OLD);
  });

  it("finds a session's messages by a word common to the workspace when its rarer words are not in it", async () => {
    const words = ['weekend', 'potteri'];
    const frequencies = await wordFrequencies(database, 'messages', workspace, words);
    const seqs = await fullTextRanks(
      database,
      workspace,
      'weekend pottery',
      findingWords(frequencies, words),
      { session: 'newer-0' },
      10,
    );
    const rows = await database.query<{ session_id: string }>(
      'SELECT session_id FROM messages WHERE workspace_id = $1 AND seq = ANY($2::bigint[])',
      [workspace, seqs],
    );
    expect(seqs).toHaveLength(10);
    expect(new Set(rows.map((row) => row.session_id))).toEqual(new Set(['newer-0']));
  });
});

async function seed(database: Database, workspace: string): Promise<void> {
  const engine = createEngine(database, {
    learning: createLearning(OFFLINE_LEARNING),
    contextTokens: 8192,
    deriver: false,
  });
  const memory = engine.memory(workspace);
  await memory.addMessages({ session: 'old', messages: [{ peer: 'ada', content: OLD }] });
  for (let start = 0; start < NEWER_COUNT; start += 100) {
    await memory.addMessages({
      session: `newer-${start}`,
      messages: Array.from({ length: Math.min(100, NEWER_COUNT - start) }, (_, i) => ({
        peer: 'ada',
        content: NEWER(start + i),
      })),
    });
  }
}
