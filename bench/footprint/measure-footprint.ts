import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { MessageBatch } from '../conversation-plan.js';
import { median } from '../measure-latency.js';
import { connectOverStdio, type StdioServer } from '../stdio-server.js';

/** How one server is started and asked, so that both are measured by the same code. */
export type FootprintTarget = {
  /** The command a client would configure, for a store in `folder` (new and empty). */
  spawn(folder: string): { command: string; args: string[]; env?: Record<string, string> };
  /** The first call a client makes that needs the store. */
  firstCall(client: Client): Promise<unknown>;
  write(client: Client, batch: MessageBatch): Promise<unknown>;
  search(client: Client, query: string): Promise<unknown>;
  /** Waits until what was written is learned (nothing for a server that does not learn). */
  drain(client: Client): Promise<void>;
};

export type StartTimes = { initializeMs: number; firstResultMs: number };

/** Resident memory of one process, MB: now (VmRSS) and its peak so far (VmHWM). */
type Resident = { rssMb: number; peakMb: number };

/** Spawns a target's server on `folder` as a client does, timing the handshake from the spawn. */
async function launch(
  target: FootprintTarget,
  folder: string,
): Promise<{ server: StdioServer; initializeMs: number }> {
  const spawned = performance.now();
  const transport = new StdioClientTransport({ ...target.spawn(folder), stderr: 'pipe' });
  const client = await connectOverStdio(transport, 'the server');
  const initializeMs = performance.now() - spawned;
  const pid = transport.pid;
  let closing: Promise<void> | undefined;
  return {
    initializeMs,
    server: {
      client,
      pid,
      close() {
        closing ??= client.close().then(() => waitForExit(pid));
        return closing;
      },
    },
  };
}

/**
 * Starts the server `launches` times, each on a new folder (`folderFor(launch)`), one after
 * another: the handshake answered and the first call's result, from the spawn, medians.
 */
export async function measureStarts(
  target: FootprintTarget,
  launches: number,
  folderFor: (launch: number) => string,
): Promise<StartTimes & { samples: StartTimes[] }> {
  const samples: StartTimes[] = [];
  for (let index = 0; index < launches; index++) {
    const spawned = performance.now();
    const { server, initializeMs } = await launch(target, folderFor(index));
    try {
      await target.firstCall(server.client);
      samples.push({ initializeMs, firstResultMs: performance.now() - spawned });
    } finally {
      await server.close();
    }
  }
  return {
    initializeMs: median(samples.map((sample) => sample.initializeMs)),
    firstResultMs: median(samples.map((sample) => sample.firstResultMs)),
    samples,
  };
}

export type Residency = {
  /** After the first call's result and `settleMs` of nothing asked: what an open, unused window holds. */
  idle: Resident;
  /** After every turn was written, learned and searched. */
  loaded: Resident;
  /** `settleMs` later, nothing asked in between (what a window keeps while its user reads). */
  quiet: Resident;
  writeSeconds: number;
  drainSeconds: number;
};

/** One server on a new folder: its memory idle after the start, then after writes, learning and searches. */
export async function measureResidency(
  target: FootprintTarget,
  folder: string,
  turns: readonly MessageBatch[],
  queries: readonly string[],
  settleMs: number,
  quietMs: number,
): Promise<Residency> {
  const { server } = await launch(target, folder);
  try {
    const { client, pid } = server;
    await target.firstCall(client);
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const idle = resident(pid);
    const writing = performance.now();
    for (const batch of turns) await target.write(client, batch);
    const writeSeconds = (performance.now() - writing) / 1000;
    const draining = performance.now();
    await target.drain(client);
    const drainSeconds = (performance.now() - draining) / 1000;
    for (const query of queries) await target.search(client, query);
    const loaded = resident(pid);
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    return { idle, loaded, quiet: resident(pid), writeSeconds, drainSeconds };
  } finally {
    await server.close();
  }
}

export type Windows = {
  /** From each window's spawn to its first call's result, in the order they were opened. */
  firstResultMs: number[];
  /** Each window's resident memory, `settleMs` after the last one's first result. */
  idle: Resident[];
};

/**
 * `count` servers opened one after another on the same folder, as editor windows open on the
 * user's one data folder, each kept open: what they hold together once all have answered.
 */
export async function measureWindows(
  target: FootprintTarget,
  folder: string,
  count: number,
  settleMs: number,
): Promise<Windows> {
  const servers: StdioServer[] = [];
  const firstResultMs: number[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const spawned = performance.now();
      const { server } = await launch(target, folder);
      servers.push(server);
      await target.firstCall(server.client);
      firstResultMs.push(performance.now() - spawned);
    }
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return { firstResultMs, idle: servers.map((server) => resident(server.pid)) };
  } finally {
    // The last opened first: a window that joined another's database leaves before its owner.
    for (const server of servers.reverse()) await server.close();
  }
}

/** A process's resident memory from /proc (Linux); NaN where it cannot be read. */
function resident(pid: number | null): Resident {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: Number.NaN, peakMb: Number.NaN };
  }
}

/** Waits for the process to be gone, so that the next launch starts on a quiet machine. */
async function waitForExit(pid: number | null): Promise<void> {
  if (pid === null) return;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`server process ${pid} did not exit within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
