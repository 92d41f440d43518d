import type { Client } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PeerCardOutput } from '../../src/schemas/card.js';
import type { ContextOutput } from '../../src/schemas/context.js';
import { LIMITS } from '../../src/schemas/limits.js';
import type { AddMessagesOutput, ListMessagesOutput } from '../../src/schemas/message.js';
import type { ListPeerSessionsOutput, ListPeersOutput, PeerList } from '../../src/schemas/peer.js';
import type { SearchOutput } from '../../src/schemas/search.js';
import type { ListSessionsOutput } from '../../src/schemas/session.js';
import { tools } from '../../tools/index.js';
import { type ConnectedClient, callError, callOk, connectClient } from '../support/mcp-targets.js';

type Call = { tool: string; args: Record<string, unknown> };
type AnyPage = ListMessagesOutput | ListSessionsOutput | ListPeerSessionsOutput;

/** What every test starts from: one session where bob then ada spoke, and ada's card. */
const SEEDED = {
  sessions: ['seed'],
  peers: ['ada', 'bob'],
  members: ['ada', 'bob'],
  messages: ['good morning', 'hello'],
  card: ['Name: Ada'],
};

/** The three paginated tools, each with the arguments that make it list something. */
const PAGINATED: readonly Call[] = [
  { tool: 'list_messages', args: { session: 'seed' } },
  { tool: 'list_sessions', args: {} },
  { tool: 'list_peer_sessions', args: { peer: 'ada' } },
];

/**
 * One valid call of every tool of the registry, by name, reading or writing the seeded data (the
 * ids of a message or an observation need not exist: these calls are made with one field too
 * many, which is refused before anything is read). A tool added to the registry without a call
 * here fails the first test below.
 */
const VALID_CALLS: Readonly<Record<string, Record<string, unknown>>> = {
  add_messages: { session: 'seed', messages: [{ peer: 'ada', content: 'again' }] },
  import_file: { session: 'seed', peer: 'ada', path: '/notes.md' },
  import_text: { session: 'seed', peer: 'ada', text: '# Notes\nTea, no sugar.' },
  get_context: { session: 'seed' },
  chat: { peer: 'ada', query: 'What does Ada drink?' },
  search: { query: 'hello' },
  get_peer_card: { peer: 'ada' },
  set_peer_card: { peer: 'ada', card: ['Name: Ada Lovelace'] },
  get_representation: { peer: 'ada' },
  query_observations: { observer: 'ada', observed: 'ada', query: 'tea' },
  list_observations: {},
  create_observations: {
    observations: [{ observer: 'ada', observed: 'ada', session: 'seed', content: 'Ada drinks tea.' }],
  },
  delete_observation: { id: 'an-observation' },
  list_messages: { session: 'seed' },
  get_message: { session: 'seed', message: 'a-message' },
  update_message_metadata: { session: 'seed', message: 'a-message', metadata: { starred: true } },
  list_sessions: {},
  update_session_metadata: { session: 'seed', metadata: { topic: 'greetings' } },
  clone_session: { session: 'seed' },
  list_peers: {},
  update_peer_metadata: { peer: 'ada', metadata: { role: 'user' } },
  list_peer_sessions: { peer: 'ada' },
  list_session_peers: { session: 'seed' },
  add_session_peers: { session: 'seed', peers: ['cy'] },
  remove_session_peers: { session: 'seed', peers: ['ada'] },
  get_session_peer_config: { session: 'seed', peer: 'ada' },
  set_session_peer_config: { session: 'seed', peer: 'ada', observe_others: true },
  get_session_summaries: { session: 'seed' },
  get_deriver_status: {},
  get_spending: {},
  delete_session: { session: 'seed' },
  delete_peer: { peer: 'bob' },
};

/** Calls naming a session, peer or target that does not exist, where the service creates nothing. */
const NOT_FOUND: readonly (Call & { id: string })[] = [
  { tool: 'list_messages', args: { session: 'ghost' }, id: 'ghost' },
  { tool: 'list_session_peers', args: { session: 'ghost' }, id: 'ghost' },
  { tool: 'remove_session_peers', args: { session: 'ghost', peers: ['ada', 'zed'] }, id: 'ghost' },
  { tool: 'delete_peer', args: { peer: 'zed' }, id: 'zed' },
  { tool: 'get_session_summaries', args: { session: 'ghost' }, id: 'ghost' },
  { tool: 'get_context', args: { session: 'ghost' }, id: 'ghost' },
  { tool: 'search', args: { query: 'hello', session: 'ghost' }, id: 'ghost' },
  { tool: 'list_peer_sessions', args: { peer: 'zed' }, id: 'zed' },
  { tool: 'get_peer_card', args: { peer: 'zed' }, id: 'zed' },
  { tool: 'get_peer_card', args: { peer: 'ada', target: 'zed' }, id: 'zed' },
  { tool: 'search', args: { query: 'hello', peer: 'zed' }, id: 'zed' },
];

