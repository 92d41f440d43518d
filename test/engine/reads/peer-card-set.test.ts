import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { createMcpServer } from '../../../src/mcp/create-mcp-server.js';
import { callOk } from '../../support/mcp-targets.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

type Card = { peer_card: string[] | null };

/**
 * A card set with set_peer_card is the whole card: it reads back exactly, learning from messages
 * that were stored when it was set never changes it, and learning from later ones changes it only
 * with a newer fact per label. Driven through a real MCP client, learning with the offline reasoner.
 */
describe.each(['pglite', 'postgres'] as const)('a set peer card (%s)', (kind) => {
  let database: Database;
  let engine: Engine;
  beforeAll(async () => {
    database = await openTestDatabase(kind, 'card_set');
    engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      // Learning only when a test drains the queue: it decides which messages are learned before a set.
      deriver: { ...DEFAULT_DERIVER, background: false },
    });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  async function connect(): Promise<Client> {
    const memory = engine.memory(uniqueWorkspace('card'));
    const handler = createMcpHandler(() => createMcpServer({ memory }));
    const client = new Client({ name: 'card-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://in-process.test/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    return client;
  }
  const learn = () => engine.deriver?.drain();
  const say = (client: Client, peer: string, ...contents: string[]) =>
    callOk(client, 'add_messages', {
      session: 'life',
      messages: contents.map((content) => ({ peer, content })),
    });
  const card = async (client: Client) =>
    (await callOk<Card>(client, 'get_peer_card', { peer: 'ada' })).peer_card;

  it('replaces derived entries too, and keeps them out until newer messages give their labels a value', async () => {
    const client = await connect();
    await say(
      client,
      'ada',
      'I work as a data engineer at Spotify here in Stockholm.',
      'I live in Stockholm and I love hiking in the mountains.',
      'My favourite colour is green.',
    );
    await learn();
    expect(await card(client)).toEqual([
      'Favorite colour: green',
      'Likes: hiking in the mountains',
      'Lives in: Stockholm',
      'Works as: data engineer at Spotify here in Stockholm',
    ]);

    // Stored before the set, learned after it: old evidence of an entry the set removes.
    await say(client, 'ada', 'I work as a data engineer at Spotify here in Stockholm.');
    const written = ['Name: Ada', 'Lives in: Stockholm', 'Likes: hiking in the mountains'];
    expect(await callOk<Card>(client, 'set_peer_card', { peer: 'ada', card: written })).toEqual({
      peer_card: written,
    });
    expect(await card(client)).toEqual(written);
    await learn();
    const seen = await database.query<{ times_seen: number }>(
      `SELECT times_seen FROM observations WHERE observer_id = 'ada' AND card_entry LIKE 'Works as:%'
         AND workspace_id IN (SELECT workspace_id FROM peers WHERE id = 'ada') ORDER BY seq DESC LIMIT 1`,
    );
    expect(seen[0]?.times_seen).toBeGreaterThanOrEqual(2);
    expect(await card(client)).toEqual(written);

    // New learning that touches none of its labels: another peer's facts, a remark without one.
    await say(client, 'bob', 'I live in Oslo.');
    await say(client, 'ada', 'I am thinking about what to cook tonight.');
    await learn();
    expect(await card(client)).toEqual(written);

    // Newer facts: one for a label the card holds replaces it in place; one for a removed label
    // comes back after the set entries.
    await say(client, 'ada', 'I moved to Berlin last month.', 'I now work as a product manager at Klarna.');
    await learn();
    expect(await card(client)).toEqual([
      'Name: Ada',
      'Lives in: Berlin',
      'Likes: hiking in the mountains',
      'Works as: product manager at Klarna',
    ]);
  });

  it('clears with an empty list, and stays clear through learning from older messages', async () => {
    const client = await connect();
    await say(client, 'ada', 'I live in Stockholm and I love hiking in the mountains.');
    await learn();
    await say(client, 'ada', 'I work as a data engineer at Spotify here in Stockholm.');
    expect(await callOk<Card>(client, 'set_peer_card', { peer: 'ada', card: [] })).toEqual({ peer_card: [] });
    await learn();
    expect(await card(client)).toEqual([]);
    const rows = await database.query<{ card: string[] }>(
      `SELECT card FROM peer_cards WHERE observer_id = 'ada' AND observed_id = 'ada'
         AND workspace_id IN (SELECT workspace_id FROM peers WHERE id = 'ada')`,
    );
    expect(rows.map((row) => row.card)).toContainEqual([]);

    await say(client, 'ada', 'I moved to Berlin last month.');
    await learn();
    expect(await card(client)).toEqual(['Lives in: Berlin']);
  });

  it('sets and clears the card a peer holds about a target in the same way', async () => {
    const client = await connect();
    await callOk(client, 'set_peer_card', { peer: 'ada', target: 'bob', card: ['Name: Bob', 'Plays chess'] });
    expect(await callOk<Card>(client, 'get_peer_card', { peer: 'ada', target: 'bob' })).toEqual({
      peer_card: ['Name: Bob', 'Plays chess'],
    });
    await callOk(client, 'set_peer_card', { peer: 'ada', target: 'bob', card: [] });
    expect(await callOk<Card>(client, 'get_peer_card', { peer: 'ada', target: 'bob' })).toEqual({
      peer_card: [],
    });
    expect(await callOk<Card>(client, 'get_peer_card', { peer: 'bob' })).toEqual({ peer_card: null });
  });
});
