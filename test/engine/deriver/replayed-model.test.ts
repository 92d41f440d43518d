import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning } from '../../../src/engine/learning/create-learning.js';
import type { MemoryService } from '../../../src/service/memory-service.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';
import type { ReceivedRequest } from '../learning/llm/support/stand-in-provider.js';
import { type StandInProvider, startStandInProvider } from '../learning/llm/support/stand-in-provider.js';

type Completion = { choices: { message: { content: string } }[] };
type Replay = {
  model: string;
  batches: { messages: { peer: string; content: string; created_at: string }[]; reply: Completion }[];
  questions: { peer: string; query: string; reply: Completion }[];
};

const replay = JSON.parse(
  await readFile(new URL('../../fixtures/model-replies/berlin-move.json', import.meta.url), 'utf8'),
) as Replay;
const factsOf = (reply: Completion) =>
  (
    JSON.parse(reply.choices[0]?.message.content ?? '{}') as {
      facts: { content: string; slot: string | null }[];
    }
  ).facts;
const schemaOf = (request: ReceivedRequest) =>
  (request.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
const promptOf = (request: ReceivedRequest) =>
  (request.body.messages as { role: string; content: string }[]).find((message) => message.role === 'user')
    ?.content ?? '';

/**
 * Replays a recorded model conversation through the whole deriver and chat. The provider is a test
 * double of a paid API (OpenAI-compatible chat completions) on loopback: it answers each batch and
 * each question with the reply in the fixture, putting in the message ids the prompt lists where
 * the fixture says #1, #2..., as the model copied them.
 */
describe.each(['pglite', 'postgres'] as const)('a recorded model conversation replayed on %s', (kind) => {
  let provider: StandInProvider;
  let db: Database;
  let engine: Engine;
  let memory: MemoryService;
  let messageIds: string[];

  beforeAll(async () => {
    provider = await startStandInProvider();
    let batch = 0;
    provider.answerWith((request) => {
      const prompt = promptOf(request);
      if (schemaOf(request) === 'observations') {
        const reply = replay.batches[batch++]?.reply;
        if (!reply) return { status: 500, body: { error: { message: 'no batch left to replay' } } };
        const ids = [...prompt.matchAll(/^\[([^\]]+)\] /gm)].map((match) => match[1] ?? '');
        const content = (reply.choices[0]?.message.content ?? '').replace(/"#(\d+)"/g, (_, n: string) =>
          JSON.stringify(ids[Number(n) - 1] ?? 'unknown'),
        );
        return {
          body: {
            ...reply,
            choices: [{ ...reply.choices[0], message: { ...reply.choices[0]?.message, content } }],
          },
        };
      }
      const question = replay.questions.find((candidate) => prompt.includes(`Question: ${candidate.query}`));
      return question
        ? { body: question.reply }
        : { status: 500, body: { error: { message: 'unknown question' } } };
    });
    db = await openTestDatabase(kind, `replayed_model_${kind}`);
    engine = createEngine(db, {
      learning: createLearning({
        reasoner: {
          kind: 'llm',
          llm: {
            provider: 'openai',
            baseUrl: provider.url,
            model: replay.model,
            timeoutMs: 5000,
            maxRetries: 0,
            retryBaseMs: 1,
          },
        },
        embeddings: { kind: 'offline' },
        summaryEvery: 1000,
      }),
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, pollMs: 60_000 },
    });
    memory = engine.memory(uniqueWorkspace('replay'));
    messageIds = [];
    for (const { messages } of replay.batches) {
      const added = await memory.addMessages({ session: 'chat', messages });
      messageIds.push(...added.messages.map((message) => message.id));
      await engine.deriver?.drain();
    }
  }, 180_000);
  afterAll(async () => {
    await engine?.stop();
    await db?.close();
    await provider?.close();
  });

  it('learns every fact the model gave, each tied to the message it came from; a later one replaces its slot', async () => {
    const facts = replay.batches.flatMap(({ reply }) => factsOf(reply));
    const replaced = facts.filter((fact, i) =>
      facts.slice(i + 1).some((later) => fact.slot && later.slot === fact.slot),
    );
    // A plan is no slot of the closed vocabulary the schema gives the model, so the cancelled trip
    // stays beside its plan, and the answer weighs the two by their dates.
    expect(replaced.map((fact) => fact.content)).toEqual([
      'Maria lives in Stockholm.',
      'Maria works as a product designer at Klarna.',
    ]);
    const { items } = await memory.listObservations({
      observed: 'maria',
      page: 1,
      size: 100,
      reverse: false,
    });
    const current = facts.filter((fact) => !replaced.includes(fact)).map((fact) => fact.content);
    expect(items.map((observation) => observation.content).sort()).toEqual(current.sort());
    const sources = await db.query<{ content: string; source_message_ids: string[] }>(
      `SELECT content, source_message_ids FROM observations WHERE observed_id = 'maria' AND content LIKE $1`,
      ['%Volkshochschule%'],
    );
    expect(sources.map((row) => row.source_message_ids)).toEqual([[messageIds.at(-1)]]);
    const status = await memory.getDeriverStatus({});
    expect(status).toMatchObject({
      done: replay.batches.length,
      failed: 0,
      observations: facts.length,
      // A model reads German: nothing is set aside for its language.
      not_learned: { count: 0, reasons: { language: 0 } },
      reasoner: `llm:${replay.model}`,
    });
  });

  it('draws the card from the current facts only: Berlin and Spotify, not Stockholm and Klarna', async () => {
    const { peer_card: card } = await memory.getPeerCard({ peer: 'maria' });
    expect(card).toHaveLength(4);
    expect(card).toEqual(
      expect.arrayContaining([
        'Lives in: Berlin',
        'Works at: Spotify (remote)',
        'Husband: Tomas',
        'Daughter: Lina (6)',
      ]),
    );
  });

  it('answers with the model from memory that marks replaced facts, and declines when the model does', async () => {
    const [where, japan, secret] = replay.questions;
    if (!where || !japan || !secret) throw new Error('the fixture has three questions');
    expect(await memory.chat({ peer: 'maria', query: where.query, reasoning_level: 'low' })).toEqual({
      content: 'Berlin, since July 2025; before that she lived in Stockholm.',
    });
    const asked = provider.requests.filter((request) => schemaOf(request) === 'answer').at(-1);
    expect(promptOf(asked as ReceivedRequest)).toContain(
      'Maria lives in Stockholm. (no longer true: since replaced)',
    );
    expect(await memory.chat({ peer: 'maria', query: japan.query, reasoning_level: 'low' })).toEqual({
      content: 'No, she cancelled the trip because of the move to Berlin.',
    });
    expect(await memory.chat({ peer: 'maria', query: secret.query, reasoning_level: 'low' })).toEqual({
      content: null,
    });
  });
});
