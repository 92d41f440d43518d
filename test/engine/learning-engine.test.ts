import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { createMcpServer } from '../../src/mcp/create-mcp-server.js';
import { callOk } from '../support/mcp-targets.js';
import { uniqueWorkspace } from '../support/temp-dir.js';
import { openTestDatabase } from '../support/test-database.js';

type Message = { id: string; content: string; session_id: string };
type Summary = { content: string; message_id: string; summary_type: string; token_count: number };

describe.each(['pglite', 'postgres'] as const)('the engine learns offline (%s)', (kind) => {
  let database: Database;
  let engine: Engine;
  beforeAll(async () => {
    database = await openTestDatabase(kind, 'learning');
    engine = createEngine(database, {
      learning: createLearning({
        reasoner: { kind: 'offline' },
        embeddings: { kind: 'offline' },
        summaryEvery: 4,
      }),
      contextTokens: 8192,
      // Each test drains the queue itself, so it knows when learning is done.
      deriver: { ...DEFAULT_DERIVER, pollMs: 60_000 },
    });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  /** A real MCP client on a fresh workspace of the engine. */
  async function connect(): Promise<{ client: Client; workspace: string }> {
    const workspace = uniqueWorkspace('learning');
    const handler = createMcpHandler(() => createMcpServer({ memory: engine.memory(workspace) }));
    const client = new Client({ name: 'learning-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://in-process.test/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    return { client, workspace };
  }
  const learn = () => engine.deriver?.drain();

  it('derives observations about the author from what it says, with their source messages', async () => {
    const { client, workspace } = await connect();
    const { messages } = await callOk<{ messages: Message[] }>(client, 'add_messages', {
      session: 'intro',
      messages: [
        {
          peer: 'Ada',
          content: 'I moved from Sweden four years ago. I work as a nurse at the city hospital.',
          created_at: '2023-05-08T13:56:00Z',
        },
        { peer: 'bot', content: 'That sounds like a big change!', created_at: '2023-05-08T13:57:00Z' },
      ],
    });
    await learn();
    const rows = await database.query<{ content: string; source_message_ids: string[]; session_id: string }>(
      `SELECT content, source_message_ids, session_id FROM observations
       WHERE workspace_id = $1 AND observer_id = 'Ada' AND observed_id = 'Ada' ORDER BY seq`,
      [workspace],
    );
    expect(rows.map((row) => row.content)).toEqual([
      'Ada moved from Sweden four years ago (around May 2019).',
      'Ada works as a nurse at the city hospital.',
    ]);
    expect(
      rows.every((row) => row.session_id === 'intro' && row.source_message_ids[0] === messages[0]?.id),
    ).toBe(true);
    const status = await callOk<{ pending: number; done: number; failed: number; observations: number }>(
      client,
      'get_deriver_status',
    );
    expect(status).toMatchObject({ pending: 0, done: 1, failed: 0, observations: 2 });
  });

  it('keeps a derived card, merges a repeated fact, and lets a newer fact supersede an older one', async () => {
    const { client, workspace } = await connect();
    const say = async (content: string, at: string) => {
      await callOk(client, 'add_messages', {
        session: 'life',
        messages: [{ peer: 'Ada', content, created_at: at }],
      });
      await learn();
    };
    await say('I live in Paris and I love hiking in the mountains.', '2023-01-01T10:00:00Z');
    await say('I live in Paris and I love hiking in the mountains.', '2023-01-02T10:00:00Z');
    await say('Big news: I live in Berlin now.', '2023-06-01T10:00:00Z');

    const card = await callOk<{ peer_card: string[] }>(client, 'get_peer_card', { peer: 'Ada' });
    expect(card.peer_card).toContain('Lives in: Berlin');
    expect(card.peer_card).not.toContain('Lives in: Paris');
    expect(card.peer_card).toContain('Likes: hiking in the mountains');

    const rows = await database.query<{ content: string; times_seen: number; superseded: boolean }>(
      `SELECT content, times_seen, superseded_by IS NOT NULL AS superseded FROM observations
       WHERE workspace_id = $1 AND observer_id = 'Ada' ORDER BY seq`,
      [workspace],
    );
    expect(rows).toEqual([
      { content: 'Ada lives in Paris.', times_seen: 2, superseded: true },
      { content: 'Ada loves hiking in the mountains.', times_seen: 2, superseded: false },
      { content: 'Big news: Ada lives in Berlin now.', times_seen: 1, superseded: false },
    ]);

    // A set card is the whole card: the derived entries it leaves out are gone from it.
    await callOk(client, 'set_peer_card', { peer: 'Ada', card: ['Lives in: Rome', 'Name: Ada'] });
    const set = await callOk<{ peer_card: string[] }>(client, 'get_peer_card', { peer: 'Ada' });
    expect(set.peer_card).toEqual(['Lives in: Rome', 'Name: Ada']);

    const { representation } = await callOk<{ representation: string }>(client, 'get_representation', {
      peer: 'Ada',
    });
    expect(representation).toContain('# Ada');
    expect(representation).toContain('- 1 June 2023: Big news: Ada lives in Berlin now.');
    expect(representation).not.toContain('Paris');
  });

  it('honours observe_me and observe_others', async () => {
    const { client, workspace } = await connect();
    await callOk(client, 'add_session_peers', { session: 'private', peers: ['Ada', 'bo', 'cy'] });
    await database.query(
      `UPDATE session_peers SET observe_me = (peer_id <> 'cy'), observe_others = (peer_id = 'bo')
       WHERE workspace_id = $1 AND session_id = 'private'`,
      [workspace],
    );
    await callOk(client, 'add_messages', {
      session: 'private',
      messages: [
        { peer: 'Ada', content: 'I have two cats called Miso and Nori.' },
        { peer: 'cy', content: 'I secretly collect vintage typewriters.' },
      ],
    });
    await learn();
    const pairs = await database.query<{ observer_id: string; observed_id: string }>(
      'SELECT DISTINCT observer_id, observed_id FROM observations WHERE workspace_id = $1 ORDER BY 1, 2',
      [workspace],
    );
    // ada is observed by itself and by bo (who observes others); cy asked not to be observed.
    expect(pairs).toEqual([
      { observer_id: 'Ada', observed_id: 'Ada' },
      { observer_id: 'bo', observed_id: 'Ada' },
    ]);
    const boKnows = await callOk<{ representation: string }>(client, 'get_representation', {
      peer: 'bo',
      target: 'Ada',
    });
    expect(boKnows.representation).toContain('Ada has two cats called Miso and Nori.');
  });

  it('summarises a session every N messages and uses the summary for what lies beyond the context window', async () => {
    const { client } = await connect();
    const lines = [
      'I started learning the cello last month because my daughter plays the violin.',
      'The cello teacher says my bowing is improving but my posture needs work.',
      'We practise duets every Sunday afternoon in the living room.',
      'Next spring we want to perform a duet at the school concert.',
      'My daughter thinks the cello sounds like a whale singing.',
      'I bought a second-hand cello from a retired orchestra player in town.',
      'The old cello needed new strings and a new bridge before it sounded right.',
      'I now practise scales for twenty minutes every morning before work.',
      'My neighbours have not complained about the noise yet, which is a relief.',
    ];
    const { messages } = await callOk<{ messages: Message[] }>(client, 'add_messages', {
      session: 'music',
      messages: lines.map((content) => ({ peer: 'Ada', content })),
    });
    await learn();
    const summaries = await callOk<{ short: Summary | null; long: Summary | null }>(
      client,
      'get_session_summaries',
      {
        session: 'music',
      },
    );
    expect(summaries.short?.message_id).toBe(messages.at(-1)?.id);
    expect(summaries.long?.content).toContain('cello');
    expect(summaries.long?.token_count).toBeGreaterThan(10);

    const last = messages.at(-1)?.content ?? '';
    const context = await callOk<{ messages: Message[]; summary: Summary | null }>(client, 'get_context', {
      session: 'music',
      summary: true,
      tokens: 120,
    });
    expect(context.summary?.summary_type).toMatch(/short|long/);
    expect(context.messages.at(-1)?.content).toBe(last);
    expect(context.messages.length).toBeLessThan(lines.length);
  });

  it('answers questions from what it learned, and says nothing rather than guess', async () => {
    const { client } = await connect();
    await callOk(client, 'add_messages', {
      session: 'chat',
      messages: [
        { peer: 'Ada', content: 'I went to a pottery class yesterday.', created_at: '2023-05-08T10:00:00Z' },
        {
          peer: 'Ada',
          content: 'I moved to Lisbon from Stockholm in 2019.',
          created_at: '2023-05-08T10:01:00Z',
        },
      ],
    });
    await learn();
    const ask = (query: string, reasoning_level = 'low') =>
      callOk<{ content: string | null }>(client, 'chat', { peer: 'Ada', query, reasoning_level });
    expect((await ask('When did Ada go to the pottery class?')).content).toBe('7 May 2023');
    expect((await ask('Where did Ada move to?')).content).toContain('Lisbon');
    expect((await ask('What is the name of her submarine captain?')).content).toBeNull();
    expect((await ask('pottery', 'minimal')).content).toContain('pottery class');
  });

  it('finds a message by its meaning when it shares no word with the query', async () => {
    const { client } = await connect();
    await callOk(client, 'add_messages', {
      session: 'pets',
      messages: [
        { peer: 'Ada', content: 'We adopted a little puppy from the shelter.' },
        { peer: 'Ada', content: 'The quarterly invoice is overdue.' },
      ],
    });
    await learn();
    const { messages } = await callOk<{ messages: Message[] }>(client, 'search', { query: 'dog' });
    expect(messages[0]?.content).toBe('We adopted a little puppy from the shelter.');
  });

  it('forgets what a deleted session taught', async () => {
    const { client, workspace } = await connect();
    await callOk(client, 'add_messages', {
      session: 'gone',
      messages: Array.from({ length: 4 }, (_, i) => ({
        peer: 'Ada',
        content: `I planted ${i + 2} tomato seedlings today.`,
      })),
    });
    await learn();
    const count = async (table: string) =>
      (
        await database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1`,
          [workspace],
        )
      )[0]?.n;
    expect(await count('observations')).toBeGreaterThan(0);
    expect(await count('session_summaries')).toBe(2);
    await callOk(client, 'delete_session', { session: 'gone' });
    expect(await count('observations')).toBe(0);
    expect(await count('session_summaries')).toBe(0);
    expect(await count('message_embeddings')).toBe(0);
    expect(await count('derivation_tasks')).toBe(0);
  });

  it('re-embeds in the background when the embedding model changes', async () => {
    const { client, workspace } = await connect();
    await callOk(client, 'add_messages', {
      session: 'before',
      messages: [{ peer: 'Ada', content: 'I adopted a tiny kitten last week.' }],
    });
    await learn();
    // The same vectors under another model name: a new model as far as stored vectors go.
    const base = createLearning(OFFLINE_LEARNING);
    const renamed = {
      ...base,
      embedder: { ...base.embedder, model: 'renamed-model', embed: base.embedder.embed },
    };
    const next = createEngine(database, {
      learning: renamed,
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, pollMs: 60_000 },
    });
    const models = async () =>
      database.query<{ model: string }>(
        `SELECT DISTINCT e.model FROM message_embeddings e JOIN messages m ON m.seq = e.message_seq
         WHERE m.workspace_id = $1
         UNION SELECT DISTINCT embedding_model FROM observations WHERE workspace_id = $1`,
        [workspace],
      );
    for (let i = 0; i < 50 && (await models()).some((row) => row.model !== 'renamed-model'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await models()).toEqual([{ model: 'renamed-model' }]);
    const { messages } = await next.memory(workspace).search({ query: 'cat', limit: 10 });
    expect(messages[0]?.content).toBe('I adopted a tiny kitten last week.');
    await next.stop();
  });
});
