import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { addMessages } from '../../src/engine/operations/add-messages.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { makeTempDir } from '../support/temp-dir.js';

const ADMIN_KEY = 'webhook-admin-key-for-tests-0123456789';

type Served = { baseURL: string; stop(): Promise<void> };

/** `peermem serve` with the platform API on, as a user runs it, on a free loopback port. */
async function startServe(env: Record<string, string>): Promise<Served> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'dist/src/main.js'), 'serve', '--host', '127.0.0.1', '--port', '0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PEERMEM_ADMIN_KEY: ADMIN_KEY, ...env },
    },
  );
  let stderr = '';
  const baseURL = await new Promise<string>((resolve, reject) => {
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
  return {
    baseURL,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

type Received = { path: string; headers: IncomingHttpHeaders; body: string; event: WebhookEvent };
type WebhookEvent = { id: string; type: string; data: Record<string, unknown>; timestamp: string };

/**
 * A webhook receiver on loopback, as a user would write one: it checks the signature over the
 * timestamp and the raw body with the endpoint's secret (401 when it does not match), and keeps
 * what it accepted. `/flaky` answers 500 to the first two attempts of each event.
 */
async function startReceiver() {
  const secrets = new Map<string, string>();
  const accepted: Received[] = [];
  const refusedSignatures: string[] = [];
  const attemptsPerEvent = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const secret = secrets.get(path) ?? '';
      const timestamp = String(request.headers['x-peermem-timestamp']);
      const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
      const given = String(request.headers['x-peermem-signature']);
      const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
      if (
        !fresh ||
        given.length !== expected.length ||
        !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      ) {
        refusedSignatures.push(path);
        response.writeHead(401).end();
        return;
      }
      const event = JSON.parse(body) as WebhookEvent;
      const attempt = (attemptsPerEvent.get(`${path} ${event.id}`) ?? 0) + 1;
      attemptsPerEvent.set(`${path} ${event.id}`, attempt);
      if (path === '/flaky' && attempt <= 2) {
        response.writeHead(500).end('not now');
        return;
      }
      accepted.push({ path, headers: request.headers, body, event });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    secrets,
    accepted,
    refusedSignatures,
    attemptsPerEvent,
    events: (path: string) => accepted.filter((received) => received.path === path).map((r) => r.event),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function platformClient(baseURL: string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
  };
}

const targets = [
  {
    name: 'PGlite',
    start: async () => {
      const dataDir = await makeTempDir();
      const served = await startServe({
        PEERMEM_DATA_DIR: dataDir.path,
        PEERMEM_WEBHOOK_ALLOW_PRIVATE: 'on',
      });
      return {
        served: {
          ...served,
          stop: async () => {
            await served.stop();
            await dataDir.remove();
          },
        },
        databaseUrl: undefined,
      };
    },
  },
  {
    name: 'Postgres',
    start: async () => {
      const databaseUrl = await createIsolatedDatabase('webhooks');
      const served = await startServe({ DATABASE_URL: databaseUrl, PEERMEM_WEBHOOK_ALLOW_PRIVATE: 'on' });
      return { served, databaseUrl };
    },
  },
];

describe.each(targets)('webhooks from peermem serve on $name', (target) => {
  let served: Served;
  let databaseUrl: string | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let call: ReturnType<typeof platformClient>;
  const WS = '/v3/workspaces/hooks';

  beforeAll(async () => {
    receiver = await startReceiver();
    ({ served, databaseUrl } = await target.start());
    call = platformClient(served.baseURL);
  }, 120_000);
  afterAll(async () => {
    await served?.stop();
    await receiver?.close();
  });

  it('signs and delivers every kind of event, retries a failing receiver, and stops after delete', async () => {
    expect((await call('POST', '/v3/workspaces', { id: 'hooks' })).status).toBe(200);
    expect((await call('POST', '/v3/workspaces/nowhere/webhooks', { url: receiver.url('/ok') })).status).toBe(
      404,
    );

    const created = await call('POST', `${WS}/webhooks`, { url: receiver.url('/ok') });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ workspace_id: 'hooks', url: receiver.url('/ok') });
    expect(created.json.secret).toMatch(/^whsec_/);
    receiver.secrets.set('/ok', created.json.secret);
    const again = await call('POST', `${WS}/webhooks`, { url: receiver.url('/ok') });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({
      id: created.json.id,
      workspace_id: 'hooks',
      url: receiver.url('/ok'),
      created_at: created.json.created_at,
    });

    const notHttp = await call('POST', `${WS}/webhooks`, { url: 'file:///etc/passwd' });
    expect(notHttp.status).toBe(422);
    expect(notHttp.json.detail[0].loc).toEqual(['body', 'url']);
    expect(notHttp.json.detail[0].msg).toContain('http or https');

    // The changes, through the platform API; the queue drains as the deriver learns the messages.
    expect((await call('GET', `${WS}/webhooks/test`)).json).toBeNull();
    await call('POST', `${WS}/peers`, { id: 'alice', metadata: { role: 'user' } });
    await call('PUT', `${WS}/peers/alice`, { metadata: { role: 'admin' } });
    await call('POST', `${WS}/sessions`, { id: 'trip' });
    await call('PUT', `${WS}/sessions/trip`, { metadata: { topic: 'sailing' } });
    const messages = await call('POST', `${WS}/sessions/trip/messages`, {
      messages: [
        { peer_id: 'alice', content: 'I live in Lisbon.', created_at: '2024-03-01T09:00:00Z' },
        { peer_id: 'alice', content: 'I sail a dinghy.' },
      ],
    });
    expect(messages.status).toBe(200);
    await call('PUT', `${WS}/peers/alice/card`, { peer_card: ['Lives in Lisbon'] });

    const types = [
      'test.event',
      'peer.created',
      'peer.updated',
      'session.created',
      'session.updated',
      'message.created',
      'peer.card_set',
      'queue.empty',
    ];
    await expect
      .poll(() => new Set(receiver.events('/ok').map((event) => event.type)), {
        timeout: 60_000,
        interval: 200,
      })
      .toEqual(new Set(types));
    // Deleted once learned: deleting it earlier would take its queued learning with it.
    expect((await call('DELETE', `${WS}/sessions/trip`)).status).toBe(202);
    await expect
      .poll(() => receiver.events('/ok').find((event) => event.type === 'session.deleted')?.data, {
        timeout: 30_000,
      })
      .toEqual({ workspace_id: 'hooks', session_id: 'trip' });
    const ok = receiver.events('/ok');
    const created1 = ok.filter((event) => event.type === 'message.created');
    expect(created1.map((event) => event.data.content)).toEqual(['I live in Lisbon.', 'I sail a dinghy.']);
    expect(created1[0]?.data).toMatchObject({
      workspace_id: 'hooks',
      session_id: 'trip',
      peer_id: 'alice',
      message_id: messages.json[0].id,
      created_at: '2024-03-01T09:00:00.000Z',
    });
    expect(ok.find((event) => event.type === 'peer.updated')?.data).toMatchObject({
      peer_id: 'alice',
      metadata: { role: 'admin' },
    });
    expect(ok.find((event) => event.type === 'session.updated')?.data).toMatchObject({
      session_id: 'trip',
      metadata: { topic: 'sailing' },
    });
    expect(ok.find((event) => event.type === 'peer.card_set')?.data).toEqual({
      workspace_id: 'hooks',
      peer_id: 'alice',
      target_id: 'alice',
      peer_card: ['Lives in Lisbon'],
    });
    expect(ok.find((event) => event.type === 'queue.empty')?.data).toEqual({
      workspace_id: 'hooks',
      queue_type: 'representation',
      session_id: null,
      observer: null,
      observed: null,
    });
    // Appending messages touches the session row: that is no session.updated.
    expect(ok.filter((event) => event.type === 'session.updated')).toHaveLength(1);
    expect(receiver.refusedSignatures).toEqual([]);
    const first = receiver.accepted[0];
    expect(first?.headers['x-honcho-signature']).toBe(
      createHmac('sha256', created.json.secret)
        .update(first?.body ?? '')
        .digest('hex'),
    );
    expect(first?.headers['x-peermem-event-id']).toBe(first?.event.id);

    // A receiver that answers 500 twice: the third attempt is accepted, and the API shows it.
    const flaky = await call('POST', `${WS}/webhooks`, { url: receiver.url('/flaky') });
    receiver.secrets.set('/flaky', flaky.json.secret);
    await call('GET', `${WS}/webhooks/test`);
    const deliveriesOf = async (endpoint: string) =>
      (await call('GET', `${WS}/webhooks/${endpoint}/deliveries?reverse=true`)).json;
    await expect
      .poll(async () => (await deliveriesOf(flaky.json.id)).items[0]?.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('pending');
    const pending = (await deliveriesOf(flaky.json.id)).items[0];
    expect(pending.type).toBe('test.event');
    await expect
      .poll(async () => (await deliveriesOf(flaky.json.id)).items[0]?.status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('delivered');
    const delivered = (await deliveriesOf(flaky.json.id)).items[0];
    expect(delivered).toMatchObject({
      type: 'test.event',
      attempts: 3,
      last_status_code: 204,
      last_error: null,
      next_attempt_at: null,
    });
    expect(receiver.attemptsPerEvent.get(`/flaky ${delivered.event_id}`)).toBe(3);
    expect(receiver.events('/flaky').map((event) => event.id)).toEqual([delivered.event_id]);

    // Deleted: nothing more goes to /ok, while /flaky still receives.
    expect((await call('DELETE', `${WS}/webhooks/${created.json.id}`)).status).toBe(204);
    expect((await call('DELETE', `${WS}/webhooks/${created.json.id}`)).status).toBe(404);
    expect((await call('GET', `${WS}/webhooks`)).json.items.map((e: { id: string }) => e.id)).toEqual([
      flaky.json.id,
    ]);
    const sentToOk = receiver.events('/ok').length;
    await call('POST', `${WS}/peers`, { id: 'bob' });
    await expect
      .poll(() => receiver.events('/flaky').some((event) => event.type === 'peer.created'), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(receiver.events('/ok')).toHaveLength(sentToOk);
  });

  it.runIf(target.name === 'Postgres')(
    'sends the events of a change made by the embedded engine the MCP tools use, and resumes a retry after a restart',
    async () => {
      const before = receiver.events('/flaky').length;
      const [flaky] = (await call('GET', `${WS}/webhooks`)).json.items;
      const db = openDatabase({ kind: 'postgres', url: databaseUrl as string });
      try {
        await addMessages(db, 'hooks', {
          session: 'notes',
          messages: [{ peer: 'bob', content: 'Written by a tool.' }],
        });
      } finally {
        await db.close();
      }
      const messageDelivery = async () =>
        (await call('GET', `${WS}/webhooks/${flaky.id}/deliveries?reverse=true`)).json.items.find(
          (delivery: { type: string }) => delivery.type === 'message.created',
        );
      // Refused once and waiting for its retry: the server stops, and another one takes over.
      await expect
        .poll(async () => (await messageDelivery())?.attempts, { timeout: 30_000, interval: 50 })
        .toBeGreaterThanOrEqual(1);
      const waiting = await messageDelivery();
      await served.stop();
      served = await startServe({ DATABASE_URL: databaseUrl as string, PEERMEM_WEBHOOK_ALLOW_PRIVATE: 'on' });
      call = platformClient(served.baseURL);
      await expect
        .poll(
          () =>
            receiver
              .events('/flaky')
              .slice(before)
              .find((event) => event.type === 'message.created')?.data.content,
          { timeout: 60_000 },
        )
        .toBe('Written by a tool.');
      // Three at least: an attempt under way when the server stopped counts, and is made again.
      const delivered = await messageDelivery();
      expect(delivered).toMatchObject({ id: waiting.id, status: 'delivered', last_status_code: 204 });
      expect(delivered.attempts).toBeGreaterThanOrEqual(3);
    },
  );
});

describe('webhook URLs without PEERMEM_WEBHOOK_ALLOW_PRIVATE', () => {
  let served: Served;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = await makeTempDir();
    remove = dataDir.remove;
    served = await startServe({ PEERMEM_DATA_DIR: dataDir.path });
  }, 120_000);
  afterAll(async () => {
    await served?.stop();
    await remove?.();
  });

  it('refuses loopback, private and link-local addresses with a 422 naming url and why', async () => {
    const call = platformClient(served.baseURL);
    await call('POST', '/v3/workspaces', { id: 'guarded' });
    for (const [url, kind] of [
      ['http://127.0.0.1:9/hook', 'loopback'],
      ['http://localhost:9/hook', 'loopback'],
      ['http://[::1]/hook', 'loopback'],
      ['https://10.1.2.3/hook', 'private'],
      ['http://192.168.0.10/hook', 'private'],
      ['http://169.254.169.254/latest/meta-data', 'link-local'],
      ['http://[::ffff:127.0.0.1]/hook', 'loopback'],
      ['http://[::127.0.0.1]/', 'loopback'],
      ['http://[::ffff:0:10.0.0.1]/hook', 'private'],
      ['http://[64:ff9b::169.254.169.254]/hook', 'link-local'],
      ['http://[2002:c0a8:101::1]/hook', 'private'],
    ] as const) {
      const refused = await call('POST', '/v3/workspaces/guarded/webhooks', { url });
      expect(refused.status, url).toBe(422);
      expect(refused.json.detail[0].loc).toEqual(['body', 'url']);
      expect(refused.json.detail[0].msg).toContain(kind);
      expect(refused.json.detail[0].msg).toContain('PEERMEM_WEBHOOK_ALLOW_PRIVATE');
    }
    expect((await call('GET', '/v3/workspaces/guarded/webhooks')).json.total).toBe(0);
  });
});
