import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning } from '../../src/engine/learning/create-learning.js';
import { createMcpServer } from '../../src/mcp/create-mcp-server.js';
import type { ContextOutput } from '../../src/schemas/context.js';
import { callOk } from '../support/mcp-targets.js';
import { uniqueWorkspace } from '../support/temp-dir.js';

/**
 * What a new user meets on the first calls an agent makes, each answered as the agent expects,
 * through a real MCP client on a real engine learning offline (drained by each test).
 */

let database: Database;
let engine: Engine;
const SUMMARY_EVERY = 20;
beforeAll(() => {
  database = openDatabase({ kind: 'memory' });
  engine = createEngine(database, {
    learning: createLearning({
      reasoner: { kind: 'offline' },
      embeddings: { kind: 'offline' },
      summaryEvery: SUMMARY_EVERY,
    }),
    contextTokens: 8192,
    deriver: { ...DEFAULT_DERIVER, pollMs: 60_000 },
  });
});
afterAll(async () => {
  await engine.stop();
  await database.close();
});

async function connect(): Promise<Client> {
  const workspace = uniqueWorkspace('first-use');
  const handler = createMcpHandler(() => createMcpServer({ memory: engine.memory(workspace) }));
  const client = new Client({ name: 'first-use-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://in-process.test/mcp'), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    }),
  );
  return client;
}

const learn = () => engine.deriver?.drain();

const CHAT = [
  { peer: 'user', content: 'I moved from Sweden four years ago. I work as a nurse at the city hospital.' },
  { peer: 'assistant', content: 'That sounds like a big change! How do you like the hospital?' },
  { peer: 'user', content: 'I love it. My favourite food is sushi and I have a dog named Rex.' },
  { peer: 'assistant', content: 'Rex is a great name. I will remember that you like sushi.' },
];

describe('get_context', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
    await callOk(client, 'add_messages', { session: 'chat', messages: CHAT });
    await learn();
  });
  afterAll(async () => {
    await client.close();
  });

  it('with the assistant as peer_perspective and the user as peer_target, says observe_others is off', async () => {
    const context = await callOk<ContextOutput>(client, 'get_context', {
      session: 'chat',
      peer_perspective: 'assistant',
      peer_target: 'user',
    });
    expect(context).toMatchObject({ peer_card: null, peer_representation: null });
    expect(context.hints).toEqual([
      expect.stringMatching(
        /assistant learns nothing about user in this session: its observe_others is off.*pass user as peer_perspective/,
      ),
    ]);
    // Doing what the hint says answers.
    const user = await callOk<ContextOutput>(client, 'get_context', {
      session: 'chat',
      peer_perspective: 'user',
    });
    expect(user.peer_card).toEqual(expect.arrayContaining(['Dog: Rex']));
    expect(user.peer_representation).toContain('nurse');
    expect(user.hints).toBeUndefined();
    // And so does turning observe_others on, once learning has read the session again.
    await callOk(client, 'set_session_peer_config', {
      session: 'chat',
      peer: 'assistant',
      observe_others: true,
    });
    await callOk(client, 'add_messages', {
      session: 'chat',
      messages: [{ peer: 'user', content: 'I play the cello in a small orchestra.' }],
    });
    await learn();
    const learned = await callOk<ContextOutput>(client, 'get_context', {
      session: 'chat',
      peer_perspective: 'assistant',
      peer_target: 'user',
    });
    expect(learned.peer_representation).toContain('cello');
    expect(learned.hints).toBeUndefined();
  });

  it('the tool description and the server instructions say to pass the user as peer_perspective', async () => {
    const listed = (await client.listTools()).tools.find((tool) => tool.name === 'get_context');
    expect(listed?.description).toMatch(/peer_perspective: the user's peer/);
    expect(JSON.stringify(listed?.inputSchema)).toMatch(/usually the user’s peer/);
    expect(client.getInstructions()).toMatch(/pass the user's peer as peer_perspective/);
  });

  it('with summary, says why there is none: the messages are the whole session, or none is made yet', async () => {
    const whole = await callOk<ContextOutput>(client, 'get_context', { session: 'chat', summary: true });
    expect(whole.summary).toBeNull();
    expect(whole.messages.length).toBeGreaterThan(0);
    expect(whole.hints).toEqual(['summary: none needed: the messages are the whole session']);
    // A window smaller than the session, before learning has summarized it.
    const windowed = await callOk<ContextOutput>(client, 'get_context', {
      session: 'chat',
      summary: true,
      tokens: 30,
    });
    expect(windowed.summary).toBeNull();
    expect(windowed.messages.length).toBeLessThan(CHAT.length);
    expect(windowed.hints).toEqual([
      `summary: none made yet: learning summarizes a session every ${SUMMARY_EVERY} messages`,
    ]);
  });
});

