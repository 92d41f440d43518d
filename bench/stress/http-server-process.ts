import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/** The server's JS heap as its `--trace-gc` lines report it. */
export type HeapReading = {
  /** Memory the heap holds (used or not) after the latest collection, in bytes. */
  committedBytes: number;
  /**
   * What each full collection (mark-compact) left alive, in bytes, `at` this process's
   * `performance.now()` when its line arrived: the heap's real size, without the garbage that
   * piles up between collections.
   */
  fullCollections: readonly { at: number; liveBytes: number }[];
};

/** `peermem mcp --http` or `peermem serve` as its own process, on a free loopback port. */
export type HttpServerProcess = {
  /** http://127.0.0.1:PORT, as its start line names it. */
  url: string;
  pid: number;
  log(): string;
  /** Its resident memory now, from /proc (Linux), in bytes; undefined where /proc is missing. */
  rss(): Promise<number | undefined>;
  /** Its JS heap, when started with `traceGc` and once it has collected at least once. */
  heap(): HeapReading | undefined;
  stop(): Promise<void>;
};

export type StartHttpServerOptions = {
  /** Variables added to the server's environment (a devnet's settings for `serve`). */
  env?: Record<string, string>;
  /**
   * Runs node with `--trace-gc` and reads its lines (on stdout, which the server does not use
   * otherwise), so that `heap()` can tell live memory from garbage awaiting collection.
   */
  traceGc?: boolean;
  timeoutMs?: number;
};

/**
 * Starts `node <entry> <args> --port 0` and waits for the start line that names its URL (the
 * process serves before it prints it).
 */
export async function startHttpServer(
  entry: string,
  args: readonly string[],
  options: StartHttpServerOptions = {},
): Promise<HttpServerProcess> {
  const { env = {}, traceGc = false, timeoutMs = 120_000 } = options;
  const child: ChildProcess = spawn(
    process.execPath,
    [...(traceGc ? ['--trace-gc'] : []), entry, ...args, '--host', '127.0.0.1', '--port', '0'],
    {
      stdio: ['ignore', traceGc ? 'pipe' : 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    },
  );
  const heap = createHeapTracker();
  if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => heap.read(line));
  let log = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start line within ${timeoutMs} ms:\n${log}`)),
      timeoutMs,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-16_000);
      const found = /(?:MCP over HTTP at|gateway at) (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${log}`));
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server has no process id');
  return {
    url,
    pid,
    log: () => log,
    async rss() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
      const kb = status && /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      return kb ? Number(kb) * 1024 : undefined;
    },
    heap: heap.reading,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The heap of a process from its `--trace-gc` lines, read one by one as they arrive. Each isolate
 * (the main thread and every worker thread) has its own heap and its own lines: the process's is
 * their sum.
 */
export function createHeapTracker(now: () => number = () => performance.now()) {
  const isolates = new Map<string, { committedBytes: number; liveBytes: number | undefined }>();
  const fullCollections: { at: number; liveBytes: number }[] = [];
  const sum = (field: 'committedBytes' | 'liveBytes') =>
    [...isolates.values()].reduce((total, isolate) => total + (isolate[field] ?? 0), 0);
  return {
    read(line: string): void {
      const collection = parseGcLine(line);
      if (collection === undefined) return;
      isolates.set(collection.isolate, {
        committedBytes: collection.committedBytes,
        liveBytes: collection.full ? collection.liveBytes : isolates.get(collection.isolate)?.liveBytes,
      });
      // This isolate's live heap now, the others' as their last full collection left them.
      if (collection.full) fullCollections.push({ at: now(), liveBytes: sum('liveBytes') });
    },
    reading: (): HeapReading | undefined =>
      isolates.size === 0 ? undefined : { committedBytes: sum('committedBytes'), fullCollections },
  };
}

/**
 * One line of V8's `--trace-gc`, such as
 * `[pid:0xISOLATE]  1234 ms: Mark-Compact 250.1 (300.2) -> 110.3 (280.4) MB, …`: the isolate
 * (one per thread), the heap used and committed after the collection (V8's MB are 2^20 bytes),
 * and whether it was a full one. Undefined for any other line.
 */
export function parseGcLine(
  line: string,
): { isolate: string; full: boolean; liveBytes: number; committedBytes: number } | undefined {
  const found =
    /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: ([A-Za-z -]+?)( \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB/.exec(
      line,
    );
  if (!found) return undefined;
  const [, isolate = '', kind = '', reduce, live = '', committed = ''] = found;
  return {
    isolate,
    // Scavenges and minor mark-sweeps touch only the young generation: what they leave says
    // nothing of what the old one holds. A memory-reducing full collection ("(reduce)") also
    // drops compiled code and caches and leaves tens of MB less than the ordinary ones between
    // which it falls: read together they would saw, so it is left out.
    full: (kind === 'Mark-Compact' || kind === 'Mark-Sweep') && reduce === undefined,
    liveBytes: Number(live) * 2 ** 20,
    committedBytes: Number(committed) * 2 ** 20,
  };
}
