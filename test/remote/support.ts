import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Hex } from 'viem';
import { createMcpServer } from '../../src/mcp/create-mcp-server.js';
import { createRemoteMemoryService } from '../../src/remote/remote-memory-service.js';
import { type MicroUsd, SpendingLedger } from '../../src/remote/spending-ledger.js';
import { UpstreamClient } from '../../src/remote/upstream-client.js';
import type { MemoryService } from '../../src/service/memory-service.js';
import type { TestGateway } from '../support/gateway.js';
import { createWalletFetch } from '../support/wallet-fetch.js';

export type RemoteSetup = {
  upstream: string;
  gateway: TestGateway;
  walletDir: string;
  maxPerCall?: MicroUsd;
  dailyBudget?: MicroUsd;
  privateKey?: Hex;
  payWith?: 'x402' | 'mpp';
  /** The fetch the client sends with (to watch or break its requests). */
  fetch?: typeof fetch;
};

/** The remote memory service of the devnet's payer (or `privateKey`) at `upstream`. */
export function remoteMemory(setup: RemoteSetup): {
  memory: MemoryService;
  ledger: SpendingLedger;
  lines: string[];
} {
  const { devnet } = setup.gateway;
  const ledger = new SpendingLedger(setup.walletDir, {
    maxPerCall: setup.maxPerCall ?? 50_000n,
    dailyBudget: setup.dailyBudget ?? 1_000_000n,
  });
  const lines: string[] = [];
  const client = new UpstreamClient({
    upstream: setup.upstream,
    privateKey: setup.privateKey ?? devnet.payer.privateKey,
    ledger,
    payWith: setup.payWith ?? 'x402',
    x402Assets: [{ network: devnet.network, asset: devnet.usdc.address }],
    mpp: {
      rpcUrls: { [devnet.tempo.chainId]: devnet.tempo.rpcUrl },
      currencies: [devnet.tempo.currency.address],
    },
    log: (line) => lines.push(line),
    ...(setup.fetch === undefined ? {} : { fetch: setup.fetch }),
  });
  return { memory: createRemoteMemoryService(client), ledger, lines };
}

/** A real MCP client of an MCP server (in this process) whose tools use `memory`. */
export async function connectTo(memory: MemoryService): Promise<{ client: Client; close(): Promise<void> }> {
  const handler = createMcpHandler(() => createMcpServer({ memory }));
  const client = new Client({ name: 'peermem-remote-tests', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://in-process.test/mcp'), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    }),
  );
  return {
    client,
    async close() {
      await client.close();
      await handler.close();
    },
  };
}

/**
 * A gateway request signed by the wallet with the `peermem call` fetch, not through the remote
 * client: what the upstream holds for the wallet, read independently.
 */
export async function readUpstream<Output>(
  upstream: string,
  path: string,
  body: unknown,
  privateKey: Hex,
): Promise<Output> {
  const signedFetch = createWalletFetch(privateKey);
  const response = await signedFetch(`${upstream}/api/memory${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Output;
}
