import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { callError, callOk, PROJECT_ROOT } from '../support/mcp-targets.js';
import { PLATFORM_ADMIN_KEY, type PlatformServer, startPlatformServer } from '../support/platform-serve.js';
import { makeTempDir } from '../support/temp-dir.js';

/**
 * `peermem --upstream URL --api-key KEY`: the MCP server over stdio, driven by a real MCP client,
 * in front of a real `peermem serve` with the platform API on a loopback port. What the tools
 * write is read back with direct HTTP requests to the platform, not through the same client.
 */
const MAIN = join(PROJECT_ROOT, 'dist/src/main.js');
const WORKSPACE = 'remote-platform';

type Started = { client: Client; stderr: () => string };

/** `peermem ARGS` over stdio, with only PATH and HOME from this environment. */
async function startMcp(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, ...args],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (data: Buffer) => {
    stderr += data.toString();
  });
  const client = new Client({ name: 'peermem-platform-upstream-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('remote mode with a platform upstream', () => {
  let server: PlatformServer;
  let dir: Awaited<ReturnType<typeof makeTempDir>>;
  let remote: Started;
  let embedded: Started;

  /** A direct request to the upstream's platform API with the admin key. */
  const platform = async <Output>(method: string, path: string, body?: unknown): Promise<Output> => {
    const response = await fetch(`${server.baseURL}/v3/workspaces/${WORKSPACE}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${PLATFORM_ADMIN_KEY}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as Output;
  };

  beforeAll(async () => {
    dir = await makeTempDir();
    server = await startPlatformServer('pglite', 'platform_upstream');
    // A fresh server's first write loads what search and learning need, which takes seconds on a
    // busy machine: it is made here, in another workspace, not under a tool call's deadline.
    const warmUp = await fetch(`${server.baseURL}/v3/workspaces/warm-up/sessions/warm-up/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ peer_id: 'warm-up', content: 'The server is ready.' }] }),
    });
    expect(warmUp.status).toBe(200);
    [remote, embedded] = await Promise.all([
      startMcp(['--upstream', server.baseURL, '--workspace', WORKSPACE], {
        PEERMEM_API_KEY: PLATFORM_ADMIN_KEY,
      }),
      startMcp(['--data-dir', join(dir.path, 'embedded'), '--deriver', 'off']),
    ]);
  }, 120_000);

  afterAll(async () => {
    await remote?.client.close();
    await embedded?.client.close();
    await server?.stop();
    await dir?.remove();
  });

  it('says at start-up which upstream and workspace it serves and that a key is used, never the key', () => {
    const line = remote.stderr().split('\n')[0] ?? '';
    expect(line).toContain(
      `workspace "${WORKSPACE}" of the platform API at ${server.baseURL}, with an API key`,
    );
    expect(remote.stderr()).not.toContain(PLATFORM_ADMIN_KEY);
  });

  it('lists the same tools, with the same schemas, as embedded mode', async () => {
    const shapes = async (client: Client) =>
      (await client.listTools()).tools.map(({ name, inputSchema, outputSchema, annotations }) => ({
        name,
        inputSchema,
        outputSchema,
        annotations,
      }));
    expect(await shapes(remote.client)).toEqual(await shapes(embedded.client));
  });

  it('writes messages, peers, cards and sessions upstream, and reads them back through the tools', async () => {
    const added = await callOk<{ messages: { id: string; peer_id: string; created_at: string }[] }>(
      remote.client,
      'add_messages',
      {
        session: 'trip',
        messages: [
          { peer: 'alice', content: 'I moved to Lisbon in May.', created_at: '2024-05-01T09:30:00Z' },
          { peer: 'bob', content: 'Lisbon has good sailing.', metadata: { source: 'chat' } },
        ],
      },
    );
    expect(added.messages.map((message) => message.peer_id)).toEqual(['alice', 'bob']);
    expect(added.messages[0]?.created_at).toBe('2024-05-01T09:30:00.000Z');

    // Read back directly from the platform.
    const stored = await platform<{
      items: { id: string; content: string; peer_id: string; metadata: unknown }[];
    }>('POST', '/sessions/trip/messages/list');
    expect(stored.items.map((message) => [message.peer_id, message.content, message.metadata])).toEqual([
      ['alice', 'I moved to Lisbon in May.', {}],
      ['bob', 'Lisbon has good sailing.', { source: 'chat' }],
    ]);

    const listed = await callOk<{ items: { id: string }[]; total: number }>(remote.client, 'list_messages', {
      session: 'trip',
    });
    expect(listed.items.map((message) => message.id)).toEqual(stored.items.map((message) => message.id));
    expect(listed.total).toBe(2);

    const found = await callOk<{ messages: { content: string }[] }>(remote.client, 'search', {
      query: 'Lisbon',
    });
    expect(found.messages.map((message) => message.content)).toContain('I moved to Lisbon in May.');

    const context = await callOk<{ id: string; messages: { content: string }[] }>(
      remote.client,
      'get_context',
      {
        session: 'trip',
        tokens: 1000,
        peer_perspective: 'alice',
      },
    );
    expect(context.id).toBe('trip');
    expect(context.messages.map((message) => message.content)).toEqual([
      'I moved to Lisbon in May.',
      'Lisbon has good sailing.',
    ]);

    // A peer who says nothing, so the upstream's learning leaves its card as set.
    await callOk(remote.client, 'set_peer_card', { peer: 'carol', card: ['Skipper of the Gaivota'] });
    expect(await platform('GET', '/peers/carol/card')).toEqual({ peer_card: ['Skipper of the Gaivota'] });
    expect(await callOk(remote.client, 'get_peer_card', { peer: 'carol' })).toEqual({
      peer_card: ['Skipper of the Gaivota'],
    });

    const sessions = await callOk<{ items: { id: string; is_active: boolean }[] }>(
      remote.client,
      'list_sessions',
    );
    expect(sessions.items.map((session) => session.id)).toContain('trip');
    const peers = await callOk<{ items: { id: string }[] }>(remote.client, 'list_peers');
    expect(peers.items.map((peer) => peer.id).sort()).toEqual(['alice', 'bob', 'carol']);
    const ofAlice = await callOk<{ items: { id: string }[] }>(remote.client, 'list_peer_sessions', {
      peer: 'alice',
    });
    expect(ofAlice.items.map((session) => session.id)).toEqual(['trip']);

    await callOk(remote.client, 'add_session_peers', { session: 'trip', peers: ['carol'] });
    const members = await platform<{ items: { id: string }[] }>('GET', '/sessions/trip/peers');
    expect(members.items.map((peer) => peer.id).sort()).toEqual(['alice', 'bob', 'carol']);
    await callOk(remote.client, 'remove_session_peers', { session: 'trip', peers: ['carol'] });
    const after = await callOk<{ peers: { id: string }[] }>(remote.client, 'list_session_peers', {
      session: 'trip',
    });
    expect(after.peers.map((peer) => peer.id).sort()).toEqual(['alice', 'bob']);

    expect(await callOk(remote.client, 'get_session_summaries', { session: 'trip' })).toEqual({
      short: null,
      long: null,
    });
    const representation = await callOk<{ representation: string }>(remote.client, 'get_representation', {
      peer: 'alice',
    });
    expect(typeof representation.representation).toBe('string');
    const answer = await callOk<{ content: string | null }>(remote.client, 'chat', {
      peer: 'alice',
      query: 'Where does alice live?',
    });
    expect(answer).toHaveProperty('content');
    const status = await callOk<{ pending: number; learning_thread: string }>(
      remote.client,
      'get_deriver_status',
    );
    expect(status.learning_thread).toBe('none');
  });

  it('runs the platform tools: message metadata, clone, member configuration, observations', async () => {
    await callOk(remote.client, 'add_messages', {
      session: 'notes',
      messages: [
        { peer: 'alice', content: 'First note.' },
        { peer: 'alice', content: 'Second note.' },
      ],
    });
    const [first] = (await platform<{ items: { id: string }[] }>('POST', '/sessions/notes/messages/list'))
      .items;
    const message = first?.id as string;
    expect(await callOk(remote.client, 'get_message', { session: 'notes', message })).toMatchObject({
      id: message,
      content: 'First note.',
      metadata: {},
    });
    await callOk(remote.client, 'update_message_metadata', {
      session: 'notes',
      message,
      metadata: { pinned: true },
    });
    expect(await platform('GET', `/sessions/notes/messages/${message}`)).toMatchObject({
      metadata: { pinned: true },
    });

    await callOk(remote.client, 'update_peer_metadata', { peer: 'alice', metadata: { role: 'user' } });
    const peers = await platform<{ items: { id: string; metadata: unknown }[] }>('POST', '/peers/list');
    expect(peers.items.find((peer) => peer.id === 'alice')?.metadata).toEqual({ role: 'user' });
    await callOk(remote.client, 'update_session_metadata', {
      session: 'notes',
      metadata: { topic: 'notes' },
    });

    const clone = await callOk<{ id: string; metadata: unknown }>(remote.client, 'clone_session', {
      session: 'notes',
      up_to_message: message,
    });
    expect(clone.metadata).toEqual({ topic: 'notes' });
    const cloned = await platform<{ items: { content: string }[] }>(
      'POST',
      `/sessions/${clone.id}/messages/list`,
    );
    expect(cloned.items.map((item) => item.content)).toEqual(['First note.']);

    expect(
      await callOk(remote.client, 'set_session_peer_config', {
        session: 'notes',
        peer: 'alice',
        observe_others: true,
      }),
    ).toEqual({ observe_me: true, observe_others: true });
    expect(await platform('GET', '/sessions/notes/peers/alice/config')).toEqual({
      observe_me: true,
      observe_others: true,
    });
    expect(
      await callOk(remote.client, 'get_session_peer_config', { session: 'notes', peer: 'alice' }),
    ).toEqual({
      observe_me: true,
      observe_others: true,
    });

    const created = await callOk<{ observations: { id: string; content: string }[] }>(
      remote.client,
      'create_observations',
      {
        observations: [
          { observer: 'alice', observed: 'alice', session: 'notes', content: 'Alice keeps notes.' },
        ],
      },
    );
    const observation = created.observations[0]?.id as string;
    const upstream = await platform<{ items: { id: string; content: string }[] }>(
      'POST',
      '/conclusions/list',
      {
        filters: { observer_id: 'alice' },
      },
    );
    expect(upstream.items.map((item) => [item.id, item.content])).toContainEqual([
      observation,
      'Alice keeps notes.',
    ]);
    const listed = await callOk<{ items: { id: string }[] }>(remote.client, 'list_observations', {
      observer: 'alice',
    });
    expect(listed.items.map((item) => item.id)).toContain(observation);
    const queried = await callOk<{ observations: { id: string }[] }>(remote.client, 'query_observations', {
      observer: 'alice',
      observed: 'alice',
      query: 'notes',
    });
    expect(queried.observations.map((item) => item.id)).toContain(observation);
    await callOk(remote.client, 'delete_observation', { id: observation });
    const left = await platform<{ items: { id: string }[] }>('POST', '/conclusions/list', {
      filters: { observer_id: 'alice' },
    });
    expect(left.items.map((item) => item.id)).not.toContain(observation);

    const file = join(dir.path, 'plan.md');
    await writeFile(file, '# Plan\n\nSail south in June.');
    const imported = await callOk<{ messages: { content: string }[] }>(remote.client, 'import_file', {
      session: 'plans',
      peer: 'alice',
      path: file,
    });
    expect(imported.messages.map((item) => item.content)).toEqual(['# Plan\n\nSail south in June.']);
    const plans = await platform<{ items: { content: string }[] }>('POST', '/sessions/plans/messages/list');
    expect(plans.items.map((item) => item.content)).toEqual(['# Plan\n\nSail south in June.']);

    await callOk(remote.client, 'delete_session', { session: clone.id });
    const sessions = await platform<{ items: { id: string }[] }>('POST', '/sessions/list');
    expect(sessions.items.map((session) => session.id)).not.toContain(clone.id);
  });

  it('forgets a peer upstream with delete_peer, and answers a missing one as not found there', async () => {
    await callOk(remote.client, 'add_messages', {
      session: 'typo',
      messages: [{ peer: 'alcie', content: 'A peer named by mistake.' }],
    });
    expect(await callOk(remote.client, 'delete_peer', { peer: 'alcie' })).toEqual({ ok: true });
    const peers = await platform<{ items: { id: string }[] }>('POST', '/peers/list');
    expect(peers.items.map((peer) => peer.id)).not.toContain('alcie');
    const messages = await platform<{ items: { peer_id: string }[] }>('POST', '/sessions/typo/messages/list');
    expect(messages.items).toEqual([]);
    expect(await callError(remote.client, 'delete_peer', { peer: 'alcie' })).toContain(
      `the upstream ${server.baseURL}, 404`,
    );
  });

  it('answers a missing thing and a bad value as tool errors naming the upstream', async () => {
    const missing = await callError(remote.client, 'get_message', {
      session: 'trip',
      message: 'no-such-message',
    });
    expect(missing).toContain(`the upstream ${server.baseURL}, 404`);
    const notMember = await callError(remote.client, 'get_session_peer_config', {
      session: 'trip',
      peer: 'zoe',
    });
    expect(notMember).toContain(server.baseURL);
  });

  it('answers a wrong key with a tool error naming the upstream and 401, never the key', async () => {
    const wrong = await startMcp(['--upstream', server.baseURL, '--workspace', WORKSPACE], {
      PEERMEM_API_KEY: 'not-the-key-0123456789',
    });
    try {
      const error = await callError(wrong.client, 'list_sessions');
      expect(error).toContain(`the upstream ${server.baseURL} refused the API key (401)`);
      expect(error).not.toContain('not-the-key-0123456789');
    } finally {
      await wrong.client.close();
    }
  });

  it('passes idempotency_key upstream as Idempotency-Key: a batch sent again is stored once', async () => {
    const batch = {
      session: 'keyed',
      idempotency_key: 'keyed-batch-1',
      messages: [{ peer: 'alice', content: 'Sent twice, stored once.' }],
    };
    const first = await callOk(remote.client, 'add_messages', batch);
    expect(await callOk(remote.client, 'add_messages', batch)).toEqual(first);
    const stored = await platform<{ items: unknown[] }>('POST', '/sessions/keyed/messages/list', {});
    expect(stored.items).toHaveLength(1);
  });

  it('answers within 15 s with a tool error naming the upstream once it has stopped', async () => {
    await server.stop();
    const started = Date.now();
    const error = await callError(remote.client, 'search', { query: 'Lisbon' });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(error).toContain(`the upstream ${server.baseURL} is unreachable`);
  });
});

describe('the settings of a platform upstream', () => {
  it('takes --api-key or PEERMEM_API_KEY with --upstream, and --workspace names the workspace', () => {
    const config = loadConfig(['--upstream', 'http://127.0.0.1:8000', '--workspace', 'team'], {
      PEERMEM_API_KEY: 'a-key',
    });
    expect(config.remote).toBe(true);
    expect(config.platformUpstream).toEqual({ upstream: 'http://127.0.0.1:8000', apiKey: 'a-key' });
    expect(config.workspace).toBe('team');
    expect(config.wallet).toBeUndefined();
    expect(loadConfig(['--upstream', 'http://127.0.0.1:8000', '--api-key', 'b-key'], {}).workspace).toBe(
      'default',
    );
  });

  it('refuses --api-key without --upstream, and a key that is not a URL’s, naming the setting but never the key', () => {
    expect(() => loadConfig(['--api-key', 'secret-key-value'], {})).toThrow(
      '--api-key: only used by peermem mcp with --upstream',
    );
    let message = '';
    try {
      loadConfig(['--upstream', 'not a url', '--api-key', 'secret-key-value'], {});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('--upstream');
    expect(message).not.toContain('secret-key-value');
  });
});
