import { type AddressInfo, createServer, type Socket } from 'node:net';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deadPort } from '../support/dead-port.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { callError, callOk } from '../support/mcp-targets.js';
import { startProxy } from '../support/tcp-proxy.js';
import { makeTempDir, uniqueWorkspace } from '../support/temp-dir.js';
import { connectTo, readUpstream, remoteMemory } from './support.js';

/**
 * The MCP tools in remote mode, driven by a real MCP client, against this package's gateway on
 * a loopback port (behind a TCP proxy that can be cut, as a stopped upstream), paid on the local
 * devnet chain.
 */
let gateway: TestGateway;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let upstream: string;
let walletDir: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  const target = { host: '127.0.0.1', port: 0 };
  proxy = await startProxy(target);
  upstream = `http://127.0.0.1:${proxy.port()}`;
  // The gateway's public URL is the proxy's: sign-ins and payments are bound to it.
  gateway = await startTestGateway({ kind: 'memory' }, undefined, undefined, { publicUrl: upstream });
  target.port = Number(new URL(gateway.url).port);
  walletDir = await makeTempDir();
}, 120_000);
afterAll(async () => {
  await proxy?.cut();
  await gateway?.close();
  await walletDir?.remove();
});

const payer = () => gateway.devnet.payer.privateKey;
const payerBalance = () => gateway.devnet.balanceOf(gateway.devnet.payer.address);

