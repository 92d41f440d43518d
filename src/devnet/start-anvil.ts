import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export type StartAnvilParameters = {
  /** 0 or absent: a free port. */
  port?: number;
  host?: string;
  chainId?: number;
  /** `tempo`: a Tempo node (TIP-20 stablecoins, Tempo transactions) instead of plain Ethereum. */
  network?: 'tempo';
};

export type Anvil = {
  rpcUrl: string;
  chainId: number;
  /** Ends the node and waits for it to exit; calling it again does nothing. */
  stop(): Promise<void>;
};

const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 3_000;
// Another process can take a port between our probe and anvil's bind; a fresh port usually wins.
const PORT_ATTEMPTS = 3;

/**
 * Starts a local anvil node and resolves once it answers JSON-RPC. The node is killed on
 * `stop()` and when this process exits; signals are the caller's to turn into an exit.
 */
export async function startAnvil(parameters: StartAnvilParameters = {}): Promise<Anvil> {
  const host = parameters.host ?? '127.0.0.1';
  const chainId = parameters.chainId ?? 31337;
  const attempts = parameters.port ? 1 : PORT_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const port = parameters.port || (await freePort(host));
    try {
      return await launch(host, port, chainId, parameters.network);
    } catch (error) {
      if (!(error instanceof AnvilExitedError) || attempt >= attempts) throw error;
    }
  }
}

class AnvilExitedError extends Error {}

async function launch(host: string, port: number, chainId: number, network?: 'tempo'): Promise<Anvil> {
  const args = ['--silent', '--host', host, '--port', String(port), '--chain-id', String(chainId)];
  if (network !== undefined) args.push('--network', network);
  const binary = anvilBinaryPath();
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2_000);
  });
  let spawnError: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    // 'close' rather than 'exit': by then stderr is drained, so the reason for an early exit is in it.
    child.once('close', () => resolve());
    child.once('error', (error) => {
      spawnError = error;
      resolve();
    });
  });
  // A synchronous kill is all an 'exit' listener may do; it spares the user an orphaned node.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.off('exit', killOnExit);
      await terminate(child, exited);
    })();
    return stopping;
  };

  const rpcUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    await waitUntilAnswering(rpcUrl, chainId, exited);
  } catch (error) {
    await stop();
    if (spawnError) throw new Error(`anvil: cannot run ${binary}: ${spawnError.message}`);
    if (error instanceof AnvilExitedError) error.message += `: ${stderr.trim()}`;
    throw error;
  }
  return { rpcUrl, chainId, stop };
}

/** The binary from the platform package npm picked for this machine; the wrapper's postinstall is not needed. */
function anvilBinaryPath(): string {
  const platforms: Record<string, string> = { darwin: 'darwin', linux: 'linux', win32: 'win32' };
  const archs: Record<string, string> = { arm64: 'arm64', x64: 'amd64' };
  const platform = platforms[process.platform];
  const arch = archs[process.arch];
  if (!platform || !arch) throw new Error(`anvil: no binary for ${process.platform}-${process.arch}`);
  const name = `@foundry-rs/anvil-${platform}-${arch}`;
  let packageJson: string;
  try {
    packageJson = createRequire(import.meta.url).resolve(`${name}/package.json`);
  } catch {
    throw new Error(
      `anvil: ${name} is not installed; npm installs it with @foundry-rs/anvil where it exists`,
    );
  }
  return join(dirname(packageJson), 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/** Anvil takes no port 0, so ask the OS for a free port and hand it over. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(rpcUrl: string, chainId: number, exited: Promise<void>): Promise<void> {
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!hasExited) {
    // A node that dies must not wait out a request to a port someone else holds.
    const answer = await Promise.race([chainIdAt(rpcUrl), exited.then(() => undefined)]);
    if (answer !== undefined) {
      if (answer !== chainId) throw new Error(`anvil: ${rpcUrl} answers chain ${answer}, not ${chainId}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`anvil: no answer on ${rpcUrl} after ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new AnvilExitedError(`anvil: exited before answering on ${rpcUrl}`);
}

/** The chain id the node answers, or undefined while it is not listening yet. */
async function chainIdAt(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result === undefined ? undefined : Number(body.result);
  } catch {
    return undefined;
  }
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
