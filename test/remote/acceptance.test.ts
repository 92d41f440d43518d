import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createPublicClient, erc20Abi, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { callError, callOk, PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir, uniqueWorkspace } from '../support/temp-dir.js';
import { readUpstream } from './support.js';

/**
 * The acceptance check, run from outside as a user would: `peermem devnet`, `peermem serve
 * --env-file`, then `peermem --upstream <that gateway> --max-per-call 0.10` with the devnet's
 * payer key, driven by a real MCP client over stdio.
 */
const MAIN = join(PROJECT_ROOT, 'dist/src/main.js');
const children: ChildProcess[] = [];
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let settings: Record<string, string>;
let envFile: string;
let gateway: { url: string; process: ChildProcess };

/** Starts `peermem ARGS` and waits for `ready(output)` on the stream named. */
async function startPeermem(args: string[], stream: 'stdout' | 'stderr', ready: (output: string) => boolean) {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child[stream].on('data', (data: Buffer) => {
    output += data.toString();
  });
  for (const started = Date.now(); !ready(output); ) {
    if (child.exitCode !== null || Date.now() - started > 90_000)
      throw new Error(`peermem ${args[0]} did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => output };
}

beforeAll(async () => {
  dir = await makeTempDir();
  const devnet = await startPeermem(['devnet'], 'stdout', (output) => output.includes('\nready'));
  settings = parseEnv(devnet.output().replace(/\nready[\s\S]*$/, '\n')) as Record<string, string>;
  envFile = join(dir.path, 'devnet.env');
  await writeFile(envFile, devnet.output().replace(/\nready[\s\S]*$/, '\n'), { mode: 0o600 });
  const serve = await startPeermem(
    ['serve', '--env-file', envFile, '--port', '0', '--data-dir', join(dir.path, 'gateway')],
    'stderr',
    (output) => /gateway at (http:\/\/\S+)\/api\/memory/.test(output),
  );
  gateway = {
    url: /gateway at (http:\/\/\S+)\/api\/memory/.exec(serve.output())?.[1] as string,
    process: serve.child,
  };
}, 180_000);

afterAll(async () => {
  for (const child of children.reverse()) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await dir?.remove();
});

test('the five checks: free tools upstream, an exact payment, the same tools, a refused max chat, a stopped upstream', async () => {
  const privateKey = settings.PEERMEM_PRIVATE_KEY as Hex;
  const payer = privateKeyToAccount(privateKey).address;
  const chain = createPublicClient({ transport: http(settings.PEERMEM_RPC_URL) });
  const balance = () =>
    chain.readContract({
      address: settings.PEERMEM_X402_ASSET as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [payer],
    });
  const connect = async (args: string[]) => {
    const client = new Client({ name: 'peermem-acceptance', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [MAIN, ...args],
        env: { ...(process.env as Record<string, string>), PEERMEM_KEYCHAIN: 'off' },
        stderr: 'pipe',
      }),
    );
    return client;
  };
  const remote = await connect([
    '--env-file',
    envFile,
    '--upstream',
    gateway.url,
    '--max-per-call',
    '0.10',
    '--wallet-dir',
    join(dir.path, 'wallet'),
  ]);
  const embedded = await connect(['--data-dir', join(dir.path, 'embedded'), '--deriver', 'off']);
  try {
    // 1. Free tools land in the wallet's workspace upstream.
    const session = uniqueWorkspace('acceptance');
    await callOk(remote, 'add_session_peers', { session, peers: ['alice'] });
    const peers = await readUpstream<{ peers: { id: string }[] }>(
      gateway.url,
      '/sessions/peers',
      { session },
      privateKey,
    );
    expect(peers.peers.map((peer) => peer.id)).toEqual(['alice']);

    // 2. A paid add_messages moves exactly 1000 base units.
    let before = await balance();
    await callOk(remote, 'add_messages', {
      session,
      messages: [{ peer: 'alice', content: 'hello from afar' }],
    });
    expect(before - (await balance())).toBe(1_000n);

    // 3. The tool list and its schemas match embedded mode, and a paying wallet adds get_spending,
    // which embedded mode, paying nothing, does not list.
    const shapes = async (client: Client) =>
      (await client.listTools()).tools.map(({ name, inputSchema, outputSchema }) => ({
        name,
        inputSchema,
        outputSchema,
      }));
    const remoteShapes = await shapes(remote);
    expect(remoteShapes.map(({ name }) => name)).toContain('get_spending');
    expect(remoteShapes.filter(({ name }) => name !== 'get_spending')).toEqual(await shapes(embedded));

    // 4. A max chat (0.50 USD) is refused with both amounts named, and no balance moves.
    before = await balance();
    const refused = await callError(remote, 'chat', {
      peer: 'alice',
      query: 'Where?',
      reasoning_level: 'max',
    });
    expect(refused).toContain('0.50 USD');
    expect(refused).toContain('0.10 USD');
    expect(await balance()).toBe(before);

    // 5. A stopped upstream gives a tool error naming it within 15 s.
    gateway.process.kill('SIGTERM');
    await new Promise((resolve) => gateway.process.once('exit', resolve));
    const started = Date.now();
    const stopped = await callError(remote, 'search', { query: 'hello' });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(stopped).toContain(`the upstream ${gateway.url} is unreachable`);
  } finally {
    await remote.close();
    await embedded.close();
  }
}, 120_000);
