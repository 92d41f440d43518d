import type { Client } from '@modelcontextprotocol/client';
import type { Database } from '../../src/engine/database/database.js';
import { type ServerProcess, startServer, startWorker } from './crash-processes.js';
import { checkLearnedOnce, type LearnedOnce } from './learned-once.js';
import type { CrashKind } from './stress-settings.js';

/** Where a crash loop keeps its memory: the flags that name it, and a direct way in for the checks. */
export type CrashStorage = {
  database: 'pglite' | 'postgres';
  args: readonly string[];
  /** Opened once every server is stopped (PGlite) or at any time (Postgres). */
  openDirect(): Database;
};

export type CrashOptions = {
  /** dist/src/main.js: the built server, started as an editor starts it. */
  entry: string;
  rounds: number;
  random: () => number;
  /** How long the queue may take to drain after the last crash (the dead claims' lease included). */
  drainMs: number;
  progress?: (line: string) => void;
};

/** The counts of one crash loop: every loss and duplicate must be 0. */
export type CrashReport = {
  kind: CrashKind;
  database: 'pglite' | 'postgres';
  rounds: number;
  /** add_messages calls made, and the messages they got acknowledged. */
  tries: number;
  acknowledged: number;
  /** Calls answered with an error (a process taking over the data folder, say): not acknowledged, so no loss. */
  refusals: number;
  /** Calls cut off by the kill: never answered, so no loss either. */
  cut: number;
  crashes: number;
  /** Restarts whose data folder or database did not open. */
  failedOpens: number;
  /** Acknowledged messages missing after a restart. */
  losses: number;
  learned: LearnedOnce;
  drainedMs: number;
};

const WORKSPACE = 'crash';
const SESSIONS = ['kitchen', 'garden', 'garage'];

type Tally = Pick<CrashReport, 'tries' | 'refusals' | 'cut'> & { acknowledged: Map<string, string[]> };

/** Writes turns of three messages to a session until told to stop, keeping the acknowledged ids. */
async function writeUntil(
  client: Client,
  session: string,
  tally: Tally,
  stop: { now: boolean },
): Promise<void> {
  for (let turn = 0; !stop.now; turn++) {
    tally.tries += 1;
    let result: Awaited<ReturnType<Client['callTool']>>;
    try {
      result = await client.callTool({
        name: 'add_messages',
        arguments: {
          session,
          messages: [
            { peer: 'Ada', content: `I planted ${turn} tulips in the ${session} on day ${turn}.` },
            { peer: 'Bo', content: `I repaired bicycle number ${turn} in the ${session}.` },
            { peer: 'Ada', content: 'I live in Lisbon.' },
          ],
        },
      });
    } catch {
      tally.cut += 1;
      return; // the process is gone: this write was never acknowledged
    }
    if (result.isError) {
      tally.refusals += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const ids = (result.structuredContent as { messages: { id: string }[] }).messages.map((m) => m.id);
    const known = tally.acknowledged.get(session) ?? [];
    known.push(...ids);
    tally.acknowledged.set(session, known);
  }
}

async function storedIds(client: Client, session: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const result = await client.callTool({ name: 'list_messages', arguments: { session, page, size: 100 } });
    if (result.isError) {
      const text = (result.content as { text?: string }[]).map((b) => b.text).join(' ');
      if (text.startsWith('not_found')) return ids; // nothing acknowledged there yet
      throw new Error(`list_messages failed: ${text}`);
    }
    const { items } = result.structuredContent as { items: { id: string }[] };
    for (const item of items) ids.add(item.id);
    if (items.length < 100) return ids;
  }
}

/** Acknowledged messages that a server no longer has. */
async function countLosses(client: Client, tally: Tally): Promise<number> {
  let losses = 0;
  for (const [session, acknowledged] of tally.acknowledged) {
    const stored = await storedIds(client, session);
    losses += acknowledged.filter((id) => !stored.has(id)).length;
  }
  return losses;
}

type Status = { pending: number; in_progress: number; failed: number };

