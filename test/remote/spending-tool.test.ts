import { Client } from '@modelcontextprotocol/client';
import { createPublicClient, erc20Abi, type Hex, http, parseEventLogs } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { callOk, connectClient, spawnServer } from '../support/mcp-targets.js';
import { makeTempDir, uniqueWorkspace } from '../support/temp-dir.js';
import { connectTo, remoteMemory } from './support.js';

/**
 * get_spending and memory://spending through a real MCP client: embedded (nothing is ever
 * paid), and remote against this package's gateway on a loopback port, paying on the devnet.
 */

const today = () => new Date().toISOString().slice(0, 10);

async function readSpendingResource(client: Client): Promise<unknown> {
  const [content] = (await client.readResource({ uri: 'memory://spending' })).contents;
  return JSON.parse(content && 'text' in content ? content.text : 'null');
}

describe('embedded mode', () => {
  test.each(['pglite', 'postgres'] as const)(
    'on %s, nothing is spent: zero totals, no wallet, no limits',
    async (database) => {
      const target = await connectClient('in-process', database);
      try {
        const nothing = {
          mode: 'embedded',
          wallet: null,
          upstream: null,
          day: today(),
          spent_today_usd: '0.00',
          remaining_today_usd: null,
          daily_budget_usd: null,
          max_per_call_usd: null,
          by_endpoint: [],
          recent: [],
        };
        // Writing here costs nothing, and the answer says so.
        await callOk(target.client, 'add_messages', {
          session: 'free',
          messages: [{ peer: 'ada', content: 'kept locally' }],
        });
        expect(await callOk(target.client, 'get_spending')).toEqual(nothing);
        expect(await readSpendingResource(target.client)).toEqual(nothing);
        const listed = (await target.client.listResources()).resources.map((resource) => resource.uri);
        expect(listed).toContain('memory://spending');
      } finally {
        await target.close();
      }
    },
  );
});

