import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { openDatabase } from '../../../src/engine/database/open-database.js';
import { claimTasks } from '../../../src/engine/deriver/claim-tasks.js';
import { completeTask } from '../../../src/engine/deriver/complete-task.js';
import { deriveTask } from '../../../src/engine/deriver/derive-task.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { createIsolatedDatabase } from '../../support/postgres.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { chatCompletion, providerError } from '../learning/llm/support/provider-replies.js';
import { type StandInProvider, startStandInProvider } from '../learning/llm/support/stand-in-provider.js';

const countRows = async (database: Database, sql: string, workspace: string) =>
  (await database.query<{ n: number }>(sql, [workspace]))[0]?.n ?? 0;

describe('a crash or a second worker never duplicates what is learned', () => {
  let url: string;
  let database: Database;
  const learning = createLearning(OFFLINE_LEARNING);
  beforeAll(async () => {
    url = await createIsolatedDatabase('deriver_faults');
    database = openDatabase({ kind: 'postgres', url });
  });
  afterAll(() => database.close());

  it('re-runs a task whose worker died, and ignores that worker if it comes back late', async () => {
    const workspace = uniqueWorkspace('crash');
    const engine = createEngine(database, { learning, contextTokens: 8192, deriver: false });
    await engine.memory(workspace).addMessages({
      session: 's',
      messages: [{ peer: 'Ada', content: 'I keep bees on the roof of my building.' }],
    });
    const [claimed] = await claimTasks(database, {
      limit: 1,
      leaseSeconds: 300,
      claimToken: 'worker-that-dies',
    });
    expect(claimed?.workspace_id).toBe(workspace);
    // While the lease runs, nobody else takes it.
    expect(await claimTasks(database, { limit: 10, leaseSeconds: 300, claimToken: 'other' })).toEqual([]);
    // Once it has run out (lease 0 here), another worker does, and learns from it.
    const [retaken] = await claimTasks(database, { limit: 10, leaseSeconds: 0, claimToken: 'survivor' });
    expect(retaken?.id).toBe(claimed?.id);
    expect(retaken?.attempts).toBe(2);
    if (!claimed || !retaken) throw new Error('no task');
    expect(await completeTask(database, retaken, await deriveTask(database, retaken, learning))).toBe(true);
    // The first worker wakes up and tries to write the same task: nothing is written twice.
    expect(await completeTask(database, claimed, await deriveTask(database, claimed, learning))).toBe(false);
    const observations = await countRows(
      database,
      'SELECT count(*)::int AS n FROM observations WHERE workspace_id = $1',
      workspace,
    );
    expect(observations).toBe(1);
  });

  it('lets two workers share the queue: every batch learned once', async () => {
    const workspace = uniqueWorkspace('shared-queue');
    const writer = createEngine(database, { learning, contextTokens: 8192, deriver: false });
    const memory = writer.memory(workspace);
    for (let i = 0; i < 12; i++) {
      await memory.addMessages({
        session: `s${i % 3}`,
        messages: [{ peer: 'Ada', content: `I repaired bicycle number ${i} in my garage today.` }],
      });
    }
    const second = openDatabase({ kind: 'postgres', url });
    const workers = [database, second].map((db) =>
      createEngine(db, { learning, contextTokens: 8192, deriver: { ...DEFAULT_DERIVER, pollMs: 60_000 } }),
    );
    await Promise.all(workers.map((worker) => worker.deriver?.drain()));
    await Promise.all(workers.map((worker) => worker.stop()));
    await second.close();
    const tasks = await database.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM derivation_tasks WHERE workspace_id = $1',
      [workspace],
    );
    expect(tasks).toHaveLength(12);
    expect(tasks.every((task) => task.status === 'done' && task.attempts === 1)).toBe(true);
    const repeated = await countRows(
      database,
      `SELECT count(*)::int AS n FROM (SELECT fact_key FROM observations WHERE workspace_id = $1
       GROUP BY observer_id, observed_id, fact_key HAVING count(*) > 1) d`,
      workspace,
    );
    expect(repeated).toBe(0);
    const seen = await countRows(
      database,
      'SELECT coalesce(sum(times_seen), 0)::int AS n FROM observations WHERE workspace_id = $1',
      workspace,
    );
    expect(seen).toBe(12);
  });
});