describe.each(['pglite', 'postgres'] as const)('input bounds over MCP (%s)', (db) => {
  let connected: ConnectedClient;
  let client: Client;

  beforeEach(async () => {
    connected = await connectClient('in-process', db);
    client = connected.client;
    await callOk(client, 'add_messages', {
      session: 'seed',
      messages: [
        { peer: 'bob', content: 'good morning' },
        { peer: 'ada', content: 'hello' },
      ],
    });
    await callOk(client, 'set_peer_card', { peer: 'ada', card: SEEDED.card });
  });

  afterEach(async () => {
    await connected.close();
  });

  /** Everything a rejected call could have written, read back through the tools. */
  async function stored() {
    const sessions = await callOk<ListSessionsOutput>(client, 'list_sessions', { size: 100 });
    const peers = await callOk<ListPeersOutput>(client, 'list_peers', { size: 100 });
    const members = await callOk<PeerList>(client, 'list_session_peers', { session: 'seed' });
    const messages = await callOk<ListMessagesOutput>(client, 'list_messages', {
      session: 'seed',
      size: 100,
    });
    const card = await callOk<PeerCardOutput>(client, 'get_peer_card', { peer: 'ada' });
    return {
      sessions: sessions.items.map((session) => session.id),
      sessionTotal: sessions.total,
      peers: peers.items.map((peer) => peer.id).sort(),
      members: members.peers.map((peer) => peer.id).sort(),
      messages: messages.items.map((message) => message.content),
      messageTotal: messages.total,
      card: card.peer_card,
    };
  }

  async function expectNothingWritten(): Promise<void> {
    expect(await stored()).toEqual({ ...SEEDED, sessionTotal: 1, messageTotal: 2 });
  }

  /** Calls that must each be rejected with an error naming `field` and saying why. */
  async function expectRejected(calls: readonly Call[], field: string, reason: RegExp): Promise<void> {
    for (const { tool, args } of calls) {
      const text = await callError(client, tool, args);
      expect(text, `${tool} ${JSON.stringify(args)}`).toContain(field);
      expect(text, `${tool} ${JSON.stringify(args)}`).toMatch(reason);
    }
    await expectNothingWritten();
  }

  const addBatch = (messages: Record<string, unknown>[]): Call => ({
    tool: 'add_messages',
    args: { session: 'seed', messages },
  });
  const addMessage = (message: Record<string, unknown>): Call => addBatch([message]);

  describe('page: integer >= 1', () => {
    it('rejects page 0 on every paginated tool', async () => {
      await expectRejected(
        PAGINATED.map(({ tool, args }) => ({ tool, args: { ...args, page: 0 } })),
        'page',
        /too small.*>=\s*1/i,
      );
    });

    it('rejects page 1.5 on every paginated tool', async () => {
      await expectRejected(
        PAGINATED.map(({ tool, args }) => ({ tool, args: { ...args, page: 1.5 } })),
        'page',
        /expected int/i,
      );
    });
  });

  describe('size: integer 1..100', () => {
    it('rejects size 0 on every paginated tool', async () => {
      await expectRejected(
        PAGINATED.map(({ tool, args }) => ({ tool, args: { ...args, size: 0 } })),
        'size',
        /too small.*>=\s*1/i,
      );
    });

    it('rejects size 101 on every paginated tool', async () => {
      await expectRejected(
        PAGINATED.map(({ tool, args }) => ({ tool, args: { ...args, size: 101 } })),
        'size',
        /too big.*<=\s*100/i,
      );
    });

    it('accepts size 1 and size 100 on every paginated tool', async () => {
      // A second session gives every paginated tool two items to page through.
      await callOk(client, 'add_session_peers', { session: 'second', peers: ['ada'] });
      for (const { tool, args } of PAGINATED) {
        for (const [size, items] of [
          [1, 1],
          [100, 2],
        ] as const) {
          const page = await callOk<AnyPage>(client, tool, { ...args, size });
          expect(
            { size: page.size, items: page.items.length, total: page.total },
            `${tool} size ${size}`,
          ).toEqual({ size, items, total: 2 });
        }
      }
    });
  });

  describe('search limit: integer 1..100', () => {
    it('rejects limit 0', async () => {
      await expectRejected(
        [{ tool: 'search', args: { query: 'hello', limit: 0 } }],
        'limit',
        /too small.*>=\s*1/i,
      );
    });

    it('rejects limit 101', async () => {
      await expectRejected(
        [{ tool: 'search', args: { query: 'hello', limit: 101 } }],
        'limit',
        /too big.*<=\s*100/i,
      );
    });

    it('accepts limit 1 and limit 100', async () => {
      const one = await callOk<SearchOutput>(client, 'search', { query: 'hello morning', limit: 1 });
      expect(one.messages).toHaveLength(1);
      const hundred = await callOk<SearchOutput>(client, 'search', { query: 'hello morning', limit: 100 });
      expect(hundred.messages.map((message) => message.content).sort()).toEqual(['good morning', 'hello']);
    });
  });

  describe('messages per add_messages: at least 1', () => {
    it('rejects an empty messages array', async () => {
      await expectRejected(
        [{ tool: 'add_messages', args: { session: 'new', messages: [] } }],
        'messages',
        /at least 1 message/,
      );
    });
  });

  describe('peers per add or remove call: at least 1', () => {
    it('rejects add_session_peers with an empty peers array', async () => {
      await expectRejected(
        [{ tool: 'add_session_peers', args: { session: 'new', peers: [] } }],
        'peers',
        /at least 1 peer/,
      );
    });

    it('rejects remove_session_peers with an empty peers array', async () => {
      await expectRejected(
        [{ tool: 'remove_session_peers', args: { session: 'seed', peers: [] } }],
        'peers',
        /at least 1 peer/,
      );
    });
  });

  describe('card items: none clears the card, each non-empty', () => {
    it('accepts an empty card, which clears it', async () => {
      expect(await callOk<PeerCardOutput>(client, 'set_peer_card', { peer: 'ada', card: [] })).toEqual({
        peer_card: [],
      });
      expect(await callOk<PeerCardOutput>(client, 'get_peer_card', { peer: 'ada' })).toEqual({
        peer_card: [],
      });
    });

    it('rejects a card with an empty item', async () => {
      await expectRejected(
        [
          { tool: 'set_peer_card', args: { peer: 'ada', card: ['Name: Ada', ''] } },
          { tool: 'set_peer_card', args: { peer: 'newcomer', card: [''] } },
        ],
        'card.',
        /must not be empty/,
      );
    });
  });

  describe('context tokens: integer > 0', () => {
    it('rejects tokens 0', async () => {
      await expectRejected(
        [{ tool: 'get_context', args: { session: 'seed', tokens: 0 } }],
        'tokens',
        />\s*0/,
      );
    });

    it('rejects tokens -1', async () => {
      await expectRejected(
        [{ tool: 'get_context', args: { session: 'seed', tokens: -1 } }],
        'tokens',
        />\s*0/,
      );
    });

    it('rejects tokens 1.5', async () => {
      await expectRejected(
        [{ tool: 'get_context', args: { session: 'seed', tokens: 1.5 } }],
        'tokens',
        /expected int/i,
      );
    });

    it('accepts tokens 1: the newest message, if it is a single token', async () => {
      const context = await callOk<ContextOutput>(client, 'get_context', { session: 'seed', tokens: 1 });
      expect(context.messages.map((message) => [message.content, message.token_count])).toEqual([
        ['hello', 1],
      ]);
    });
  });

  describe('ids: non-empty strings', () => {
    it('rejects an empty session id on every tool that takes one', async () => {
      await expectRejected(
        [
          { tool: 'add_messages', args: { session: '', messages: [{ peer: 'ada', content: 'hi' }] } },
          { tool: 'list_messages', args: { session: '' } },
          { tool: 'list_session_peers', args: { session: '' } },
          { tool: 'add_session_peers', args: { session: '', peers: ['ada'] } },
          { tool: 'remove_session_peers', args: { session: '', peers: ['ada'] } },
          { tool: 'delete_session', args: { session: '' } },
          { tool: 'get_session_summaries', args: { session: '' } },
          { tool: 'get_context', args: { session: '' } },
          { tool: 'search', args: { query: 'hello', session: '' } },
        ],
        'session',
        /must not be empty/,
      );
    });

    it('rejects an empty peer id on every tool that takes one', async () => {
      await expectRejected(
        [
          { tool: 'list_peer_sessions', args: { peer: '' } },
          { tool: 'delete_peer', args: { peer: '' } },
          { tool: 'get_peer_card', args: { peer: '' } },
          { tool: 'set_peer_card', args: { peer: '', card: ['Name: Nobody'] } },
          { tool: 'add_session_peers', args: { session: 'seed', peers: ['cy', ''] } },
          { tool: 'remove_session_peers', args: { session: 'seed', peers: ['ada', ''] } },
          { tool: 'search', args: { query: 'hello', peer: '' } },
          { tool: 'get_context', args: { session: 'seed', peer_perspective: '' } },
        ],
        'peer',
        /must not be empty/,
      );
    });

    it('rejects an empty target', async () => {
      await expectRejected(
        [
          { tool: 'get_peer_card', args: { peer: 'ada', target: '' } },
          { tool: 'set_peer_card', args: { peer: 'ada', target: '', card: ['Likes tea'] } },
          { tool: 'get_context', args: { session: 'seed', peer_perspective: 'ada', peer_target: '' } },
        ],
        'target',
        /must not be empty/,
      );
    });

    it('rejects a message whose peer is empty, storing none of the batch', async () => {
      await expectRejected(
        [
          addBatch([
            { peer: 'ada', content: 'first' },
            { peer: '', content: 'second' },
          ]),
        ],
        'messages.1.peer',
        /must not be empty/,
      );
    });
  });

  it('rejects empty message content, storing none of the batch', async () => {
    await expectRejected(
      [
        addBatch([
          { peer: 'ada', content: 'first' },
          { peer: 'ada', content: '' },
        ]),
      ],
      'messages.1.content',
      /must not be empty/,
    );
  });

  describe('types', () => {
    it('rejects a session given as a number', async () => {
      await expectRejected(
        [
          { tool: 'add_messages', args: { session: 42, messages: [{ peer: 'ada', content: 'hi' }] } },
          { tool: 'list_messages', args: { session: 42 } },
        ],
        'session',
        /expected string, received number/,
      );
    });

    it('rejects messages given as a string', async () => {
      await expectRejected(
        [{ tool: 'add_messages', args: { session: 'seed', messages: 'hello' } }],
        'messages',
        /expected array, received string/,
      );
    });

    it('rejects a size given as the string "10"', async () => {
      await expectRejected(
        PAGINATED.map(({ tool, args }) => ({ tool, args: { ...args, size: '10' } })),
        'size',
        /expected number, received string/,
      );
    });

    it('rejects reverse given as "yes"', async () => {
      await expectRejected(
        PAGINATED.map(({ tool, args }) => ({ tool, args: { ...args, reverse: 'yes' } })),
        'reverse',
        /expected boolean, received string/,
      );
    });
  });

  it('has a valid call of every tool of the registry', () => {
    expect(Object.keys(VALID_CALLS).sort()).toEqual(tools.map((tool) => tool.name).sort());
  });

  it('rejects an unknown extra field on every listed tool, even on a call that is otherwise valid', async () => {
    const { tools: listed } = await client.listTools();
    await expectRejected(
      listed.map(({ name }) => ({ tool: name, args: { ...VALID_CALLS[name], sesion: 'seed' } })),
      'sesion',
      /unrecognized key/i,
    );
  });

  describe('NUL characters (U+0000), which Postgres cannot store', () => {
    it('rejects message content containing NUL', async () => {
      await expectRejected(
        [addMessage({ peer: 'ada', content: 'before\u0000after' })],
        'messages.0.content',
        /must not contain the NUL character/,
      );
    });

    it('rejects message metadata containing NUL, in a value or in a key', async () => {
      await expectRejected(
        [
          addMessage({ peer: 'ada', content: 'hi', metadata: { note: 'before\u0000after' } }),
          addMessage({ peer: 'ada', content: 'hi', metadata: { nested: { list: ['\u0000'] } } }),
          addMessage({ peer: 'ada', content: 'hi', metadata: { 'key\u0000': 1 } }),
        ],
        'messages.0.metadata',
        /must not contain the NUL character/,
      );
    });
  });

  it('rejects a created_at that is not an ISO 8601 datetime with a time zone', async () => {
    await expectRejected(
      ['2026-05-08T13:56:00', '2026-05-08', '13:56:00Z', 'yesterday', '08/05/2026 13:56 +02:00', ''].map(
        (createdAt) => addMessage({ peer: 'ada', content: 'hi', created_at: createdAt }),
      ),
      'messages.0.created_at',
      /invalid iso datetime/i,
    );
    // With a zone, either form is stored at that instant.
    const stored = await callOk<AddMessagesOutput>(client, 'add_messages', {
      session: 'seed',
      messages: [
        { peer: 'ada', content: 'utc', created_at: '2026-05-08T13:56:00Z' },
        { peer: 'ada', content: 'offset', created_at: '2026-05-08T15:56:00+02:00' },
      ],
    });
    expect(stored.messages.map((message) => message.created_at)).toEqual([
      '2026-05-08T13:56:00.000Z',
      '2026-05-08T13:56:00.000Z',
    ]);
  });

  describe('values at the far end of what the spec allows', () => {
    it('answers an empty page for a page far beyond the last', async () => {
      for (const { tool, args } of PAGINATED) {
        const page = await callOk<AnyPage>(client, tool, {
          ...args,
          page: Number.MAX_SAFE_INTEGER,
          size: 100,
        });
        expect(page.items, tool).toEqual([]);
        expect(page.page, tool).toBe(Number.MAX_SAFE_INTEGER);
      }
    });

    it('accepts the largest token budget and refuses a larger one, naming the limit', async () => {
      const context = await callOk<ContextOutput>(client, 'get_context', {
        session: 'seed',
        tokens: LIMITS.contextTokens,
      });
      expect(context.messages.map((message) => message.content)).toEqual(SEEDED.messages);
      await expectRejected(
        [{ tool: 'get_context', args: { session: 'seed', tokens: 1e12 } }],
        'tokens',
        new RegExp(`at most ${LIMITS.contextTokens}`),
      );
    });

    it('rejects a created_at outside years 1 to 9999 once in UTC, naming the field', async () => {
      await expectRejected(
        ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-15:59'].map((createdAt) =>
          addMessage({ peer: 'ada', content: 'hi', created_at: createdAt }),
        ),
        'messages.0.created_at',
        /between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z once converted to UTC/,
      );
    });

    it('keeps the first and last instants, any offset and sub-millisecond times, reading back the same instant', async () => {
      const given = [
        '0001-01-01T00:00:00Z',
        '9999-12-31T23:59:59.999Z',
        '0001-01-01T00:59:59-01:00',
        '2026-01-01T00:00:00+23:59',
        '2026-05-08T13:56:00.123456+02:00',
      ];
      const stored = await callOk<AddMessagesOutput>(client, 'add_messages', {
        session: 'seed',
        messages: given.map((created_at, i) => ({ peer: 'ada', content: `edge ${i}`, created_at })),
      });
      expect(stored.messages.map((message) => message.created_at)).toEqual([
        '0001-01-01T00:00:00.000Z',
        '9999-12-31T23:59:59.999Z',
        '0001-01-01T01:59:59.000Z',
        '2025-12-31T00:01:00.000Z',
        '2026-05-08T11:56:00.123Z',
      ]);
      const page = await callOk<ListMessagesOutput>(client, 'list_messages', { session: 'seed', size: 100 });
      for (const message of stored.messages) {
        expect(page.items.find((item) => item.id === message.id)?.created_at).toBe(message.created_at);
        expect(Number.isNaN(Date.parse(message.created_at))).toBe(false);
      }
    });

    it('rejects a lone UTF-16 surrogate, which has no UTF-8 form', async () => {
      await expectRejected(
        [
          addMessage({ peer: 'ada', content: 'x\ud800' }),
          addMessage({ peer: 'ada', content: 'hi', metadata: { note: '\udc00y' } }),
        ],
        'messages.0',
        /lone UTF-16 surrogate/,
      );
    });

    it('rejects NUL in a search query', async () => {
      const text = await callError(client, 'search', { query: 'hello\u0000' });
      expect(text).toContain('query');
      expect(text).toMatch(/NUL character/);
    });

    it('keeps metadata text that merely spells a backslash escape', async () => {
      await callOk(client, 'add_messages', {
        session: 'seed',
        messages: [{ peer: 'ada', content: 'escaped', metadata: { raw: '\\u0000' } }],
      });
      const page = await callOk<ListMessagesOutput>(client, 'list_messages', { session: 'seed' });
      expect(page.total).toBe(3);
    });
  });

  describe('documented maximums, refused naming the field and the limit', () => {
    const longId = 'i'.repeat(LIMITS.idChars + 1);
    const tooLong = new RegExp(`at most ${LIMITS.idChars} characters`);

    it('rejects an id longer than the limit on every tool that takes one', async () => {
      await expectRejected(
        [
          { tool: 'add_messages', args: { session: longId, messages: [{ peer: 'ada', content: 'hi' }] } },
          { tool: 'list_messages', args: { session: longId } },
          { tool: 'add_session_peers', args: { session: longId, peers: ['ada'] } },
          { tool: 'delete_session', args: { session: longId } },
          { tool: 'get_context', args: { session: longId } },
          { tool: 'search', args: { query: 'hello', session: longId } },
        ],
        'session',
        tooLong,
      );
      await expectRejected(
        [
          addMessage({ peer: longId, content: 'hi' }),
          { tool: 'set_peer_card', args: { peer: longId, card: ['Name: Long'] } },
          { tool: 'add_session_peers', args: { session: 'seed', peers: [longId] } },
          { tool: 'chat', args: { peer: longId, query: 'hello' } },
          { tool: 'search', args: { query: 'hello', peer: longId } },
          { tool: 'delete_peer', args: { peer: longId } },
        ],
        'peer',
        tooLong,
      );
      await expectRejected(
        [
          { tool: 'set_peer_card', args: { peer: 'ada', target: longId, card: ['Likes tea'] } },
          { tool: 'chat', args: { peer: 'ada', target: longId, query: 'hello' } },
        ],
        'target',
        tooLong,
      );
    });

    it('rejects a query longer than the limit, at once, on search and chat', async () => {
      const query = 'why '.repeat(LIMITS.queryChars / 4 + 1);
      const started = Date.now();
      await expectRejected(
        [
          { tool: 'search', args: { query } },
          { tool: 'chat', args: { peer: 'ada', query } },
        ],
        'query',
        new RegExp(`at most ${LIMITS.queryChars} characters`),
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('rejects message content, messages, card entries and peers past their limits', async () => {
      await expectRejected(
        [addMessage({ peer: 'ada', content: 'x'.repeat(LIMITS.messageChars + 1) })],
        'messages.0.content',
        new RegExp(`at most ${LIMITS.messageChars} characters`),
      );
      await expectRejected(
        [
          addBatch(
            Array.from({ length: LIMITS.messagesPerCall + 1 }, () => ({ peer: 'ada', content: 'hi' })),
          ),
        ],
        'messages',
        new RegExp(`at most ${LIMITS.messagesPerCall} messages`),
      );
      await expectRejected(
        [
          {
            tool: 'set_peer_card',
            args: { peer: 'ada', card: Array(LIMITS.cardEntries + 1).fill('Likes tea') },
          },
        ],
        'card',
        new RegExp(`at most ${LIMITS.cardEntries} entries`),
      );
      await expectRejected(
        [{ tool: 'set_peer_card', args: { peer: 'ada', card: ['x'.repeat(LIMITS.cardEntryChars + 1)] } }],
        'card.0',
        new RegExp(`at most ${LIMITS.cardEntryChars} characters`),
      );
      const peers = Array.from({ length: LIMITS.peersPerCall + 1 }, (_, i) => `p${i}`);
      await expectRejected(
        [
          { tool: 'add_session_peers', args: { session: 'seed', peers } },
          { tool: 'remove_session_peers', args: { session: 'seed', peers } },
        ],
        'peers',
        new RegExp(`at most ${LIMITS.peersPerCall} peer ids`),
      );
    });

    // 5,000 deep, which a client's JSON.stringify cannot write, is sent raw in test/mcp/raw-stdio.test.ts.
    it('rejects metadata nested past the limit or larger than the limit', async () => {
      let deep: unknown = 'bottom';
      for (let depth = 0; depth < 500; depth++) deep = { deeper: deep };
      await expectRejected(
        [addMessage({ peer: 'ada', content: 'hi', metadata: deep as Record<string, unknown> })],
        'messages.0.metadata',
        new RegExp(`more than ${LIMITS.metadataDepth} deep`),
      );
      await expectRejected(
        [addMessage({ peer: 'ada', content: 'hi', metadata: { note: 'm'.repeat(LIMITS.metadataChars) } })],
        'messages.0.metadata',
        new RegExp(`at most ${LIMITS.metadataChars} characters as JSON`),
      );
    });
  });

  describe('unknown sessions and peers, which these tools do not create', () => {
    it.each(NOT_FOUND)('$tool $args answers not_found naming $id', async ({ tool, args, id }) => {
      const text = await callError(client, tool, args);
      expect(text).toContain('not_found');
      expect(text).toContain(`"${id}"`);
      await expectNothingWritten();
    });
  });
});
