import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRemoteMemoryService } from '../../src/remote/remote-memory-service.js';
import { SpendingLedger } from '../../src/remote/spending-ledger.js';
import { UpstreamClient } from '../../src/remote/upstream-client.js';
import { OBSERVATION_TOKENS } from '../../src/schemas/observation.js';
import { connectTo } from '../remote/support.js';
import { deadPort } from '../support/dead-port.js';
import {
  type ConnectedClient,
  callError,
  callOk,
  connectClient,
  type DatabaseKind,
  type TransportKind,
} from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

/**
 * The tools of the platform's operations inside one workspace (observations, clone, a member's
 * learning switches, one message, metadata, document import), driven by a real MCP client over
 * the in-process and stdio transports, on PGlite and on Postgres, learning offline for real.
 */
type Message = { id: string; content: string; peer_id: string; session_id: string; created_at: string };
type MessageWithMetadata = Message & { metadata: Record<string, unknown> };
type Observation = {
  id: string;
  content: string;
  observer_id: string;
  observed_id: string;
  session_id: string;
  times_derived: number;
  created_at: string;
};
type Page<Item> = { items: Item[]; page: number; size: number; total: number };

const targets: [TransportKind, DatabaseKind][] = [
  ['in-process', 'pglite'],
  ['in-process', 'postgres'],
  ['stdio', 'pglite'],
  ['stdio', 'postgres'],
];