describe('remote mode: the tools work on the wallet’s workspace at the upstream', () => {
  test('free tools land in the wallet’s workspace, read back with a direct signed request', async () => {
    const { memory } = remoteMemory({ upstream, gateway, walletDir: walletDir.path });
    const { client, close } = await connectTo(memory);
    try {
      const session = uniqueWorkspace('free');
      const before = await payerBalance();
      expect(await callOk(client, 'add_session_peers', { session, peers: ['alice', 'bob'] })).toEqual({
        ok: true,
      });
      await callOk(client, 'set_peer_card', { peer: 'alice', card: ['likes tea'] });
      const peers = await readUpstream<{ peers: { id: string }[] }>(
        upstream,
        '/sessions/peers',
        { session },
        payer(),
      );
      expect(peers.peers.map((peer) => peer.id).sort()).toEqual(['alice', 'bob']);
      expect(await readUpstream(upstream, '/card', { peer: 'alice' }, payer())).toMatchObject({
        peer_card: ['likes tea'],
      });
      // A free call after another uses the sign-in prepared ahead; both are free.
      const listed = await callOk<{ items: { id: string }[] }>(client, 'list_sessions', {});
      expect(listed.items.map((item) => item.id)).toContain(session);
      await callOk(client, 'list_sessions', {});
      expect(await payerBalance()).toBe(before);
      // Another wallet's workspace does not see it.
      const stranger = generatePrivateKey();
      const theirs = await readUpstream<{ items: unknown[] }>(upstream, '/sessions', {}, stranger);
      expect(theirs.items).toEqual([]);
    } finally {
      await close();
    }
  });

  test('a paid add_messages moves the wallet’s USDC by exactly the price, and the ledger records it', async () => {
    const ledgerDir = await makeTempDir();
    const { memory, ledger, lines } = remoteMemory({ upstream, gateway, walletDir: ledgerDir.path });
    const { client, close } = await connectTo(memory);
    try {
      const session = uniqueWorkspace('paid');
      const before = await payerBalance();
      const added = await callOk<{ messages: { content: string }[] }>(client, 'add_messages', {
        session,
        messages: [{ peer: 'alice', content: 'I moved to Lisbon last spring.' }],
      });
      expect(added.messages.map((message) => message.content)).toEqual(['I moved to Lisbon last spring.']);
      expect(before - (await payerBalance())).toBe(1_000n);
      const stored = await readUpstream<{ items: { content: string }[] }>(
        upstream,
        '/messages/list',
        { session },
        payer(),
      );
      expect(stored.items.map((message) => message.content)).toEqual(['I moved to Lisbon last spring.']);
      expect(await ledger.report()).toMatchObject({ total: 1_000n, byEndpoint: { '/messages': 1_000n } });
      expect(lines).toEqual([
        expect.stringMatching(
          /^peermem: paid 0\.001 USD for \/messages with x402 \(transaction 0x[0-9a-f]{64}\); today 0\.001 of 1\.00 USD$/,
        ),
      ]);

      // chat at its default level (low, 0.01 USD) is paid as well, and answers.
      const chatBefore = await payerBalance();
      const answer = await callOk<{ content: string | null }>(client, 'chat', {
        peer: 'alice',
        query: 'Where does alice live?',
      });
      expect(answer).toHaveProperty('content');
      expect(chatBefore - (await payerBalance())).toBe(10_000n);
    } finally {
      await close();
      await ledgerDir.remove();
    }
  });

  test('a call over --max-per-call is a tool error naming price and limit; nothing is signed or paid', async () => {
    const ledgerDir = await makeTempDir();
    const { memory, ledger } = remoteMemory({
      upstream,
      gateway,
      walletDir: ledgerDir.path,
      maxPerCall: 100_000n,
    });
    const { client, close } = await connectTo(memory);
    try {
      const before = await payerBalance();
      const spent = await gateway.database.query('SELECT 1 FROM spent_nonces');
      const text = await callError(client, 'chat', {
        peer: 'alice',
        query: 'Anything?',
        reasoning_level: 'max',
      });
      expect(text).toContain('0.50 USD');
      expect(text).toContain('0.10 USD allowed per call');
      expect(text).toContain('nothing was signed or paid');
      expect(await payerBalance()).toBe(before);
      // No payment proof reached the gateway.
      expect((await gateway.database.query('SELECT 1 FROM spent_nonces')).length).toBe(spent.length);
      expect((await ledger.report()).total).toBe(0n);
    } finally {
      await close();
      await ledgerDir.remove();
    }
  });

  test('the daily budget refuses the call that would pass it, before signing', async () => {
    const ledgerDir = await makeTempDir();
    const { memory } = remoteMemory({ upstream, gateway, walletDir: ledgerDir.path, dailyBudget: 1_500n });
    const { client, close } = await connectTo(memory);
    try {
      const session = uniqueWorkspace('budget');
      const before = await payerBalance();
      await callOk(client, 'add_messages', { session, messages: [{ peer: 'a', content: 'one' }] });
      const text = await callError(client, 'add_messages', {
        session,
        messages: [{ peer: 'a', content: 'two' }],
      });
      expect(text).toContain('over the daily budget');
      expect(text).toContain('0.001 USD');
      expect(text).toContain('0.0015 USD');
      expect(before - (await payerBalance())).toBe(1_000n);
    } finally {
      await close();
      await ledgerDir.remove();
    }
  });

  test('upstream stopped mid-session: a tool error naming it within 15 s; no double charge once it returns', async () => {
    const ledgerDir = await makeTempDir();
    const { memory } = remoteMemory({ upstream, gateway, walletDir: ledgerDir.path });
    const { client, close } = await connectTo(memory);
    try {
      const session = uniqueWorkspace('outage');
      const before = await payerBalance();
      await callOk(client, 'add_messages', { session, messages: [{ peer: 'a', content: 'before' }] });
      await proxy.cut();
      const started = Date.now();
      const text = await callError(client, 'add_messages', {
        session,
        messages: [{ peer: 'a', content: 'during' }],
      });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(text).toContain(`the upstream ${upstream} is unreachable`);
      const free = await callError(client, 'list_sessions', {});
      expect(free).toContain(upstream);
      await proxy.restore();
      await callOk(client, 'add_messages', { session, messages: [{ peer: 'a', content: 'after' }] });
      expect(before - (await payerBalance())).toBe(2_000n);
      const stored = await readUpstream<{ items: { content: string }[] }>(
        upstream,
        '/messages/list',
        { session },
        payer(),
      );
      expect(stored.items.map((message) => message.content)).toEqual(['before', 'after']);
    } finally {
      await close();
      await ledgerDir.remove();
    }
  }, 60_000);

  test('a dead upstream gives a tool error naming its URL within 15 s, never a hang', async () => {
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const { memory } = remoteMemory({ upstream: dead, gateway, walletDir: walletDir.path });
    const { client, close } = await connectTo(memory);
    try {
      const started = Date.now();
      const text = await callError(client, 'search', { query: 'anything' });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(text).toBe(
        `unavailable: the upstream ${dead} is unreachable: connection refused\nCheck that the gateway runs at that URL and this machine can reach it (--upstream, PEERMEM_UPSTREAM), then try again.`,
      );
    } finally {
      await close();
    }
  });

  test('an upstream that accepts connections and never answers gives a tool error within 15 s', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const { memory } = remoteMemory({ upstream: url, gateway, walletDir: walletDir.path });
    const { client, close } = await connectTo(memory);
    try {
      const started = Date.now();
      const text = await callError(client, 'list_peers', {});
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(text).toContain(`the upstream ${url} is unreachable: no answer in time`);
    } finally {
      await close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);

  test('what the upstream cannot do is a clear tool error: created_at, learning status', async () => {
    const { memory } = remoteMemory({ upstream, gateway, walletDir: walletDir.path });
    const { client, close } = await connectTo(memory);
    try {
      const before = await payerBalance();
      const stamped = await callError(client, 'add_messages', {
        session: 's',
        messages: [{ peer: 'a', content: 'x', created_at: '2024-01-01T00:00:00Z' }],
      });
      expect(stamped).toContain('created_at cannot be set in remote mode');
      expect(await payerBalance()).toBe(before);
      expect(await callError(client, 'get_deriver_status', {})).toContain('remote mode');
      // The upstream's own validation errors pass through, naming the field.
      expect(await callError(client, 'get_peer_card', { peer: 'nobody-here' })).not.toContain('internal');
    } finally {
      await close();
    }
  });

  test('with --pay-with mpp, a paid add_messages is paid on the Tempo chain: exactly the price moves', async () => {
    const ledgerDir = await makeTempDir();
    const wallet = await gateway.devnet.tempo.fundWallet(1_000_000n);
    const { memory, lines } = remoteMemory({
      upstream,
      gateway,
      walletDir: ledgerDir.path,
      privateKey: wallet.privateKey,
      payWith: 'mpp',
    });
    const { client, close } = await connectTo(memory);
    try {
      const before = await gateway.devnet.tempo.balanceOf(wallet.address);
      const session = uniqueWorkspace('mpp');
      await callOk(client, 'add_messages', {
        session,
        messages: [{ peer: 'dora', content: 'paid on Tempo' }],
      });
      expect(before - (await gateway.devnet.tempo.balanceOf(wallet.address))).toBe(1_000n);
      expect(lines[0]).toMatch(/^peermem: paid 0\.001 USD for \/messages with mpp /);
      const stored = await readUpstream<{ items: { content: string }[] }>(
        upstream,
        '/messages/list',
        { session },
        wallet.privateKey,
      );
      expect(stored.items.map((message) => message.content)).toEqual(['paid on Tempo']);
    } finally {
      await close();
      await ledgerDir.remove();
    }
  });

  test('a paid call whose answer is lost is not paid again: the retry carries the same payment', async () => {
    const ledgerDir = await makeTempDir();
    let dropped = false;
    // The upstream gets and settles the paid request, then the answer is lost on the way back.
    const losing: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const paying = new Headers(init?.headers).has('payment-signature');
      if (paying && !dropped) {
        dropped = true;
        await response.arrayBuffer();
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
        });
      }
      return response;
    };
    const { memory, ledger } = remoteMemory({ upstream, gateway, walletDir: ledgerDir.path, fetch: losing });
    const { client, close } = await connectTo(memory);
    try {
      const session = uniqueWorkspace('lost');
      const before = await payerBalance();
      const text = await callError(client, 'add_messages', {
        session,
        messages: [{ peer: 'a', content: 'once' }],
      });
      expect(text).toContain('probably settled');
      expect(text).toContain('not paid again');
      expect(before - (await payerBalance())).toBe(1_000n);
      // It counts against the budget: it was paid.
      expect((await ledger.report()).total).toBe(1_000n);
      const stored = await readUpstream<{ items: { content: string }[] }>(
        upstream,
        '/messages/list',
        { session },
        payer(),
      );
      expect(stored.items.map((message) => message.content)).toEqual(['once']);
    } finally {
      await close();
      await ledgerDir.remove();
    }
  });

  test('a free call after another is one round trip: its sign-in was prepared ahead', async () => {
    const sent: { path: string; signed: boolean }[] = [];
    const watching: typeof fetch = (input, init) => {
      sent.push({
        path: new URL(String(input)).pathname,
        signed: new Headers(init?.headers).has('sign-in-with-x'),
      });
      return fetch(input, init);
    };
    const { memory } = remoteMemory({ upstream, gateway, walletDir: walletDir.path, fetch: watching });
    const { client, close } = await connectTo(memory);
    try {
      await callOk(client, 'list_peers', {});
      // Right after: the challenge fetched ahead may still be on its way; the call waits for it.
      await callOk(client, 'list_peers', {});
      expect(sent.slice(0, 4)).toEqual([
        { path: '/api/memory/peers', signed: false }, // the first call asks for its challenge
        { path: '/api/memory/peers', signed: true },
        { path: '/api/memory/peers', signed: false }, // the next challenge, fetched ahead
        { path: '/api/memory/peers', signed: true }, // the second call: one request
      ]);
    } finally {
      await close();
    }
  });

  test('a wallet without funds gets the payment refused, with the reason, and the ledger releases it', async () => {
    const ledgerDir = await makeTempDir();
    const poor = generatePrivateKey();
    const { memory, ledger } = remoteMemory({
      upstream,
      gateway,
      walletDir: ledgerDir.path,
      privateKey: poor,
    });
    const { client, close } = await connectTo(memory);
    try {
      const text = await callError(client, 'add_messages', {
        session: 's',
        messages: [{ peer: 'a', content: 'x' }],
      });
      expect(text).toContain('refused the payment');
      expect((await ledger.report()).total).toBe(0n);
      expect(await gateway.devnet.balanceOf(privateKeyToAccount(poor).address)).toBe(0n);
    } finally {
      await close();
      await ledgerDir.remove();
    }
  });
});
