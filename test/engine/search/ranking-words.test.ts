import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { fullTextRanks } from '../../../src/engine/search/full-text-ranks.js';
import { rankingWords } from '../../../src/engine/search/ranking-words.js';
import { findingWords, wordFrequencies } from '../../../src/engine/search/word-frequencies.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

// "made" is in 34 of 300 messages, "friends" in 1: the answer to "where has she made friends?" says
// "made" not at all, and another message says it three times.
const ANSWER = 'Great news, I am now friends with one of my fellow volunteers!';
const MADE_THRICE = 'We made pizza, made cookies and made a mess of the kitchen.';
const MESSAGES = [
  ANSWER,
  MADE_THRICE,
  'My sister made a cake for the bake sale.',
  'The kids made a card for their teacher.',
  'I made it to the gym early today.',
  ...Array.from({ length: 30 }, (_, n) => `Plan ${n}: I made a list of chores.`),
  ...Array.from({ length: 266 }, (_, n) => `Note ${n}: the weather was mild and the bus was late.`),
];

describe('rankingWords', () => {
  it('keeps the words held by at most 1 in 20 texts, and none when that is all of them or none', () => {
    const frequencies = {
      total: 100,
      documents: new Map([
        ['friend', 2],
        ['made', 30],
        ['mess', 5],
      ]),
    };
    expect(rankingWords(frequencies, ['friend', 'made', 'mess'])).toEqual(['friend', 'mess']);
    expect(rankingWords(frequencies, ['friend', 'mess'])).toEqual([]);
    expect(rankingWords(frequencies, ['made'])).toEqual([]);
  });
});

describe.each(['pglite', 'postgres'] as const)('full-text ranking by the rarer words (%s)', (kind) => {
  let database: Database;
  let engine: Engine;
  const workspace = uniqueWorkspace('ranking-words');
  beforeAll(async () => {
    database = await openTestDatabase(kind, 'ranking_words');
    engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    await engine.memory(workspace).addMessages({
      session: 'chat',
      messages: MESSAGES.map((content) => ({ peer: 'maria', content })),
    });
  }, 120_000);
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  async function ranked(ordering: 'all words' | 'ranking words'): Promise<string[]> {
    const words = ['friend', 'made'];
    const frequencies = await wordFrequencies(database, 'messages', workspace, words);
    const ranking = ordering === 'ranking words' ? rankingWords(frequencies, words) : [];
    const seqs = await fullTextRanks(
      database,
      workspace,
      'where has she made friends',
      findingWords(frequencies, words),
      {},
      3,
      ranking,
    );
    const rows = await database.query<{ seq: string; content: string }>(
      'SELECT seq::text AS seq, content FROM messages WHERE workspace_id = $1 AND seq = ANY($2::bigint[])',
      [workspace, seqs],
    );
    const content = new Map(rows.map((row) => [row.seq, row.content]));
    return seqs.map((seq) => content.get(seq) ?? seq);
  }

  it('puts the message saying a common word thrice first when every word ranks alike', async () => {
    expect((await ranked('all words'))[0]).toBe(MADE_THRICE);
  });

  it('puts the message holding the rare word first when the common word does not rank', async () => {
    expect((await ranked('ranking words'))[0]).toBe(ANSWER);
  });
});
