import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Honcho } from '@honcho-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { makeTempDir } from '../support/temp-dir.js';

const ADMIN_KEY = 'platform-admin-key-for-tests-0123456789';

type Served = { baseURL: string; stop(): Promise<void> };

/** `peermem serve` as a user runs it: only an admin key, no payment settings, on a free port. */
async function startServe(
  database: { DATABASE_URL: string } | { PEERMEM_DATA_DIR: string },
): Promise<Served> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'dist/src/main.js'), 'serve', '--host', '127.0.0.1', '--port', '0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PEERMEM_ADMIN_KEY: ADMIN_KEY, ...database },
    },
  );
  let stderr = '';
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 60_000);
    child.stderr?.on('data', (data: Buffer) => {
      stderr += data.toString();
      const url = /platform API at (\S+)\/v3/.exec(stderr)?.[1];
      if (url !== undefined) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', () => reject(new Error(`serve exited: ${stderr}`)));
  });
  const baseURL = await started;
  expect(stderr).toContain('gateway off');
  return {
    baseURL,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const targets = [
  {
    name: 'PGlite',
    start: async () => {
      const dataDir = await makeTempDir();
      const served = await startServe({ PEERMEM_DATA_DIR: dataDir.path });
      return {
        ...served,
        stop: async () => {
          await served.stop();
          await dataDir.remove();
        },
      };
    },
  },
  {
    name: 'Postgres',
    start: async () => startServe({ DATABASE_URL: await createIsolatedDatabase('platform_sdk') }),
  },
];

describe.each(targets)('the Honcho TypeScript SDK against peermem serve on $name', (target) => {
  let served: Served;
  let honcho: Honcho;
  beforeAll(async () => {
    served = await target.start();
    honcho = new Honcho({ baseURL: served.baseURL, apiKey: ADMIN_KEY, workspaceId: 'acceptance' });
  }, 120_000);
  afterAll(async () => served?.stop());

  it('runs the acceptance flow through the SDK’s public methods', async () => {
    const alice = await honcho.peer('alice', { metadata: { role: 'user' } });
    const bob = await honcho.peer('bob');
    expect(await alice.getMetadata()).toEqual({ role: 'user' });
    const session = await honcho.session('trip', { metadata: { topic: 'travel' } });
    await session.addPeers([alice, [bob, { observeMe: true, observeOthers: true }]]);
    expect((await session.peers()).map((peer) => peer.id)).toEqual(['alice', 'bob']);
    expect(await session.getPeerConfiguration(bob)).toEqual({ observeMe: true, observeOthers: true });
    await session.setPeerConfiguration(alice, { observeOthers: true });
    expect(await session.getPeerConfiguration('alice')).toEqual({ observeMe: true, observeOthers: true });

    const added = await session.addMessages([
      alice.message('I live in Lisbon and I go sailing every weekend.', {
        createdAt: '2024-03-01T09:00:00.000Z',
        metadata: { source: 'import' },
      }),
      bob.message('Sailing sounds great. Which boat do you have?', { createdAt: '2024-03-02T09:00:00.000Z' }),
      alice.message('A small dinghy called Gaivota.', { createdAt: '2024-03-03T09:00:00.000Z' }),
    ]);
    expect(added.map((message) => message.createdAt)).toEqual([
      '2024-03-01T09:00:00.000Z',
      '2024-03-02T09:00:00.000Z',
      '2024-03-03T09:00:00.000Z',
    ]);
    expect(added[0]?.metadata).toEqual({ source: 'import' });
    expect(added[0]?.workspaceId).toBe('acceptance');

    const listed = await session.messages();
    expect(listed.items.map((message) => [message.peerId, message.createdAt])).toEqual([
      ['alice', '2024-03-01T09:00:00.000Z'],
      ['bob', '2024-03-02T09:00:00.000Z'],
      ['alice', '2024-03-03T09:00:00.000Z'],
    ]);
    const byAlice = await session.messages({ filters: { peer_id: 'alice' } });
    expect(byAlice.items).toHaveLength(2);
    const first = await session.getMessage(added[0]?.id as string);
    expect(first.content).toContain('Lisbon');
    const updated = await session.updateMessage(first, { source: 'import', checked: true });
    expect(updated.metadata).toEqual({ source: 'import', checked: true });

    expect(await alice.setCard(['Lives in Lisbon', 'Sails a dinghy'])).toEqual([
      'Lives in Lisbon',
      'Sails a dinghy',
    ]);
    expect(await alice.getCard()).toEqual(['Lives in Lisbon', 'Sails a dinghy']);

    const found = await session.search('dinghy');
    expect(found.map((message) => message.content)).toContain('A small dinghy called Gaivota.');
    expect((await alice.search('Lisbon')).every((message) => message.peerId === 'alice')).toBe(true);
    expect((await honcho.search('sailing')).length).toBeGreaterThan(0);

    await expect
      .poll(
        async () => {
          const status = await honcho.queueStatus();
          return status.pendingWorkUnits + status.inProgressWorkUnits;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(0);
    const context = await session.context({ summary: true, tokens: 2000, peerTarget: 'alice' });
    expect(context.messages.map((message) => message.id)).toEqual(added.map((message) => message.id));
    expect(context.peerRepresentation).toContain('Lisbon');
    // The card set by hand, and what the deriver added to it since.
    expect(context.peerCard).toEqual(expect.arrayContaining(['Lives in Lisbon', 'Sails a dinghy']));
    expect((await session.summaries()).id).toBe('trip');
    expect(await alice.representation()).toContain('Lisbon');

    const answer = await alice.chat('Where does alice live?');
    expect(answer).toMatch(/Lisbon/);

    const [conclusion] = await alice.conclusions.create({
      content: 'Alice prefers tea to coffee',
      sessionId: session.id,
    });
    expect(conclusion?.content).toBe('Alice prefers tea to coffee');
    expect((await alice.conclusions.list()).items.map((item) => item.id)).toContain(conclusion?.id);
    expect((await alice.conclusions.query('tea')).map((item) => item.id)).toContain(conclusion?.id);
    await alice.conclusions.delete(conclusion?.id as string);
    expect((await alice.conclusions.list()).items.map((item) => item.id)).not.toContain(conclusion?.id);

    const clone = await session.clone();
    expect(clone.id).not.toBe('trip');
    expect((await clone.messages()).items.map((message) => message.content)).toEqual(
      listed.items.map((message) => message.content),
    );
    expect(await clone.getMetadata()).toEqual({ topic: 'travel' });
    expect(await clone.getPeerConfiguration('bob')).toEqual({ observeMe: true, observeOthers: true });
    const upToFirst = await session.clone(added[0]?.id);
    expect((await upToFirst.messages()).items).toHaveLength(1);

    await session.delete();
    expect((await honcho.sessions()).items.map((item) => item.id)).not.toContain('trip');
    expect((await alice.sessions()).items.map((item) => item.id)).toContain(clone.id);

    const intruder = new Honcho({
      baseURL: served.baseURL,
      apiKey: 'not-the-admin-key',
      workspaceId: 'acceptance',
      maxRetries: 0,
    });
    await expect(intruder.peer('alice')).rejects.toMatchObject({ status: 401 });
  }, 180_000);

  it('keeps workspaces apart and lists, updates and deletes them', async () => {
    const other = new Honcho({ baseURL: served.baseURL, apiKey: ADMIN_KEY, workspaceId: 'scratch' });
    await other.setMetadata({ owner: 'tests' });
    expect(await other.getMetadata()).toEqual({ owner: 'tests' });
    await (await other.peer('carol')).getMetadata();
    expect((await other.peers()).items.map((peer) => peer.id)).toEqual(['carol']);
    const workspaces = await honcho.workspaces();
    expect(workspaces.items).toEqual(expect.arrayContaining(['acceptance', 'scratch']));
    await honcho.deleteWorkspace('scratch');
    expect((await honcho.workspaces()).items).not.toContain('scratch');
  });

  it('answers the /v2 message path, and a bad value with 422 naming it', async () => {
    const headers = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };
    const created = await fetch(`${served.baseURL}/v2/workspaces/acceptance/sessions/v2-path/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        messages: [
          { peer_id: 'dave', content: 'Backfilled.', created_at: '2020-05-01T12:00:00Z', metadata: { n: 1 } },
        ],
      }),
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject([
      {
        peer_id: 'dave',
        created_at: '2020-05-01T12:00:00.000Z',
        metadata: { n: 1 },
        workspace_id: 'acceptance',
      },
    ]);

    const refused = await fetch(`${served.baseURL}/v3/workspaces/acceptance/sessions/v2-path/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ messages: [{ peer_id: 'dave' }] }),
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      detail: [
        {
          loc: ['body', 'messages', 0, 'content'],
          msg: expect.any(String),
          type: 'missing',
          input: null,
          ctx: {},
        },
      ],
    });

    const context = await fetch(
      `${served.baseURL}/v3/workspaces/acceptance/sessions/v2-path/context?search_top_k=101&peer_target=dave`,
      { headers },
    );
    expect(context.status).toBe(422);
    expect(((await context.json()) as { detail: unknown[] }).detail[0]).toMatchObject({
      loc: ['query', 'search_top_k'],
      ctx: { max: 100 },
    });

    const missing = await fetch(`${served.baseURL}/v3/workspaces/acceptance/sessions/nowhere/summaries`, {
      headers,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: expect.stringContaining('nowhere') });

    const described = (await (await fetch(`${served.baseURL}/openapi.json`)).json()) as { paths: object };
    expect(Object.keys(described.paths)).toEqual(
      expect.arrayContaining([
        '/v2/workspaces/{workspace_id}/sessions/{session_id}/messages',
        '/v3/workspaces/{workspace_id}/sessions/{session_id}/context',
      ]),
    );
  });
});