describe('remote mode', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway();
  }, 120_000);
  afterAll(async () => gateway?.close());

  const payerBalance = () => gateway.devnet.balanceOf(gateway.devnet.payer.address);

  test('after a paid add_messages, the tool and the resource show exactly its price and its transaction', async () => {
    const walletDir = await makeTempDir();
    const { memory } = remoteMemory({ upstream: gateway.url, gateway, walletDir: walletDir.path });
    const { client, close } = await connectTo(memory);
    try {
      const before = await callOk(client, 'get_spending');
      expect(before).toMatchObject({
        mode: 'remote',
        wallet: gateway.devnet.payer.address,
        upstream: gateway.url,
        spent_today_usd: '0.00',
        remaining_today_usd: '1.00',
        daily_budget_usd: '1.00',
        max_per_call_usd: '0.05',
        by_endpoint: [],
        recent: [],
      });

      const balance = await payerBalance();
      await callOk(client, 'add_messages', {
        session: uniqueWorkspace('spending'),
        messages: [{ peer: 'alice', content: 'I paid for this line.' }],
      });
      const paid = balance - (await payerBalance());
      expect(paid).toBe(1_000n);

      const spending = await callOk<{ recent: { reference: Hex }[] }>(client, 'get_spending');
      expect(spending).toEqual({
        mode: 'remote',
        wallet: gateway.devnet.payer.address,
        upstream: gateway.url,
        day: today(),
        spent_today_usd: '0.001',
        remaining_today_usd: '0.999',
        daily_budget_usd: '1.00',
        max_per_call_usd: '0.05',
        by_endpoint: [{ endpoint: '/messages', spent_usd: '0.001' }],
        recent: [
          {
            at: expect.stringMatching(new RegExp(`^${today()}T`)),
            endpoint: '/messages',
            price_usd: '0.001',
            protocol: 'x402 v2',
            network: gateway.devnet.network,
            asset: gateway.devnet.usdc.address,
            status: 'settled',
            reference: expect.stringMatching(/^0x[0-9a-f]{64}$/),
          },
        ],
      });
      expect(await readSpendingResource(client)).toEqual(spending);

      // The reference is the settlement on the chain: the payer's transfer of exactly the price.
      const chain = createPublicClient({ transport: http(gateway.devnet.rpcUrl) });
      const receipt = await chain.getTransactionReceipt({ hash: spending.recent[0]?.reference as Hex });
      const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
      expect(transfers.map(({ args }) => args)).toEqual([
        { from: gateway.devnet.payer.address, to: gateway.devnet.payee.address, value: paid },
      ]);
    } finally {
      await close();
      await walletDir.remove();
    }
  });

  test('a payment with MPP is listed with the Tempo chain and token it was paid in', async () => {
    const walletDir = await makeTempDir();
    const { tempo } = gateway.devnet;
    const wallet = await tempo.fundWallet(1_000_000n);
    const { memory } = remoteMemory({
      upstream: gateway.url,
      gateway,
      walletDir: walletDir.path,
      privateKey: wallet.privateKey,
      payWith: 'mpp',
    });
    const { client, close } = await connectTo(memory);
    try {
      const before = await tempo.balanceOf(wallet.address);
      await callOk(client, 'add_messages', {
        session: uniqueWorkspace('spending-mpp'),
        messages: [{ peer: 'dora', content: 'paid on Tempo' }],
      });
      expect(before - (await tempo.balanceOf(wallet.address))).toBe(1_000n);
      expect(await callOk(client, 'get_spending')).toMatchObject({
        wallet: wallet.address,
        spent_today_usd: '0.001',
        recent: [
          {
            endpoint: '/messages',
            price_usd: '0.001',
            protocol: 'mpp',
            network: `eip155:${tempo.chainId}`,
            asset: tempo.currency.address,
            status: 'settled',
            reference: expect.stringMatching(/^0x[0-9a-f]{64}$/),
          },
        ],
      });
    } finally {
      await close();
      await walletDir.remove();
    }
  });

  test('a payment refused for want of funds is not listed and does not count', async () => {
    const walletDir = await makeTempDir();
    const { memory } = remoteMemory({
      upstream: gateway.url,
      gateway,
      walletDir: walletDir.path,
      // A fresh key: no USDC.
      privateKey: generatePrivateKey(),
    });
    const { client, close } = await connectTo(memory);
    try {
      const refused = await client.callTool({
        name: 'add_messages',
        arguments: { session: 'nope', messages: [{ peer: 'a', content: 'x' }] },
      });
      expect(refused.isError).toBe(true);
      expect(await callOk(client, 'get_spending')).toMatchObject({
        spent_today_usd: '0.00',
        remaining_today_usd: '1.00',
        by_endpoint: [],
        recent: [],
      });
    } finally {
      await close();
      await walletDir.remove();
    }
  });

  test('peermem --upstream reports what its wallet spent, from the ledger in its wallet folder', async () => {
    const walletDir = await makeTempDir();
    // Another process of the same wallet paid earlier today: the ledger is shared.
    const earlier = remoteMemory({ upstream: gateway.url, gateway, walletDir: walletDir.path });
    await earlier.memory.addMessages({
      session: uniqueWorkspace('shared'),
      messages: [{ peer: 'bob', content: 'paid by the first process' }],
    });
    const client = new Client({ name: 'peermem-spending-tests', version: '1.0.0' });
    await client.connect(
      spawnServer(['--upstream', gateway.url, '--max-per-call', '0.10', '--daily-budget', '2'], {
        PEERMEM_PRIVATE_KEY: gateway.devnet.payer.privateKey,
        PEERMEM_X402_NETWORK: gateway.devnet.network,
        PEERMEM_X402_ASSET: gateway.devnet.usdc.address,
        PEERMEM_WALLET_DIR: walletDir.path,
        PEERMEM_KEYCHAIN: 'off',
      }),
    );
    try {
      expect(await callOk(client, 'get_spending')).toMatchObject({
        mode: 'remote',
        wallet: gateway.devnet.payer.address,
        upstream: gateway.url,
        spent_today_usd: '0.001',
        remaining_today_usd: '1.999',
        daily_budget_usd: '2.00',
        max_per_call_usd: '0.10',
        by_endpoint: [{ endpoint: '/messages', spent_usd: '0.001' }],
        recent: [{ endpoint: '/messages', price_usd: '0.001', status: 'settled' }],
      });
    } finally {
      await client.close();
      await walletDir.remove();
    }
  });
});
