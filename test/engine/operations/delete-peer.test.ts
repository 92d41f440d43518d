import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning } from '../../../src/engine/learning/create-learning.js';
import { createMcpServer } from '../../../src/mcp/create-mcp-server.js';
import { callError, callOk } from '../../support/mcp-targets.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

type Counts = Record<string, number>;

/**
 * delete_peer through a real MCP client: what the peer wrote and all that was learned by or
 * about it is gone, read in SQL table by table; what the other peers wrote and learned stays.
 */
describe.each(['pglite', 'postgres'] as const)('forgetting a peer (%s)', (kind) => {
  let database: Database;
  let engine: Engine;
  beforeAll(async () => {
    database = await openTestDatabase(kind, 'delete_peer');
    engine = createEngine(database, {
      learning: createLearning({
        reasoner: { kind: 'offline' },
        embeddings: { kind: 'offline' },
        summaryEvery: 2,
      }),
      contextTokens: 8192,
      // Learning only when a test drains the queue: it decides which messages wait.
      deriver: { ...DEFAULT_DERIVER, background: false },
    });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  async function connect(workspace: string): Promise<Client> {
    const handler = createMcpHandler(() => createMcpServer({ memory: engine.memory(workspace) }));
    const client = new Client({ name: 'delete-peer-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://in-process.test/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    return client;
  }
  const learn = () => engine.deriver?.drain();

  /** Rows of each table that hold the peer, or hold what it wrote. */
  async function rowsOf(workspace: string, peer: string, seqs: readonly string[]): Promise<Counts> {
    const [row] = await database.query<Counts>(
      `SELECT
         (SELECT count(*)::int FROM peers WHERE workspace_id = $1 AND id = $2) AS peers,
         (SELECT count(*)::int FROM messages WHERE workspace_id = $1 AND peer_id = $2) AS messages,
         (SELECT count(*)::int FROM message_embeddings WHERE message_seq = ANY($3::bigint[])) AS embeddings,
         (SELECT count(*)::int FROM observations WHERE workspace_id = $1 AND $2 IN (observer_id, observed_id))
           AS observations,
         (SELECT count(*)::int FROM peer_cards WHERE workspace_id = $1 AND $2 IN (observer_id, observed_id)) AS cards,
         (SELECT count(*)::int FROM session_peers WHERE workspace_id = $1 AND peer_id = $2) AS memberships,
         (SELECT count(*)::int FROM derivation_tasks t WHERE t.workspace_id = $1 AND t.status = 'pending'
            AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.workspace_id = $1 AND m.session_id = t.session_id
                              AND m.seq BETWEEN t.first_seq AND t.last_seq AND m.peer_id <> $2)) AS queued,
         (SELECT count(*)::int FROM session_summaries s WHERE s.workspace_id = $1 AND s.session_id IN ('trip', 'solo'))
           AS summaries`,
      [workspace, peer, seqs],
    );
    return row ?? {};
  }

  it('removes its messages, observations by and about it, cards, memberships, embeddings and queue', async () => {
    const workspace = uniqueWorkspace('forget');
    const client = await connect(workspace);
    await callOk(client, 'add_messages', {
      session: 'trip',
      messages: [
        { peer: 'ada', content: 'I live in Stockholm and I love hiking in the mountains.' },
        { peer: 'bob', content: 'I live in Oslo and I play chess.' },
        { peer: 'ada', content: 'I work as a data engineer at Spotify here in Stockholm.' },
        { peer: 'bob', content: 'Nice, I work as a carpenter.' },
      ],
    });
    await callOk(client, 'add_messages', {
      session: 'solo',
      messages: [
        { peer: 'ada', content: 'My favourite colour is green.' },
        { peer: 'ada', content: 'I am thinking about what to cook tonight.' },
      ],
    });
    await callOk(client, 'set_session_peer_config', { session: 'trip', peer: 'bob', observe_others: true });
    await callOk(client, 'add_messages', {
      session: 'trip',
      messages: [{ peer: 'ada', content: 'I moved to Berlin last month.' }],
    });
    await learn();
    await callOk(client, 'set_peer_card', { peer: 'ada', card: ['Name: Ada'] });
    await callOk(client, 'set_peer_card', { peer: 'ada', target: 'bob', card: ['Plays chess'] });
    await callOk(client, 'set_peer_card', { peer: 'bob', target: 'ada', card: ['Lives in: Berlin'] });
    // Queued, never learned: one batch of ada's alone, one shared with bob.
    await callOk(client, 'add_messages', {
      session: 'solo',
      messages: [{ peer: 'ada', content: 'I have a dog named Rex.' }],
    });
    await callOk(client, 'add_messages', {
      session: 'trip',
      messages: [
        { peer: 'ada', content: 'See you in Berlin.' },
        { peer: 'bob', content: 'I have a cat named Tom.' },
      ],
    });

    const seqs = (
      await database.query<{ seq: string }>(
        `SELECT seq::text AS seq FROM messages WHERE workspace_id = $1 AND peer_id = 'ada'`,
        [workspace],
      )
    ).map((row) => row.seq);
    const before = await rowsOf(workspace, 'ada', seqs);
    // Every table holds something of ada's, so the counts after can only be zero by deletion.
    for (const [table, count] of Object.entries(before)) expect(count, table).toBeGreaterThan(0);
    const bobBefore = await database.query<{ content: string }>(
      `SELECT content FROM messages WHERE workspace_id = $1 AND peer_id = 'bob' ORDER BY seq`,
      [workspace],
    );

    expect(await callOk(client, 'delete_peer', { peer: 'ada' })).toEqual({ ok: true });

    expect(await rowsOf(workspace, 'ada', seqs)).toEqual({
      peers: 0,
      messages: 0,
      embeddings: 0,
      observations: 0,
      cards: 0,
      memberships: 0,
      queued: 0,
      summaries: 0,
    });
    const left = await database.query<{ what: string; n: number }>(
      `SELECT 'bob messages' AS what, count(*)::int AS n FROM messages WHERE workspace_id = $1 AND peer_id = 'bob'
       UNION ALL SELECT 'bob observations', count(*)::int FROM observations
         WHERE workspace_id = $1 AND observer_id = 'bob' AND observed_id = 'bob'
       UNION ALL SELECT 'queued with bob', count(*)::int FROM derivation_tasks WHERE workspace_id = $1 AND status = 'pending'
       UNION ALL SELECT 'trip count', message_count FROM sessions WHERE workspace_id = $1 AND id = 'trip'`,
      [workspace],
    );
    expect(Object.fromEntries(left.map((row) => [row.what, row.n]))).toMatchObject({
      'bob messages': bobBefore.length,
      'queued with bob': 1,
      'trip count': bobBefore.length,
    });
    expect(left.find((row) => row.what === 'bob observations')?.n).toBeGreaterThan(0);

    // Through the tools: gone from lists, cards and search; learning what is left brings none of it back.
    const peers = await callOk<{ items: { id: string }[] }>(client, 'list_peers');
    expect(peers.items.map((peer) => peer.id)).toEqual(['bob']);
    expect(await callError(client, 'get_peer_card', { peer: 'ada' })).toMatch(/peer "ada" does not exist/);
    const found = await callOk<{ messages: { peer: string }[] }>(client, 'search', {
      query: 'Berlin Stockholm',
    });
    expect(found.messages.map((message) => message.peer)).not.toContain('ada');
    await learn();
    expect(await rowsOf(workspace, 'ada', seqs)).toMatchObject({ peers: 0, observations: 0, cards: 0 });
    const status = await callOk<{ failed: number }>(client, 'get_deriver_status');
    expect(status.failed).toBe(0);

    // A mistyped peer in chat makes a peer and a membership; forgetting it takes both.
    await callOk(client, 'chat', { peer: 'bbo', query: 'Where does bob live?', session: 'trip' });
    const members = async () =>
      (
        await callOk<{ peers: { id: string }[] }>(client, 'list_session_peers', { session: 'trip' })
      ).peers.map((peer) => peer.id);
    expect(await members()).toEqual(['bob', 'bbo']);
    await callOk(client, 'delete_peer', { peer: 'bbo' });
    expect(await members()).toEqual(['bob']);
    expect(await rowsOf(workspace, 'bbo', [])).toMatchObject({ peers: 0, memberships: 0 });

    const again = await callError(client, 'delete_peer', { peer: 'ada' });
    expect(again).toMatch(/^not_found: peer "ada" does not exist/);
    expect(again).toContain('peer');
  });
});