// The language model here is a local stand-in for a paid API (OpenAI-compatible chat completions).
describe('with a language model that fails', () => {
  let provider: StandInProvider;
  let database: Database;
  let engine: Engine;
  beforeAll(async () => {
    provider = await startStandInProvider();
    database = openDatabase({ kind: 'memory' });
    engine = createEngine(database, {
      learning: createLearning({
        reasoner: {
          kind: 'llm',
          llm: {
            provider: 'openai',
            baseUrl: provider.url,
            model: 'stand-in',
            timeoutMs: 500,
            maxRetries: 0,
            retryBaseMs: 1,
          },
        },
        embeddings: { kind: 'offline' },
        summaryEvery: 1000,
      }),
      contextTokens: 8192,
      // The attempts a server makes (five), with the backoff shortened to a millisecond.
      deriver: { ...DEFAULT_DERIVER, pollMs: 60_000, retryBaseMs: 1 },
    });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
    await provider.close();
  });
  afterEach(() => provider.answerWith(() => providerError(500, 'no handler set')));

  /** Drains until nothing is due, waiting out the (1 ms) backoff between attempts. */
  async function learnUntilSettled() {
    for (let round = 0; round < 10; round++) {
      await engine.deriver?.drain();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('learns through the model when it answers, with structured output', async () => {
    const workspace = uniqueWorkspace('llm-ok');
    provider.answerWith((request) => {
      const format = request.body.response_format as { json_schema?: { name?: string } } | undefined;
      if (format?.json_schema?.name === 'answer')
        return chatCompletion(JSON.stringify({ answer: 'Beekeeping' }));
      const facts = [
        {
          content: 'Ada keeps bees on her roof.',
          slot: null,
          card_entry: 'Hobby: beekeeping',
          occurred_at: null,
          message_ids: [],
        },
      ];
      return chatCompletion(JSON.stringify({ facts }));
    });
    const memory = engine.memory(workspace);
    await memory.addMessages({
      session: 's',
      messages: [{ peer: 'Ada', content: 'I keep bees on my roof.' }],
    });
    await learnUntilSettled();
    expect(await memory.getPeerCard({ peer: 'Ada' })).toEqual({ peer_card: ['Hobby: beekeeping'] });
    expect(await memory.chat({ peer: 'Ada', query: 'What is her hobby?', reasoning_level: 'low' })).toEqual({
      content: 'Beekeeping',
    });
  });

  it('retries a provider error with backoff, then marks the batch failed, keeping what was learned before', async () => {
    const workspace = uniqueWorkspace('llm-down');
    const memory = engine.memory(workspace);
    provider.answerWith(() =>
      chatCompletion(
        JSON.stringify({
          facts: [
            { content: 'Ada likes tea.', slot: null, card_entry: null, occurred_at: null, message_ids: [] },
          ],
        }),
      ),
    );
    await memory.addMessages({ session: 's', messages: [{ peer: 'Ada', content: 'I like tea.' }] });
    await learnUntilSettled();

    provider.answerWith(() => providerError(503, 'overloaded'));
    await memory.addMessages({ session: 's', messages: [{ peer: 'Ada', content: 'I like coffee too.' }] });
    await learnUntilSettled();

    const status = await memory.getDeriverStatus({});
    expect(status).toMatchObject({ done: 1, failed: 1, pending: 0, observations: 1 });
    expect(status.failures[0]).toMatchObject({ session: 's', attempts: 5, status: 'failed' });
    expect(status.failures[0]?.error).toContain('503');
    expect(provider.requests.length).toBe(5);
  });

  it('retries a reply that is not JSON five times, as any failure, then marks the batch failed', async () => {
    const workspace = uniqueWorkspace('llm-garbled');
    const memory = engine.memory(workspace);
    provider.answerWith(() => chatCompletion('this is not json at all'));
    await memory.addMessages({ session: 's', messages: [{ peer: 'Ada', content: 'I own a sailing boat.' }] });
    await learnUntilSettled();
    const status = await memory.getDeriverStatus({});
    expect(status).toMatchObject({ failed: 1, pending: 0, observations: 0 });
    expect(status.failures[0]).toMatchObject({ attempts: 5, status: 'failed' });
    expect(status.failures[0]?.error).toContain('held no JSON object');
  });

  it('names the field a reply got wrong in the error the batch records', async () => {
    const workspace = uniqueWorkspace('llm-misfit');
    const memory = engine.memory(workspace);
    const fact = {
      content: 'Ada owns a boat.',
      slot: null,
      card_entry: null,
      occurred_at: null,
      message_ids: [],
    };
    provider.answerWith(() => chatCompletion(JSON.stringify({ facts: [fact, { ...fact, content: 42 }] })));
    await memory.addMessages({ session: 's', messages: [{ peer: 'Ada', content: 'I own a sailing boat.' }] });
    await learnUntilSettled();
    const [failure] = (await memory.getDeriverStatus({})).failures;
    expect(failure).toMatchObject({ attempts: 5, status: 'failed' });
    expect(failure?.error).toBe(
      `the model's reply did not match the "observations" schema at facts[1].content (Invalid input: expected string, received number)`,
    );
  });

  it('tries a failing batch as many times as docs/learning.md says', async () => {
    const docs = await readFile(new URL('../../../docs/learning.md', import.meta.url), 'utf8');
    expect(docs.replace(/\s+/g, ' ')).toContain(
      `marked failed after ${DEFAULT_DERIVER.maxAttempts} attempts`,
    );
  });

  it('retries a provider that times out', async () => {
    const workspace = uniqueWorkspace('llm-slow');
    const memory = engine.memory(workspace);
    let calls = 0;
    provider.answerWith(() => {
      calls++;
      if (calls === 1) return 'hang';
      return chatCompletion(JSON.stringify({ facts: [] }));
    });
    await memory.addMessages({ session: 's', messages: [{ peer: 'Ada', content: 'I collect old maps.' }] });
    await learnUntilSettled();
    expect(await memory.getDeriverStatus({})).toMatchObject({ done: 1, failed: 0, pending: 0 });
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});
