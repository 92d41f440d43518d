import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { makeTempDir } from '../support/temp-dir.js';
import { connectTo, remoteMemory } from './support.js';

/**
 * Every tool, called in the same order with the same arguments on an embedded server and on a
 * remote one (a fresh gateway, so the wallet's workspace starts as empty as the embedded one):
 * the answers are equal but for what each store stamps itself (ids, times) and what learning in
 * the background has reached (representation, context, chat), whose shapes are compared.
 */
let gateway: TestGateway;
let database: Database;
let engine: Engine;
let walletDir: Awaited<ReturnType<typeof makeTempDir>>;
let embedded: Awaited<ReturnType<typeof connectTo>>;
let remote: Awaited<ReturnType<typeof connectTo>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  database = openDatabase({ kind: 'memory' });
  await database.query('SELECT 1');
  engine = createEngine(database, {
    learning: createLearning(OFFLINE_LEARNING),
    contextTokens: 8192,
    deriver: { ...DEFAULT_DERIVER, pollMs: 50 },
  });
  walletDir = await makeTempDir();
  embedded = await connectTo(engine.memory('suite'));
  remote = await connectTo(
    remoteMemory({ upstream: gateway.url, gateway, walletDir: walletDir.path }).memory,
  );
}, 120_000);
afterAll(async () => {
  await embedded?.close();
  await remote?.close();
  await engine?.stop();
  await database?.close();
  await gateway?.close();
  await walletDir?.remove();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Drops what each store stamps itself: ids of messages, creation and update times. */
function stamped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stamped);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !['created_at', 'updated_at', 'last_message_at'].includes(key))
      .map(([key, inner]) => [
        key,
        key === 'id' && UUID.test(String(inner)) ? 'a message id' : stamped(inner),
      ]),
  );
}

/** The keys of an answer, all the way down: its shape without its values. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (value === null || typeof value !== 'object') return value === null ? null : typeof value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
}

async function both(name: string, args: Record<string, unknown>) {
  const answers = [];
  for (const { client } of [embedded, remote]) answers.push(await answer(client, name, args));
  return answers as [Answer, Answer];
}

type Answer = { isError: boolean; structured: unknown; text: string };

async function answer(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await client.callTool({ name, arguments: args });
  return {
    isError: Boolean(result.isError),
    structured: result.structuredContent,
    text: (result.content as { text?: string }[]).map((block) => block.text ?? '').join('\n'),
  };
}

const EXACT: [string, Record<string, unknown>][] = [
  [
    'add_messages',
    {
      session: 'trip',
      messages: [
        { peer: 'ada', content: 'I am planning a hiking trip to the Dolomites in July.' },
        { peer: 'assistant', content: 'Do you prefer huts or camping?', metadata: { model: 'x' } },
      ],
    },
  ],
  ['add_messages', { session: 'trip', messages: [{ peer: 'ada', content: 'Huts, and I am vegetarian.' }] }],
  ['list_messages', { session: 'trip' }],
  ['list_messages', { session: 'trip', reverse: true, size: 1 }],
  ['list_sessions', {}],
  ['list_peers', {}],
  ['list_peer_sessions', { peer: 'ada' }],
  ['add_session_peers', { session: 'trip', peers: ['carol'] }],
  ['list_session_peers', { session: 'trip' }],
  ['remove_session_peers', { session: 'trip', peers: ['carol'] }],
  ['list_session_peers', { session: 'trip' }],
  ['set_peer_card', { peer: 'ada', card: ['vegetarian', 'hikes'] }],
  ['get_peer_card', { peer: 'ada' }],
  ['search', { query: 'Dolomites hiking' }],
  ['search', { query: 'vegetarian', session: 'trip' }],
  ['list_messages', { session: 'nowhere' }],
  ['get_peer_card', { peer: 'nobody' }],
];

test('the tools that read and write stored data answer the same in both modes', async () => {
  for (const [name, args] of EXACT) {
    const [local, upstream] = await both(name, args);
    expect(upstream.isError, `${name} ${JSON.stringify(args)}: ${upstream.text}`).toBe(local.isError);
    if (local.isError) expect(upstream.text, name).toBe(local.text);
    else
      expect(stamped(upstream.structured), `${name} ${JSON.stringify(args)}`).toEqual(
        stamped(local.structured),
      );
  }
});

test('the tools that answer from what is learned give answers of the same shape', async () => {
  const calls: [string, Record<string, unknown>][] = [
    ['get_context', { session: 'trip', peer_perspective: 'ada' }],
    ['get_session_summaries', { session: 'trip' }],
    ['get_representation', { peer: 'ada' }],
    ['chat', { peer: 'ada', query: 'Where is ada hiking?', reasoning_level: 'minimal' }],
  ];
  for (const [name, args] of calls) {
    const [local, upstream] = await both(name, args);
    expect([local.isError, upstream.isError], `${name}: ${upstream.text}`).toEqual([false, false]);
    const keys = (value: unknown) => Object.keys(value as object).sort();
    expect(keys(upstream.structured), name).toEqual(keys(local.structured));
  }
  // Scalars and lists may be empty on one side while learning runs; the top-level shape is checked
  // above, and a deeper one where both sides have content.
  const [local, upstream] = await both('get_context', { session: 'trip' });
  expect(shape(upstream.structured)).toEqual(shape(local.structured));
});

test('delete_session removes the session in both modes', async () => {
  const [local, upstream] = await both('delete_session', { session: 'trip' });
  expect(upstream.structured).toEqual(local.structured);
  const [localList, upstreamList] = await both('list_sessions', {});
  expect(stamped(upstreamList.structured)).toEqual(stamped(localList.structured));
});
