import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';
import { chatCompletion } from '../learning/llm/support/provider-replies.js';
import { type StandInProvider, startStandInProvider } from '../learning/llm/support/stand-in-provider.js';

type Learned = { observed_id: string; content: string; occurred_at: string | null };

const learned = (database: Database, workspace: string) =>
  database.query<Learned>(
    `SELECT observed_id, content, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS occurred_at
     FROM observations WHERE workspace_id = $1 AND observer_id = observed_id ORDER BY seq`,
    [workspace],
  );

describe.each(['pglite', 'postgres'] as const)('a message dated in year 1 (%s)', (kind) => {
  let database: Database;
  let engine: Engine;
  beforeAll(async () => {
    database = await openTestDatabase(kind, 'year_one');
    engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, background: false },
    });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  // Before, "yesterday" became 31 December of year 0, which the database refuses: the whole
  // batch failed, and the other message in it was never learned.
  it('saying "yesterday" is learned as said, and so is the message sent with it', async () => {
    const workspace = uniqueWorkspace('year-one');
    const memory = engine.memory(workspace);
    await memory.addMessages({
      session: 's',
      messages: [
        {
          peer: 'Ada',
          content: 'I went to the park with my dog yesterday.',
          created_at: '0001-01-01T00:00:00Z',
        },
        {
          peer: 'Bob',
          content: 'I moved to Lisbon last year for a new job.',
          created_at: '2023-05-08T13:56:00Z',
        },
      ],
    });
    await engine.deriver?.drain();
    expect(await memory.getDeriverStatus({})).toMatchObject({ done: 1, failed: 0, pending: 0 });
    expect(await learned(database, workspace)).toEqual([
      {
        observed_id: 'Ada',
        content: "Ada went to the park with Ada's dog yesterday.",
        occurred_at: '0001-01-01',
      },
      {
        observed_id: 'Bob',
        content: 'Bob moved to Lisbon in 2022 for a new job.',
        occurred_at: '2022-01-01',
      },
    ]);
  });
});

// The language model is a local stand-in for a paid API (OpenAI-compatible chat completions).
describe.each(['pglite', 'postgres'] as const)('a message the reasoner cannot learn (%s)', (kind) => {
  let provider: StandInProvider;
  let database: Database;
  let engine: Engine;
  beforeAll(async () => {
    provider = await startStandInProvider();
    database = await openTestDatabase(kind, 'message_failures');
    engine = createEngine(database, {
      learning: createLearning({
        reasoner: {
          kind: 'llm',
          llm: {
            provider: 'openai',
            baseUrl: provider.url,
            model: 'stand-in',
            timeoutMs: 5000,
            maxRetries: 0,
            retryBaseMs: 1,
          },
        },
        embeddings: { kind: 'offline' },
        summaryEvery: 1000,
      }),
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, background: false, maxAttempts: 3, retryBaseMs: 1 },
    });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
    await provider.close();
  });

  it('fails alone: the other messages of its batch are learned, its error is reported', async () => {
    const workspace = uniqueWorkspace('one-fails');
    const memory = engine.memory(workspace);
    provider.answerWith((request) => {
      // Output that is not what was asked, whenever the unreadable message is in the prompt.
      if (JSON.stringify(request.body).includes('UNREADABLE'))
        return chatCompletion('this is not json at all');
      const fact = {
        content: 'Ada keeps bees on her roof.',
        slot: null,
        card_entry: null,
        // A date the database would refuse: the fact is kept without it.
        occurred_at: '0000-12-31',
        message_ids: [],
      };
      return chatCompletion(JSON.stringify({ facts: [fact] }));
    });
    const { messages } = await memory.addMessages({
      session: 's',
      messages: [
        { peer: 'Ada', content: 'I keep bees on my roof.' },
        { peer: 'Ada', content: 'UNREADABLE' },
      ],
    });
    // A reply that does not fit is retried (three attempts here, 1 ms apart) before the batch is split.
    await expect
      .poll(
        async () => {
          await engine.deriver?.drain();
          return (await memory.getDeriverStatus({})).pending;
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    const status = await memory.getDeriverStatus({});
    expect(status).toMatchObject({ done: 1, failed: 1, pending: 0, in_progress: 0 });
    expect(status.failures).toHaveLength(1);
    expect(status.failures[0]?.error).toContain(`message ${messages[1]?.id}`);
    expect(await learned(database, workspace)).toEqual([
      { observed_id: 'Ada', content: 'Ada keeps bees on her roof.', occurred_at: null },
    ]);
    // After the batch, the message that can be learned was asked about on its own, once.
    const alone = provider.requests.filter((request) => !JSON.stringify(request.body).includes('UNREADABLE'));
    expect(alone).toHaveLength(1);
  });
});
