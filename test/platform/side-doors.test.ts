import { Honcho } from '@honcho-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessPlatform, startInProcessPlatform } from '../support/in-process-platform.js';

const ADMIN_KEY = 'side-doors-admin-key-for-tests-0123456789';
const SECRET = 'The vault code is 4321.';

/**
 * Fields of a body or a query that name something beyond the path (a session, a target peer, a
 * workspace to claim): a key refused by the path must not get through them, read through them or
 * create through them. Each case is checked over HTTP and, where nothing should have been made or
 * joined, in SQL.
 */
describe.each(['pglite', 'postgres'] as const)('side doors of scoped keys on %s', (kind) => {
  let platform: InProcessPlatform;
  const keys = { alice: '', session: '', organization: '' };

  async function call(
    key: string,
    method: string,
    path: string,
    options: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<{ status: number; body: unknown }> {
    const query = options.query === undefined ? '' : `?${new URLSearchParams(options.query)}`;
    const response = await fetch(`${platform.url}${path}${query}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  }
  const admin = (
    method: string,
    path: string,
    options?: { query?: Record<string, string>; body?: unknown },
  ) => call(ADMIN_KEY, method, path, options);
  const mint = async (query: Record<string, string>) => {
    const minted = await admin('POST', '/v3/keys', { query });
    expect(minted.status).toBe(200);
    return (minted.body as { key: string }).key;
  };
  const count = async (sql: string, params: unknown[]) =>
    Number((await platform.database.query<{ n: string }>(sql, params))[0]?.n);
  const memberships = (session: string, peer: string) =>
    count(
      'SELECT count(*) AS n FROM session_peers WHERE workspace_id = $1 AND session_id = $2 AND peer_id = $3',
      ['w1', session, peer],
    );
  const sessions = (session: string) =>
    count('SELECT count(*) AS n FROM sessions WHERE workspace_id = $1 AND id = $2', ['w1', session]);
  const peers = (peer: string) =>
    count('SELECT count(*) AS n FROM peers WHERE workspace_id = $1 AND id = $2', ['w1', peer]);

  beforeAll(async () => {
    platform = await startInProcessPlatform(kind, 'side_doors', ADMIN_KEY);
    await admin('POST', '/v3/workspaces', { body: { id: 'w1' } });
    await admin('POST', '/v3/workspaces/w1/sessions', { body: { id: 's1', peers: { alice: {}, bob: {} } } });
    await admin('POST', '/v3/workspaces/w1/sessions', { body: { id: 's2', peers: { bob: {}, carol: {} } } });
    await admin('POST', '/v3/workspaces/w1/sessions/s1/messages', {
      body: { messages: [{ peer_id: 'alice', content: 'I keep my bike in the shed.' }] },
    });
    await admin('POST', '/v3/workspaces/w1/sessions/s2/messages', {
      body: { messages: [{ peer_id: 'bob', content: SECRET }] },
    });
    keys.alice = await mint({ workspace_id: 'w1', peer_id: 'alice' });
    keys.session = await mint({ workspace_id: 'w1', session_id: 's1' });
    await admin('POST', '/v3/organizations', { body: { id: 'acme' } });
    keys.organization = await mint({ organization_id: 'acme' });
  }, 120_000);
  afterAll(async () => platform?.close());

  it("refuses a peer key's chat in a session its peer is not in, and joins it to nothing", async () => {
    const inOther = await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/chat', {
      body: { query: 'What is the vault code?', session_id: 's2' },
    });
    const inNew = await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/chat', {
      body: { query: 'What is the vault code?', session_id: 'made-by-alice' },
    });
    expect(inOther.status).toBe(403);
    expect(inNew.status).toBe(403);
    expect(inNew.body).toEqual(inOther.body);
    expect(await memberships('s2', 'alice')).toBe(0);
    expect(await sessions('made-by-alice')).toBe(0);
    expect(
      (await call(keys.alice, 'POST', '/v3/workspaces/w1/sessions/s2/messages/list', { body: {} })).status,
    ).toBe(403);

    // Through the SDK, as the report had it.
    const honcho = new Honcho({
      baseURL: platform.url,
      apiKey: keys.alice,
      workspaceId: 'w1',
      maxRetries: 0,
    });
    const alice = await honcho.peer('alice');
    await expect(alice.chat('What is the vault code?', { session: 's2' })).rejects.toMatchObject({
      status: 403,
    });
    expect(await memberships('s2', 'alice')).toBe(0);
    // In a session she is in, she is answered.
    expect(typeof (await alice.chat('Where is my bike?', { session: 's1' }))).not.toBe('undefined');
  });

  it("answers a peer key's chat from its peer's sessions only", async () => {
    for (const body of [
      { query: 'What is the vault code?' },
      { query: 'What is the vault code?', target: 'bob' },
      { query: 'What is the vault code?', reasoning_level: 'max' },
    ]) {
      const answer = await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/chat', { body });
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain('4321');
    }
    // What her own sessions hold she is still answered from.
    const own = await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/chat', {
      body: { query: 'Where do I keep my bike?' },
    });
    expect(JSON.stringify(own.body)).toContain('shed');
    // The same question with the admin key reads the whole workspace: the secret is there to find.
    const asAdmin = await admin('POST', '/v3/workspaces/w1/peers/alice/chat', {
      body: { query: 'What is the vault code?', target: 'bob' },
    });
    expect(JSON.stringify(asAdmin.body)).toContain('4321');
  });

  it("creates no peer through a peer key's target", async () => {
    const chat = await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/chat', {
      body: { query: 'Who is this?', target: 'zed-by-chat', reasoning_level: 'minimal' },
    });
    expect(chat.status).toBe(404);
    expect(await peers('zed-by-chat')).toBe(0);
    const card = await call(keys.alice, 'PUT', '/v3/workspaces/w1/peers/alice/card', {
      query: { target: 'zed-by-card' },
      body: { peer_card: ['A stranger'] },
    });
    expect(card.status).toBe(404);
    expect(await peers('zed-by-card')).toBe(0);
    // A target that exists takes her card of it, as before.
    const ofBob = await call(keys.alice, 'PUT', '/v3/workspaces/w1/peers/alice/card', {
      query: { target: 'bob' },
      body: { peer_card: ['Keeps secrets'] },
    });
    expect(ofBob.status).toBe(200);
  });

  it("refuses a peer key's representation and search narrowed to a session its peer is not in", async () => {
    for (const session of ['s2', 'no-such-session']) {
      const representation = await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/representation', {
        body: { session_id: session },
      });
      expect(representation.status).toBe(403);
      const search = await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/search', {
        body: { query: 'vault', filters: { session_id: session } },
      });
      expect(search.status).toBe(403);
      const queue = await call(keys.alice, 'GET', '/v3/workspaces/w1/queue/status', {
        query: { session_id: session },
      });
      expect(queue.status).toBe(403);
    }
    expect(
      (
        await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/representation', {
          body: { session_id: 's1' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/search', {
          body: { query: 'bike', filters: { session_id: 's1' } },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(keys.alice, 'GET', '/v3/workspaces/w1/queue/status', { query: { session_id: 's1' } }))
        .status,
    ).toBe(200);
  });

  it('refuses a session key every session but its own, creating none', async () => {
    for (const id of ['s2', 'made-by-session-key']) {
      expect((await call(keys.session, 'POST', '/v3/workspaces/w1/sessions', { body: { id } })).status).toBe(
        403,
      );
      expect(
        (
          await call(keys.session, 'POST', `/v3/workspaces/w1/sessions/${id}/messages`, {
            body: { messages: [{ peer_id: 'alice', content: 'out of my session' }] },
          })
        ).status,
      ).toBe(403);
    }
    expect(await sessions('made-by-session-key')).toBe(0);
    expect(await memberships('s2', 'alice')).toBe(0);
  });

  it('keeps a session key to its own session: no other peer, no card learned elsewhere', async () => {
    for (const id of ['carol', 'newcomer']) {
      const handle = await call(keys.session, 'POST', '/v3/workspaces/w1/peers', { body: { id } });
      expect(handle.status).toBe(403);
    }
    expect(await peers('newcomer')).toBe(0);
    expect(
      (await call(keys.session, 'POST', '/v3/workspaces/w1/peers', { body: { id: 'alice' } })).status,
    ).toBe(200);
    // A new author joins the session first (the key manages it), then has a handle.
    const honcho = new Honcho({
      baseURL: platform.url,
      apiKey: keys.session,
      workspaceId: 'w1',
      maxRetries: 0,
    });
    const session = await honcho.session('s1');
    await session.addPeers('newcomer');
    const newcomer = await honcho.peer('newcomer');
    await session.addMessages([newcomer.message('Hello from the newcomer.')]);
    await expect(honcho.peer('carol')).rejects.toMatchObject({ status: 403 });

    // A card is not kept per session: a session key's context holds none.
    await admin('PUT', '/v3/workspaces/w1/peers/bob/card', {
      body: { peer_card: ['Learned in session two'] },
    });
    const asAdmin = await admin('GET', '/v3/workspaces/w1/sessions/s1/context', {
      query: { peer_target: 'bob' },
    });
    expect(asAdmin.body).toMatchObject({ peer_card: ['Learned in session two'] });
    const asSession = await call(keys.session, 'GET', '/v3/workspaces/w1/sessions/s1/context', {
      query: { peer_target: 'bob' },
    });
    expect(asSession.status).toBe(200);
    expect(asSession.body).toMatchObject({ peer_card: null });
  });

  it("searches a peer key's own messages only", async () => {
    const found = await call(keys.alice, 'POST', '/v3/workspaces/w1/peers/alice/search', {
      body: { query: 'What is the vault code?' },
    });
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).not.toContain('4321');
    expect((found.body as { peer_id: string }[]).every((message) => message.peer_id === 'alice')).toBe(true);
  });

  it("lets no organization claim a deleted workspace's id while another's keys still reach it", async () => {
    await admin('POST', '/v3/workspaces', { body: { id: 'shared' } });
    const minted = await admin('POST', '/v3/keys', { query: { workspace_id: 'shared' } });
    const old = minted.body as { key: string; id: string };
    expect((await admin('DELETE', '/v3/workspaces/shared')).status).toBe(202);
    expect((await call(keys.organization, 'POST', '/v3/workspaces', { body: { id: 'shared' } })).status).toBe(
      403,
    );
    expect(
      await count('SELECT count(*) AS n FROM organization_workspaces WHERE workspace_id = $1', ['shared']),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM workspaces WHERE id = $1', ['shared'])).toBe(0);
    // Once that key is revoked the id is free to take, and the old key reaches nothing of it.
    expect((await admin('DELETE', `/v3/keys/${old.id}`)).status).toBe(200);
    expect((await call(keys.organization, 'POST', '/v3/workspaces', { body: { id: 'shared' } })).status).toBe(
      200,
    );
    expect((await call(old.key, 'POST', '/v3/workspaces/shared/peers/list', { body: {} })).status).toBe(401);
  });

  it("keeps an organization key off the gateway's wallet workspaces", async () => {
    const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const claimed = await call(keys.organization, 'POST', '/v3/workspaces', { body: { id: wallet } });
    expect(claimed.status).toBe(403);
    expect(
      await count('SELECT count(*) AS n FROM organization_workspaces WHERE lower(workspace_id) = lower($1)', [
        wallet,
      ]),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM workspaces WHERE id = $1', [wallet])).toBe(0);
    // Any other free id is still the organization's to take.
    expect(
      (await call(keys.organization, 'POST', '/v3/workspaces', { body: { id: 'acme-app' } })).status,
    ).toBe(200);
  });
});