async function waitForDrain(client: Client, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const result = await client.callTool({ name: 'get_deriver_status', arguments: {} });
    const status = result.structuredContent as Status | undefined;
    if (!result.isError && status && status.pending === 0 && status.in_progress === 0)
      return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`the queue did not drain within ${timeoutMs} ms: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const acknowledgedCount = (tally: Tally) =>
  [...tally.acknowledged.values()].reduce((sum, ids) => sum + ids.length, 0);

/**
 * Waits until `more` further messages are acknowledged (a server opening a data folder takes
 * seconds before its first answer), so that the kill lands while writes are being taken.
 */
async function whileWriting(tally: Tally, more: number, random: () => number, spreadMs: number) {
  const target = acknowledgedCount(tally) + more;
  const deadline = Date.now() + 60_000;
  while (acknowledgedCount(tally) < target && Date.now() < deadline) await sleep(10);
  await sleep(random() * spreadMs);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openServer(options: CrashOptions, storage: CrashStorage, extra: string[] = []) {
  return startServer(options.entry, [...storage.args, '--workspace', WORKSPACE, ...extra]);
}

async function finish(
  kind: CrashKind,
  storage: CrashStorage,
  options: CrashOptions,
  tally: Tally,
  counts: { crashes: number; failedOpens: number; losses: number; drainedMs: number },
): Promise<CrashReport> {
  const db = storage.openDirect();
  try {
    const learned = await checkLearnedOnce(db, WORKSPACE);
    return {
      kind,
      database: storage.database,
      rounds: options.rounds,
      tries: tally.tries,
      acknowledged: acknowledgedCount(tally),
      refusals: tally.refusals,
      cut: tally.cut,
      ...counts,
      learned,
    };
  } finally {
    await db.close();
  }
}

const newTally = (): Tally => ({ tries: 0, refusals: 0, cut: 0, acknowledged: new Map() });

/**
 * Kills the server (learning on) with SIGKILL at a random moment while three clients write and
 * it learns, then restarts it: each restart must open the memory and still hold every message
 * acknowledged before; at the end the queue must drain with every message learned once.
 */
export async function crashServers(storage: CrashStorage, options: CrashOptions): Promise<CrashReport> {
  const tally = newTally();
  const counts = { crashes: 0, failedOpens: 0, losses: 0, drainedMs: 0 };
  for (let round = 0; round <= options.rounds; round++) {
    let server: ServerProcess;
    try {
      server = await openServer(options, storage);
    } catch (error) {
      counts.failedOpens += 1;
      options.progress?.(`round ${round}: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    counts.losses += await countLosses(server.client, tally);
    if (round === options.rounds) {
      counts.drainedMs = await waitForDrain(server.client, options.drainMs);
      await server.close();
      break;
    }
    const stop = { now: false };
    const writers = SESSIONS.map((session) => writeUntil(server.client, session, tally, stop));
    await whileWriting(tally, 3, options.random, 3000);
    await server.kill();
    counts.crashes += 1;
    stop.now = true;
    await Promise.all(writers);
    options.progress?.(
      `round ${round + 1}/${options.rounds}: ${tally.tries} tries, ${counts.losses} lost so far`,
    );
  }
  return finish('server', storage, options, tally, counts);
}

/**
 * A server that only queues (its deriver off) takes writes throughout, while `peermem worker`
 * processes learn and are killed with SIGKILL once they hold claimed tasks; a last worker must
 * drain the queue (after the dead claims' lease) with every message learned once.
 */
export async function crashWorkers(storage: CrashStorage, options: CrashOptions): Promise<CrashReport> {
  const tally = newTally();
  const counts = { crashes: 0, failedOpens: 0, losses: 0, drainedMs: 0 };
  const server = await openServer(options, storage, ['--deriver', 'off']);
  const stop = { now: false };
  const writers = SESSIONS.map((session) => writeUntil(server.client, session, tally, stop));
  const workerArgs = [...storage.args, '--workspace', WORKSPACE];
  try {
    for (let round = 0; round < options.rounds; round++) {
      const worker = startWorker(options.entry, workerArgs);
      // Killed while it learns: once it holds a claim, a random moment later.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const status = (await server.client.callTool({ name: 'get_deriver_status', arguments: {} }))
          .structuredContent as Status;
        if (status.in_progress > 0 || Date.now() > deadline) break;
        await sleep(20);
      }
      await sleep(options.random() * 1000);
      await worker.kill();
      counts.crashes += 1;
      options.progress?.(`round ${round + 1}/${options.rounds}: ${tally.tries} tries`);
    }
    stop.now = true;
    await Promise.all(writers);
    const last = startWorker(options.entry, workerArgs);
    try {
      counts.drainedMs = await waitForDrain(server.client, options.drainMs);
    } finally {
      const code = await last.stop();
      if (code !== 0) options.progress?.(`the last worker exited with ${code}: ${last.log()}`);
    }
    counts.losses = await countLosses(server.client, tally);
  } finally {
    stop.now = true;
    await server.close();
  }
  return finish('worker', storage, options, tally, counts);
}

/**
 * Two servers on one PGlite data folder: the one that owns it is killed with SIGKILL while both
 * write; the other must take the folder over and keep every acknowledged message. Each round
 * starts a new second server beside the survivor.
 */
export async function crashOwners(storage: CrashStorage, options: CrashOptions): Promise<CrashReport> {
  const tally = newTally();
  const counts = { crashes: 0, failedOpens: 0, losses: 0, drainedMs: 0 };
  let owner = await openServer(options, storage);
  for (let round = 0; round < options.rounds; round++) {
    let second: ServerProcess;
    try {
      second = await openServer(options, storage);
    } catch (error) {
      counts.failedOpens += 1;
      options.progress?.(`round ${round}: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    const stop = { now: false };
    const ownerStop = { now: false };
    const ownerWriter = writeUntil(owner.client, SESSIONS[0] as string, tally, ownerStop);
    const writers = SESSIONS.slice(1).map((session) => writeUntil(second.client, session, tally, stop));
    await whileWriting(tally, 9, options.random, 2000);
    await owner.kill();
    counts.crashes += 1;
    ownerStop.now = true;
    await ownerWriter;
    // The survivor goes on writing while it takes the folder over.
    await sleep(2000 + options.random() * 2000);
    stop.now = true;
    await Promise.all(writers);
    counts.losses += await countLosses(second.client, tally);
    owner = second;
    options.progress?.(
      `round ${round + 1}/${options.rounds}: ${tally.tries} tries, ${tally.refusals} refused, ${counts.losses} lost so far`,
    );
  }
  counts.drainedMs = await waitForDrain(owner.client, options.drainMs);
  await owner.close();
  return finish('takeover', storage, options, tally, counts);
}
