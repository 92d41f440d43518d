import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { startHttpProxy } from '../support/http-proxy.js';
import { callError, callOk } from '../support/mcp-targets.js';
import { makeTempDir, uniqueWorkspace } from '../support/temp-dir.js';
import { connectTo, readUpstream, remoteMemory } from './support.js';

/**
 * An upstream that offers only x402 v1: this package's gateway (which offers v2 in the
 * PAYMENT-REQUIRED header and the same price as v1 in the body) behind a loopback HTTP proxy that
 * drops the v2 offer and the MPP challenge from the 402 of a paid endpoint, and refuses a v2
 * payment. The gateway settles the v1 payment on the devnet chain.
 */
let gateway: TestGateway;
let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
let upstream: string;

beforeAll(async () => {
  proxy = await startHttpProxy(() => gateway.url, {
    answer: ({ headers }) =>
      headers.has('payment-signature')
        ? Response.json({ error: 'this upstream speaks x402 v1 only' }, { status: 400 })
        : undefined,
    async change(_request, response) {
      const body = await response.text();
      const headers = new Headers(response.headers);
      if (response.status === 402 && /"x402Version":1/.test(body)) {
        headers.delete('payment-required');
        headers.delete('www-authenticate');
      }
      return new Response(body, { status: response.status, headers });
    },
  });
  upstream = proxy.url;
  // Sign-ins and payments are bound to the URL the client calls: the proxy's.
  gateway = await startTestGateway({ kind: 'memory' }, undefined, undefined, { publicUrl: upstream });
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await gateway?.close();
});

/** The payment headers each request to `path` carried. */
const paymentHeadersSent = (path: string) =>
  proxy.seen
    .filter((request) => request.path === path)
    .map((request) => ['payment-signature', 'x-payment'].filter((name) => request.headers.has(name)));

const payerBalance = () => gateway.devnet.balanceOf(gateway.devnet.payer.address);

test('the 402 of a paid endpoint offers only x402 v1 through the proxy', async () => {
  const response = await fetch(`${upstream}/api/memory/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session: 's', messages: [{ peer: 'a', content: 'x' }] }),
  });
  expect(response.status).toBe(402);
  expect(response.headers.get('payment-required')).toBeNull();
  expect(response.headers.get('www-authenticate')).toBeNull();
  expect(await response.json()).toMatchObject({
    x402Version: 1,
    accepts: [{ scheme: 'exact', network: 'base-sepolia', maxAmountRequired: '1000' }],
  });
});

test('a paid add_messages is paid with x402 v1: X-PAYMENT, exactly the price moves, and get_spending shows it', async () => {
  const walletDir = await makeTempDir();
  const { memory, lines } = remoteMemory({ upstream, gateway, walletDir: walletDir.path });
  const { client, close } = await connectTo(memory);
  try {
    const session = uniqueWorkspace('v1');
    const before = await payerBalance();
    proxy.seen.length = 0;
    await callOk(client, 'add_messages', {
      session,
      messages: [{ peer: 'vera', content: 'paid the old way' }],
    });
    expect(before - (await payerBalance())).toBe(1_000n);
    // The price was asked, then paid once, with the v1 header.
    expect(paymentHeadersSent('/api/memory/messages')).toEqual([[], ['x-payment']]);
    expect(lines).toEqual([
      expect.stringMatching(
        /^peermem: paid 0\.001 USD for \/messages with x402 v1 \(transaction 0x[0-9a-f]{64}\); today 0\.001 of 1\.00 USD$/,
      ),
    ]);
    expect(await callOk(client, 'get_spending')).toMatchObject({
      spent_today_usd: '0.001',
      by_endpoint: [{ endpoint: '/messages', spent_usd: '0.001' }],
      recent: [
        {
          endpoint: '/messages',
          price_usd: '0.001',
          protocol: 'x402 v1',
          network: gateway.devnet.network,
          asset: gateway.devnet.usdc.address,
          status: 'settled',
          reference: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        },
      ],
    });
    const stored = await readUpstream<{ items: { content: string }[] }>(
      upstream,
      '/messages/list',
      { session },
      gateway.devnet.payer.privateKey,
    );
    expect(stored.items.map((message) => message.content)).toEqual(['paid the old way']);
  } finally {
    await close();
    await walletDir.remove();
  }
});

test('a v1 price over --max-per-call is refused naming price and limit; nothing is signed or paid', async () => {
  const walletDir = await makeTempDir();
  const { memory } = remoteMemory({ upstream, gateway, walletDir: walletDir.path, maxPerCall: 100_000n });
  const { client, close } = await connectTo(memory);
  try {
    const before = await payerBalance();
    proxy.seen.length = 0;
    const text = await callError(client, 'chat', {
      peer: 'vera',
      query: 'Anything?',
      reasoning_level: 'max',
    });
    expect(text).toContain('/chat costs 0.50 USD, more than the 0.10 USD allowed per call');
    expect(paymentHeadersSent('/api/memory/chat')).toEqual([[]]);
    expect(await payerBalance()).toBe(before);
  } finally {
    await close();
    await walletDir.remove();
  }
});