describe.each(targets)('platform tools over %s on %s', (transport, database) => {
  let target: ConnectedClient;
  let files: Awaited<ReturnType<typeof makeTempDir>>;
  let first: Message;
  let second: Message;
  let third: Message;

  beforeAll(async () => {
    target = await connectClient(transport, database);
    files = await makeTempDir();
    const { messages } = await call<{ messages: Message[] }>('add_messages', {
      session: 'trip',
      messages: [
        { peer: 'ada', content: 'I am planning a hiking trip to the Dolomites.', metadata: { mood: 'keen' } },
        { peer: 'bob', content: 'Huts or camping?' },
        { peer: 'ada', content: 'Huts, always.' },
      ],
    });
    [first, second, third] = messages as [Message, Message, Message];
    // Learned before any test switches a member's learning: a switch applies to what is not learned
    // yet, and bob observing ada would add observations the observation tests do not expect.
    await vi.waitFor(
      async () => {
        const status = await call<{ pending: number; in_progress: number }>('get_deriver_status');
        expect(status.pending + status.in_progress).toBe(0);
      },
      { timeout: 30_000, interval: 100 },
    );
  });
  afterAll(async () => {
    await target?.close();
    await files?.remove();
  });

  const call = <Output>(name: string, args: Record<string, unknown> = {}) =>
    callOk<Output>(target.client, name, args);
  const refuse = (name: string, args: Record<string, unknown>) => callError(target.client, name, args);

  it('get_message reads one message whole with its metadata; update_message_metadata replaces it', async () => {
    const read = await call<MessageWithMetadata>('get_message', { session: 'trip', message: first.id });
    expect(read).toEqual({ ...first, token_count: expect.any(Number), metadata: { mood: 'keen' } });

    const updated = await call<MessageWithMetadata>('update_message_metadata', {
      session: 'trip',
      message: first.id,
      metadata: { mood: 'calm', tags: ['plan'] },
    });
    expect(updated.metadata).toEqual({ mood: 'calm', tags: ['plan'] });
    expect(updated.content).toBe(first.content);
    expect(updated.created_at).toBe(first.created_at);
    const again = await call<MessageWithMetadata>('get_message', { session: 'trip', message: first.id });
    expect(again.metadata).toEqual({ mood: 'calm', tags: ['plan'] });
  });

  it('get_message and update_message_metadata name the field of a bad or unknown message', async () => {
    expect(await refuse('get_message', { session: 'trip', message: '' })).toMatch(/message/);
    expect(await refuse('get_message', { session: 'trip', message: 'no-such-id' })).toMatch(
      /^not_found: message: "no-such-id" does not exist/,
    );
    // A message of another session is not found in this one.
    expect(await refuse('get_message', { session: 'elsewhere', message: first.id })).toMatch(
      /^not_found: message:/,
    );
    expect(
      await refuse('update_message_metadata', { session: 'trip', message: first.id, metadata: 'x' }),
    ).toMatch(/metadata/);
    expect(
      await refuse('update_message_metadata', { session: 'trip', message: 'no-such-id', metadata: {} }),
    ).toMatch(/^not_found: message:/);
  });

  it('update_session_metadata and update_peer_metadata replace metadata that the lists show', async () => {
    expect(
      await call('update_session_metadata', { session: 'trip', metadata: { title: 'Dolomites' } }),
    ).toEqual({ id: 'trip', metadata: { title: 'Dolomites' }, created_at: expect.any(String) });
    const sessions = await call<Page<{ id: string; metadata: unknown }>>('list_sessions', {});
    expect(sessions.items.find((session) => session.id === 'trip')?.metadata).toEqual({ title: 'Dolomites' });

    expect(await call('update_peer_metadata', { peer: 'ada', metadata: { role: 'user' } })).toEqual({
      id: 'ada',
      metadata: { role: 'user' },
      created_at: expect.any(String),
    });
    const { items: peers } = await call<{ items: { id: string; metadata: unknown }[] }>('list_peers');
    expect(peers.find((peer) => peer.id === 'ada')?.metadata).toEqual({ role: 'user' });
  });

  it('update_session_metadata and update_peer_metadata refuse a bad field and an unknown id', async () => {
    expect(await refuse('update_session_metadata', { session: 'nope', metadata: {} })).toMatch(
      /^not_found: session: "nope" does not exist/,
    );
    expect(await refuse('update_peer_metadata', { peer: 'nope', metadata: {} })).toMatch(
      /^not_found: peer: "nope" does not exist/,
    );
    expect(await refuse('update_session_metadata', { session: 'trip', metadata: [1] })).toMatch(/metadata/);
    expect(await refuse('update_peer_metadata', { peer: '', metadata: {} })).toMatch(/peer/);
  });

  it('clone_session copies a session, whole or up to a message, with its members', async () => {
    const whole = await call<{ id: string }>('clone_session', { session: 'trip' });
    const part = await call<{ id: string }>('clone_session', { session: 'trip', up_to_message: second.id });
    expect(new Set([whole.id, part.id, 'trip']).size).toBe(3);

    const contents = async (session: string) =>
      (await call<Page<Message>>('list_messages', { session })).items.map((message) => message.content);
    expect(await contents(whole.id)).toEqual([first.content, second.content, third.content]);
    expect(await contents(part.id)).toEqual([first.content, second.content]);
    const members = await call<{ peers: { id: string }[] }>('list_session_peers', { session: part.id });
    expect(members.peers.map((peer) => peer.id)).toEqual(['ada', 'bob']);
  });

  it('clone_session refuses an unknown session or message, and a bad field', async () => {
    expect(await refuse('clone_session', { session: 'nope' })).toMatch(/^not_found: session: "nope"/);
    expect(await refuse('clone_session', { session: 'trip', up_to_message: 'no-such-id' })).toMatch(
      /^not_found: up_to_message: message "no-such-id" is not in session "trip"/,
    );
    expect(await refuse('clone_session', { session: 'trip', up_to: first.id })).toMatch(/up_to/);
  });

  it('get_session_peer_config and set_session_peer_config read and switch a member’s learning', async () => {
    expect(await call('get_session_peer_config', { session: 'trip', peer: 'bob' })).toEqual({
      observe_me: true,
      observe_others: false,
    });
    expect(
      await call('set_session_peer_config', { session: 'trip', peer: 'bob', observe_others: true }),
    ).toEqual({ observe_me: true, observe_others: true });
    expect(
      await call('set_session_peer_config', { session: 'trip', peer: 'bob', observe_me: false }),
    ).toEqual({
      observe_me: false,
      observe_others: true,
    });
    expect(await call('get_session_peer_config', { session: 'trip', peer: 'bob' })).toEqual({
      observe_me: false,
      observe_others: true,
    });
  });

  it('get_session_peer_config and set_session_peer_config refuse a non-member and a bad field', async () => {
    expect(await refuse('get_session_peer_config', { session: 'trip', peer: 'carol' })).toMatch(
      /^not_found: peer: "carol" is not a member of session "trip"\nAdd the peer to the session first with add_session_peers/,
    );
    expect(
      await refuse('set_session_peer_config', { session: 'nope', peer: 'ada', observe_me: false }),
    ).toMatch(/^not_found: peer: "ada" is not a member of session "nope"/);
    expect(
      await refuse('set_session_peer_config', { session: 'trip', peer: 'ada', observe_me: 'no' }),
    ).toMatch(/observe_me/);
  });

  it('create_observations, list_observations, query_observations and delete_observation', async () => {
    const { observations } = await call<{ observations: Observation[] }>('create_observations', {
      observations: [
        { observer: 'ada', observed: 'ada', session: 'trip', content: 'Ada prefers mountain huts to tents.' },
        { observer: 'bob', observed: 'ada', session: 'trip', content: 'Ada likes hiking in the Dolomites.' },
      ],
    });
    expect(
      observations.map(({ observer_id, observed_id, session_id, content, times_derived }) => ({
        observer_id,
        observed_id,
        session_id,
        content,
        times_derived,
      })),
    ).toEqual([
      {
        observer_id: 'ada',
        observed_id: 'ada',
        session_id: 'trip',
        content: 'Ada prefers mountain huts to tents.',
        times_derived: 1,
      },
      {
        observer_id: 'bob',
        observed_id: 'ada',
        session_id: 'trip',
        content: 'Ada likes hiking in the Dolomites.',
        times_derived: 1,
      },
    ]);
    const [own, bobs] = observations as [Observation, Observation];

    const byBob = await call<Page<Observation>>('list_observations', { observer: 'bob', observed: 'ada' });
    expect(byBob.items.map((item) => item.id)).toEqual([bobs.id]);
    const inTrip = await call<Page<Observation>>('list_observations', { session: 'trip', observed: 'ada' });
    expect(inTrip.items.map((item) => item.id)).toEqual(expect.arrayContaining([own.id, bobs.id]));
    expect(await call('list_observations', { session: 'nope' })).toMatchObject({ items: [], total: 0 });

    const found = await call<{ observations: Observation[] }>('query_observations', {
      observer: 'ada',
      observed: 'ada',
      query: 'huts',
    });
    expect(found.observations[0]?.id).toBe(own.id);

    expect(await call('delete_observation', { id: own.id })).toEqual({ ok: true });
    const left = await call<Page<Observation>>('list_observations', { observer: 'ada', observed: 'ada' });
    expect(left.items.map((item) => item.id)).not.toContain(own.id);
  });

  it('the observation tools name the field of a bad input and of an unknown peer, session or id', async () => {
    const one = (fields: Record<string, unknown>) => ({
      observations: [{ observer: 'ada', observed: 'ada', session: 'trip', content: 'x', ...fields }],
    });
    expect(await refuse('create_observations', one({ observer: 'nobody' }))).toMatch(
      /^not_found: observations\.0\.observer: peer "nobody" does not exist/,
    );
    expect(await refuse('create_observations', one({ session: 'nope' }))).toMatch(
      /^not_found: observations\.0\.session: session "nope" does not exist/,
    );
    // Within the character limit, past the embedding's token limit.
    const long = 'word '.repeat(OBSERVATION_TOKENS + 10);
    expect(await refuse('create_observations', one({ content: long }))).toMatch(
      new RegExp(`^invalid_input: observations\\.0\\.content: must be at most ${OBSERVATION_TOKENS} tokens`),
    );
    expect(await refuse('create_observations', one({ content: '' }))).toMatch(/observations\.0\.content/);
    expect(await refuse('delete_observation', { id: 'no-such-id' })).toMatch(
      /^not_found: id: observation "no-such-id" does not exist/,
    );
    expect(
      await refuse('query_observations', { observer: 'ada', observed: 'ada', query: 'x', top_k: 0 }),
    ).toMatch(/top_k/);
    expect(await refuse('list_observations', { observer: '' })).toMatch(/observer/);
  });

  it('import_text splits markdown, and import_file a JSON file on the server, into messages', async () => {
    const markdown = '# Packing\n\nBoots, poles, a rain jacket.\n\n# Route\n\nAlta Via 1 in eight days.';
    const { messages } = await call<{ messages: Message[] }>('import_text', {
      session: 'notes',
      peer: 'ada',
      text: markdown,
      format: 'markdown',
      name: 'plan.md',
    });
    expect(messages.map((message) => message.peer_id)).toEqual(messages.map(() => 'ada'));
    expect(messages.map((message) => message.content).join('\n\n')).toBe(markdown);
    const stored = await call<MessageWithMetadata>('get_message', {
      session: 'notes',
      message: messages[0]?.id,
    });
    expect(stored.metadata).toEqual({ file_name: 'plan.md' });

    const path = join(files.path, 'chat.json');
    await writeFile(
      path,
      JSON.stringify([
        { peer: 'bob', content: 'Shall we book the huts?', created_at: '2026-03-01T10:00:00Z' },
        { content: 'Yes, tonight.', created_at: '2026-03-01T10:01:00Z' },
      ]),
    );
    const imported = await call<{ messages: Message[] }>('import_file', {
      session: 'notes',
      peer: 'ada',
      path,
      metadata: { source: 'export' },
    });
    expect(
      imported.messages.map(({ peer_id, content, created_at }) => ({ peer_id, content, created_at })),
    ).toEqual([
      { peer_id: 'bob', content: 'Shall we book the huts?', created_at: '2026-03-01T10:00:00.000Z' },
      { peer_id: 'ada', content: 'Yes, tonight.', created_at: '2026-03-01T10:01:00.000Z' },
    ]);
    const fromFile = await call<MessageWithMetadata>('get_message', {
      session: 'notes',
      message: imported.messages[1]?.id,
    });
    expect(fromFile.metadata).toEqual({ file_name: 'chat.json', source: 'export' });
  });

  it('import_file and import_text name the field of what they cannot import, and write nothing then', async () => {
    const script = join(files.path, 'run.sh');
    await writeFile(script, 'echo hi\n');
    const before = await call<Page<Message>>('list_messages', { session: 'trip' });
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['import_file', { path: 'relative.txt' }, /^invalid_input: path: must be absolute/],
      [
        'import_file',
        { path: join(files.path, 'missing.txt') },
        /^invalid_input: path: is not a file this server can see/,
      ],
      ['import_file', { path: files.path }, /^invalid_input: path: is not a file this server can see/],
      ['import_file', { path: script }, /^invalid_input: path: "run\.sh" .*is not a type that can be read/],
      ['import_file', { path: script, format: 'text' }, /format/],
      ['import_file', {}, /path/],
      ['import_text', { text: '{"open": ', format: 'json' }, /^invalid_input: text:/],
      ['import_text', { text: ' \n\n ' }, /^invalid_input: text: holds no text/],
      ['import_text', { text: 'x', format: 'pdf' }, /format/],
      ['import_text', { path: script }, /text/],
    ];
    for (const [tool, args, expected] of cases)
      expect(
        await refuse(tool, { session: 'trip', peer: 'ada', ...args }),
        `${tool} ${JSON.stringify(args)}`,
      ).toMatch(expected);
    expect(await call('list_messages', { session: 'trip' })).toEqual(before);
  });

  it('observe_me off: nothing a peer says in that session is learned about it', async () => {
    await call('add_session_peers', { session: 'private', peers: ['cy'] });
    await call('set_session_peer_config', { session: 'private', peer: 'cy', observe_me: false });
    await call('add_messages', {
      session: 'private',
      messages: [{ peer: 'cy', content: 'I secretly collect vintage typewriters.' }],
    });
    await call('add_messages', {
      session: 'public',
      messages: [{ peer: 'cy', content: 'I work as a nurse at the city hospital.' }],
    });
    await expect
      .poll(
        async () => {
          const status = await call<{ pending: number; in_progress: number; done: number }>(
            'get_deriver_status',
          );
          return status.pending + status.in_progress;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(0);
    const about = async (session: string) =>
      (await call<Page<Observation>>('list_observations', { observed: 'cy', session })).items.map(
        (item) => item.content,
      );
    expect(await about('private')).toEqual([]);
    // The same peer in another session, observed as by default: the deriver did run for it.
    expect((await about('public')).join(' ')).toMatch(/nurse/);
  }, 90_000);
});

describe('platform tools in remote mode against the pay-per-call gateway', () => {
  it('answer that the gateway does not offer them and that a platform upstream does', async () => {
    const ledgerDir = await makeTempDir();
    const client = new UpstreamClient({
      upstream: `http://127.0.0.1:${await deadPort()}`,
      privateKey: generatePrivateKey(),
      ledger: new SpendingLedger(ledgerDir.path, { maxPerCall: 50_000n, dailyBudget: 1_000_000n }),
      payWith: 'x402',
    });
    const remote = await connectTo(createRemoteMemoryService(client));
    try {
      const calls: [string, Record<string, unknown>][] = [
        ['list_observations', {}],
        ['query_observations', { observer: 'ada', observed: 'ada', query: 'x' }],
        [
          'create_observations',
          { observations: [{ observer: 'a', observed: 'a', session: 's', content: 'x' }] },
        ],
        ['delete_observation', { id: 'x' }],
        ['clone_session', { session: 's' }],
        ['get_session_peer_config', { session: 's', peer: 'a' }],
        ['set_session_peer_config', { session: 's', peer: 'a', observe_me: false }],
        ['get_message', { session: 's', message: 'm' }],
        ['update_message_metadata', { session: 's', message: 'm', metadata: {} }],
        ['update_session_metadata', { session: 's', metadata: {} }],
        ['update_peer_metadata', { peer: 'a', metadata: {} }],
        ['delete_peer', { peer: 'a' }],
      ];
      for (const [name, args] of calls) {
        const text = await callError(remote.client, name, args);
        expect(text, name).toMatch(
          new RegExp(`^unavailable: ${name} is not offered by the upstream gateway`),
        );
        expect(text, name).toContain('--upstream URL --api-key KEY');
      }
    } finally {
      await remote.close();
      await ledgerDir.remove();
    }
  });
});
