import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** dist/src/main.js, next to this file's dist/bench/ once built: the server an MCP client would run. */
const SERVER_ENTRY = fileURLToPath(new URL('../src/main.js', import.meta.url));

/** A server process started the way an MCP client starts it, and a real client connected to it. */
export type StdioServer = {
  client: Client;
  /** The server's process id (for its peak memory), when it started. */
  pid: number | null;
  /** Closes the client and waits until the server process has exited (it releases the data folder). Idempotent. */
  close(): Promise<void>;
};

/**
 * Spawns `node dist/src/main.js <args>` and performs the MCP handshake over its stdio. The
 * server is started with node directly, not through npm, so that start-up times are the
 * server's own; with `learning` false its deriver is off.
 */
export async function startStdioServer(
  args: readonly string[],
  options: { learning: boolean },
): Promise<StdioServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, ...args, ...(options.learning ? [] : ['--deriver', 'off'])],
    stderr: 'pipe',
  });
  const client = await connectOverStdio(transport, 'the server');
  const pid = transport.pid;
  let closing: Promise<void> | undefined;
  return {
    client,
    pid,
    close() {
      closing ??= client.close().then(async () => {
        // The next launch on the same PGlite folder must find it released, not still closing.
        if (pid !== null) await waitForExit(pid, 30_000);
      });
      return closing;
    },
  };
}

/**
 * Connects the benchmark's MCP client to a server spawned by `transport` (created with stderr
 * piped). A server that fails to start is reported as `name` with the end of its own stderr,
 * whose words say why.
 */
export async function connectOverStdio(transport: StdioClientTransport, name: string): Promise<Client> {
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const client = new Client({ name: 'peermem-bench', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`${name} did not start: ${(error as Error).message}\n${stderr}`);
  }
  return client;
}

/** The structured result of a tool call, which must succeed. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) {
    const text = (result.content as { text?: string }[]).map((block) => block.text).join('\n');
    throw new Error(`${name} failed: ${text}`);
  }
  return result.structuredContent as Record<string, unknown>;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`server process ${pid} did not exit within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
