import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { VERSION } from '../../src/version.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { callError, callOk, PROJECT_ROOT, spawnServer } from '../support/mcp-targets.js';
import { makeTempDir, uniqueWorkspace } from '../support/temp-dir.js';

/**
 * `peermem mcp --upstream` as a process (the built package, over stdio and HTTP), against the
 * gateway on a loopback port, paying on the devnet.
 */
let gateway: TestGateway;
let walletDir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  walletDir = await makeTempDir();
  dataDir = await makeTempDir();
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  await walletDir?.remove();
  await dataDir?.remove();
});

/** The devnet payer's settings, as `peermem devnet` prints them for a client. */
const remoteEnv = (dir = walletDir.path): Record<string, string> => ({
  PEERMEM_PRIVATE_KEY: gateway.devnet.payer.privateKey,
  PEERMEM_X402_NETWORK: gateway.devnet.network,
  PEERMEM_X402_ASSET: gateway.devnet.usdc.address,
  PEERMEM_WALLET_DIR: dir,
  PEERMEM_KEYCHAIN: 'off',
});

async function connectStdio(args: string[], env: Record<string, string>) {
  const client = new Client({ name: 'peermem-remote-cli-tests', version: '1.0.0' });
  const transport = spawnServer(args, env);
  let stderr = '';
  transport.stderr?.on('data', (data: Buffer) => {
    stderr += data.toString();
  });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** What a client sees of the tools: names, input and output schemas, in order. */
async function toolShapes(client: Client) {
  const { tools } = await client.listTools();
  return tools.map(({ name, inputSchema, outputSchema }) => ({ name, inputSchema, outputSchema }));
}

describe('peermem mcp --upstream', () => {
  test('the tools, resources and prompts listed are those of embedded mode, and get_spending; the first stderr line names the upstream and the wallet', async () => {
    const embedded = await connectStdio(['--data-dir', dataDir.path, '--deriver', 'off'], {});
    const remote = await connectStdio(['--upstream', gateway.url], remoteEnv());
    try {
      const embeddedTools = await toolShapes(embedded.client);
      expect(embeddedTools.length).toBeGreaterThan(10);
      // A paying wallet adds get_spending, which embedded mode, paying nothing, does not list.
      const remoteTools = await toolShapes(remote.client);
      expect(remoteTools.map(({ name }) => name)).toContain('get_spending');
      expect(remoteTools.filter(({ name }) => name !== 'get_spending')).toEqual(embeddedTools);
      expect((await remote.client.listResourceTemplates()).resourceTemplates).toEqual(
        (await embedded.client.listResourceTemplates()).resourceTemplates,
      );
      expect((await remote.client.listPrompts()).prompts).toEqual(
        (await embedded.client.listPrompts()).prompts,
      );
      expect(remote.client.getInstructions()).toBe(embedded.client.getInstructions());

      await expect.poll(() => remote.stderr().includes('\n')).toBe(true);
      expect(remote.stderr().split('\n')[0]).toBe(
        `peermem ${VERSION}: MCP over stdio (remote: the memory of wallet ${gateway.devnet.payer.address} at ${gateway.url}, paying at most 0.05 USD a call and 1.00 USD a day)`,
      );
      // Nothing local is opened: no data folder is named, and the default one is not created here.
      expect(remote.stderr()).not.toContain('data folder');

      const session = uniqueWorkspace('stdio');
      const before = await gateway.devnet.balanceOf(gateway.devnet.payer.address);
      await callOk(remote.client, 'add_messages', {
        session,
        messages: [{ peer: 'alice', content: 'hello' }],
      });
      expect(before - (await gateway.devnet.balanceOf(gateway.devnet.payer.address))).toBe(1_000n);
      const listed = await callOk<{ items: { id: string }[] }>(remote.client, 'list_sessions', {});
      expect(listed.items.map((item) => item.id)).toContain(session);
    } finally {
      await embedded.close();
      await remote.close();
    }
  });

  test('two server processes sharing the wallet share its daily budget', async () => {
    const shared = await makeTempDir();
    const env = { ...remoteEnv(shared.path), PEERMEM_DAILY_BUDGET: '0.0025' };
    const first = await connectStdio(['--upstream', gateway.url], env);
    const second = await connectStdio(['--upstream', gateway.url], env);
    try {
      const before = await gateway.devnet.balanceOf(gateway.devnet.payer.address);
      const session = uniqueWorkspace('budget');
      const add = (client: Client, content: string) =>
        client.callTool({ name: 'add_messages', arguments: { session, messages: [{ peer: 'a', content }] } });
      // One after another: settlements of one payer at once are the gateway's concern, not this test's.
      const results = [
        await add(first.client, 'one'),
        await add(second.client, 'two'),
        await add(first.client, 'three'),
        await add(second.client, 'four'),
      ];
      // Each process alone would have paid both its calls; together they stop at the shared 0.0025 USD.
      expect(results.map((result) => Boolean(result.isError))).toEqual([false, false, true, true]);
      for (const result of results.slice(2)) {
        expect((result.content as { text: string }[])[0]?.text).toContain(
          'over the daily budget: /messages costs 0.001 USD, and 0.002 of the 0.0025 USD allowed today (UTC) is spent',
        );
      }
      expect(before - (await gateway.devnet.balanceOf(gateway.devnet.payer.address))).toBe(2_000n);
    } finally {
      await first.close();
      await second.close();
      await shared.remove();
    }
    // Two server processes and five paid calls: minutes on a loaded machine, where one hung call
    // would stop the run anyway.
  }, 180_000);

  test('mcp --http in remote mode serves the same memory', async () => {
    const child = spawn(
      process.execPath,
      [join(PROJECT_ROOT, 'dist/src/main.js'), 'mcp', '--http', '--port', '0', '--upstream', gateway.url],
      { env: { ...process.env, ...remoteEnv() }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
    });
    try {
      await expect.poll(() => /HTTP at (\S+)\/mcp/.test(stderr), { timeout: 30_000 }).toBe(true);
      const url = /HTTP at (\S+)\/mcp/.exec(stderr)?.[1] as string;
      expect(stderr).toContain(
        `remote: the memory of wallet ${gateway.devnet.payer.address} at ${gateway.url}`,
      );
      const client = new Client({ name: 'peermem-remote-http-tests', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
      const session = uniqueWorkspace('http');
      await callOk(client, 'add_session_peers', { session, peers: ['carol'] });
      const peers = await callOk<{ peers: { id: string }[] }>(client, 'list_session_peers', { session });
      expect(peers.peers.map((peer) => peer.id)).toEqual(['carol']);
      expect(
        await callError(client, 'chat', { peer: 'carol', query: 'x', reasoning_level: 'max' }),
      ).toContain('0.50 USD');
      await client.close();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });

  test('--workspace with --upstream is refused with the reason', async () => {
    const child = spawn(
      process.execPath,
      [join(PROJECT_ROOT, 'dist/src/main.js'), '--upstream', gateway.url, '--workspace', 'mine'],
      { env: { ...process.env, ...remoteEnv() }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      "peermem: --workspace (PEERMEM_WORKSPACE): not used with --upstream: the upstream keeps one workspace per wallet, the wallet's own; remove it, or use another wallet for another memory",
    );
  });
});