describe('import_text of markdown', () => {
  it('stores one message per section, at every size', async () => {
    const client = await connect();
    try {
      const text = [
        '# Trip',
        'We booked the train to Porto for May.',
        '## Hotels',
        'Two nights near the river.',
        '```sh',
        '# not a heading: a comment in a code block',
        '```',
        '# Work',
        '## Shifts',
        'Night shifts end in June.',
      ].join('\n\n');
      const { messages } = await callOk<{ messages: { content: string }[] }>(client, 'import_text', {
        session: 'notes',
        peer: 'user',
        text,
        format: 'markdown',
      });
      expect(messages.map((message) => message.content.split('\n')[0])).toEqual([
        '# Trip',
        '## Hotels',
        '# Work',
      ]);
      expect(messages[1]?.content).toContain('# not a heading');
      expect(messages[2]?.content).toBe('# Work\n\n## Shifts\n\nNight shifts end in June.');
    } finally {
      await client.close();
    }
  });

  /**
   * Offline learning keeps what a peer says of itself in the first person: project notes in the
   * third person stay searchable but teach nothing, while a journal teaches one observation per
   * statement. docs/import.md says so.
   */
  it('teaches what its author says of itself in the first person, and stays searchable', async () => {
    const client = await connect();
    try {
      const notes = [
        '# Release plan',
        'The team ships version two in March. Marta owns the migration scripts.',
        '# Risks',
        'The payment provider changes its API in April, so the billing module needs a rewrite.',
      ].join('\n\n');
      const journal = [
        '# Monday',
        'I started a pottery class at the community centre.',
        '# Tuesday',
        'I ran ten kilometres along the canal before work.',
      ].join('\n\n');
      await callOk(client, 'import_text', {
        session: 'notes',
        peer: 'user',
        text: notes,
        format: 'markdown',
      });
      await callOk(client, 'import_text', {
        session: 'journal',
        peer: 'user',
        text: journal,
        format: 'markdown',
      });
      await learn();
      const count = async (session: string) =>
        (await callOk<{ total: number }>(client, 'list_observations', { session })).total;
      expect(await count('notes')).toBe(0);
      expect(await count('journal')).toBe(2);
      const found = await callOk<{ messages: { content: string }[] }>(client, 'search', {
        query: 'billing rewrite',
        session: 'notes',
      });
      expect(found.messages[0]?.content).toContain('# Risks');
    } finally {
      await client.close();
    }
  });
});

it('delete_session twice: the second call succeeds and reports the session was already gone', async () => {
  const client = await connect();
  try {
    await callOk(client, 'add_messages', {
      session: 'short',
      messages: [{ peer: 'user', content: 'hello there' }],
    });
    expect(await callOk(client, 'delete_session', { session: 'short' })).toEqual({ ok: true, deleted: true });
    expect(await callOk(client, 'delete_session', { session: 'short' })).toEqual({
      ok: true,
      deleted: false,
    });
  } finally {
    await client.close();
  }
});
