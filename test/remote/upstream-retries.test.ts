import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { type ProxiedRequest, startHttpProxy } from '../support/http-proxy.js';
import { callError, callOk } from '../support/mcp-targets.js';
import { makeTempDir, uniqueWorkspace } from '../support/temp-dir.js';
import { connectTo, readUpstream, remoteMemory } from './support.js';

/**
 * Remote mode when the upstream is busy or failing: this package's gateway on a loopback port
 * behind an HTTP proxy that answers 429 or 503 in its place, or loses its answer, for the
 * requests a test picks. Paid on the devnet chain.
 */
let gateway: TestGateway;
let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
/** Picks the requests the proxy answers itself; the rest reach the gateway. */
let answer: (request: Omit<ProxiedRequest, 'status'>) => Response | undefined = () => undefined;
/** Replaces the gateway's answer to the requests it picks. */
let lose: (request: Omit<ProxiedRequest, 'status'>) => Response | undefined = () => undefined;

beforeAll(async () => {
  proxy = await startHttpProxy(() => gateway.url, {
    answer: (request) => answer(request),
    change: (request, response) => lose(request) ?? response,
  });
  gateway = await startTestGateway({ kind: 'memory' }, undefined, undefined, { publicUrl: proxy.url });
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await gateway?.close();
});

const payerBalance = () => gateway.devnet.balanceOf(gateway.devnet.payer.address);
const paying = (request: { headers: Headers }) => request.headers.has('payment-signature');
const requestsTo = (path: string) => proxy.seen.filter((request) => request.path === `/api/memory${path}`);

/** Answers the first `times` requests that `picks` with `status`, then lets them through. */
function failFirst(
  times: number,
  status: number,
  picks: (request: Omit<ProxiedRequest, 'status'>) => boolean,
) {
  let failed = 0;
  return (request: Omit<ProxiedRequest, 'status'>) => {
    if (!picks(request) || failed >= times) return undefined;
    failed += 1;
    return new Response('busy', { status, headers: { 'retry-after': '1' } });
  };
}

test('a free call answered 429, then 503, waits and is sent again until it goes through', async () => {
  const walletDir = await makeTempDir();
  const { memory } = remoteMemory({ upstream: proxy.url, gateway, walletDir: walletDir.path });
  const { client, close } = await connectTo(memory);
  try {
    const statuses = [429, 503];
    answer = (request) => {
      if (!request.path.endsWith('/sessions') || statuses.length === 0) return undefined;
      const status = statuses.shift() as number;
      return new Response('busy', { status, headers: { 'retry-after': '1' } });
    };
    proxy.seen.length = 0;
    expect(await callOk(client, 'list_sessions', {})).toMatchObject({ items: [] });
    expect(requestsTo('/sessions').map((request) => request.status)).toEqual([429, 503, 402, 200]);
  } finally {
    answer = () => undefined;
    await close();
    await walletDir.remove();
  }
});

test('a paid request answered 503 before it reached the upstream is sent again with the same payment, paid once', async () => {
  const walletDir = await makeTempDir();
  const { memory, ledger } = remoteMemory({ upstream: proxy.url, gateway, walletDir: walletDir.path });
  const { client, close } = await connectTo(memory);
  try {
    answer = failFirst(2, 503, paying);
    proxy.seen.length = 0;
    const before = await payerBalance();
    const session = uniqueWorkspace('retried');
    await callOk(client, 'add_messages', { session, messages: [{ peer: 'a', content: 'once' }] });
    expect(before - (await payerBalance())).toBe(1_000n);
    const paid = requestsTo('/messages').filter(paying);
    expect(paid.map((request) => request.status)).toEqual([503, 503, 200]);
    expect(new Set(paid.map((request) => request.headers.get('payment-signature'))).size).toBe(1);
    expect((await ledger.report()).total).toBe(1_000n);
  } finally {
    answer = () => undefined;
    await close();
    await walletDir.remove();
  }
});

test('a paid request settled upstream whose answer became a 502 is not paid again, and get_spending counts it as unconfirmed', async () => {
  const walletDir = await makeTempDir();
  const { memory } = remoteMemory({ upstream: proxy.url, gateway, walletDir: walletDir.path });
  const { client, close } = await connectTo(memory);
  try {
    let lost = false;
    lose = (request) => {
      if (!paying(request) || lost) return undefined;
      lost = true;
      return new Response('bad gateway', { status: 502 });
    };
    proxy.seen.length = 0;
    const before = await payerBalance();
    const session = uniqueWorkspace('lost-502');
    const text = await callError(client, 'add_messages', {
      session,
      messages: [{ peer: 'a', content: 'stored once' }],
    });
    expect(text).toContain('probably settled');
    expect(text).toContain('not paid again');
    expect(before - (await payerBalance())).toBe(1_000n);
    // Sent again with the same payment only, which the upstream refused as used.
    const paid = requestsTo('/messages').filter(paying);
    expect(paid.map((request) => request.status)).toEqual([502, 402]);
    expect(new Set(paid.map((request) => request.headers.get('payment-signature'))).size).toBe(1);
    const stored = await readUpstream<{ items: { content: string }[] }>(
      proxy.url,
      '/messages/list',
      { session },
      gateway.devnet.payer.privateKey,
    );
    expect(stored.items.map((message) => message.content)).toEqual(['stored once']);
    expect(await callOk(client, 'get_spending')).toMatchObject({
      spent_today_usd: '0.001',
      recent: [{ endpoint: '/messages', price_usd: '0.001', status: 'unconfirmed', reference: null }],
    });
  } finally {
    lose = () => undefined;
    await close();
    await walletDir.remove();
  }
});

test('an upstream busy to the last attempt is a tool error naming it and its answer, within 15 s', async () => {
  const walletDir = await makeTempDir();
  const { memory } = remoteMemory({ upstream: proxy.url, gateway, walletDir: walletDir.path });
  const { client, close } = await connectTo(memory);
  try {
    answer = (request) =>
      request.path.endsWith('/peers') ? new Response('<html>overloaded</html>', { status: 503 }) : undefined;
    proxy.seen.length = 0;
    const started = Date.now();
    const text = await callError(client, 'list_peers', {});
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(text).toBe(
      `unavailable: the upstream ${proxy.url} is unavailable: it answered 503 to /peers until the retries ran out\nIt is busy or failing; try again in a minute.`,
    );
    expect(requestsTo('/peers').length).toBe(5);
  } finally {
    answer = () => undefined;
    await close();
    await walletDir.remove();
  }
});
