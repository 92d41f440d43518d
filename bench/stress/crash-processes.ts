import { type ChildProcess, spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** A `peermem` server over stdio with a real MCP client, which can be killed as a crash would. */
export type ServerProcess = {
  client: Client;
  pid: number;
  log: () => string;
  /** Ends it as a crash would: SIGKILL, nothing flushed or released. */
  kill(): Promise<void>;
  /** Hangs up, as an editor does, and waits until the process has exited (it releases the folder). */
  close(): Promise<void>;
};

export async function startServer(entry: string, args: readonly string[]): Promise<ServerProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry, ...args],
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  });
  const client = new Client({ name: 'peermem-crash-loop', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the server did not start: ${(error as Error).message}\n${log}`);
  }
  const pid = transport.pid;
  if (pid === null) throw new Error('the server has no process id');
  return {
    client,
    pid,
    log: () => log,
    async kill() {
      killHard(pid);
      await waitForExit(pid);
      await client.close().catch(() => {});
    },
    async close() {
      await client.close();
      await waitForExit(pid);
    },
  };
}

/** `peermem worker`, which only learns; `stop` asks it to finish, `kill` ends it as a crash. */
export type WorkerProcess = {
  process: ChildProcess;
  log: () => string;
  kill(): Promise<void>;
  stop(): Promise<number | null>;
};

export function startWorker(entry: string, args: readonly string[]): WorkerProcess {
  const child = spawn(process.execPath, [entry, 'worker', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    log: () => log,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

function killHard(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function waitForExit(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
