import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
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
let proxy: Server;
let upstream: string;
/** The payment headers of each request the proxy passed on, and those of each answer. */
const seen: { path: string; sent: string[]; answered: string[] }[] = [];

const PAYMENT_HEADERS = ['payment-signature', 'x-payment', 'payment-response', 'x-payment-response'];

beforeAll(async () => {
  proxy = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = request.url ?? '/';
    const sent = PAYMENT_HEADERS.filter((name) => request.headers[name] !== undefined);
    if (sent.includes('payment-signature')) {
      seen.push({ path, sent, answered: [] });
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'this upstream speaks x402 v1 only' }));
      return;
    }
    const answer = await fetch(new URL(path, gateway.url), {
      method: request.method ?? 'GET',
      headers: forwarded(request.headers),
      ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
    });
    const body = await answer.text();
    const headers = new Headers(answer.headers);
    if (answer.status === 402 && /"x402Version":1/.test(body)) {
      headers.delete('payment-required');
      headers.delete('www-authenticate');
    }
    headers.delete('content-length');
    headers.delete('content-encoding');
    seen.push({ path, sent, answered: PAYMENT_HEADERS.filter((name) => headers.has(name)) });
    response.writeHead(answer.status, Object.fromEntries(headers));
    response.end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  // Sign-ins and payments are bound to the URL the client calls: the proxy's.
  gateway = await startTestGateway({ kind: 'memory' }, undefined, undefined, { publicUrl: upstream });
}, 120_000);
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await gateway?.close();
});

function forwarded(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || ['host', 'connection', 'content-length'].includes(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

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
    seen.length = 0;
    await callOk(client, 'add_messages', {
      session,
      messages: [{ peer: 'vera', content: 'paid the old way' }],
    });
    expect(before - (await payerBalance())).toBe(1_000n);
    // The price was asked, then paid once, with the v1 header, and settled with the v1 receipt.
    expect(seen.filter((request) => request.path === '/api/memory/messages')).toEqual([
      { path: '/api/memory/messages', sent: [], answered: [] },
      { path: '/api/memory/messages', sent: ['x-payment'], answered: ['x-payment-response'] },
    ]);
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
    seen.length = 0;
    const text = await callError(client, 'chat', {
      peer: 'vera',
      query: 'Anything?',
      reasoning_level: 'max',
    });
    expect(text).toContain('/chat costs 0.50 USD, more than the 0.10 USD allowed per call');
    expect(seen.flatMap((request) => request.sent)).toEqual([]);
    expect(await payerBalance()).toBe(before);
  } finally {
    await close();
    await walletDir.remove();
  }
});
