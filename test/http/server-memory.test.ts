import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHeapTracker, parseGcLine, startHttpServer } from '../../bench/stress/http-server-process.js';
import { judgeMemory, type LoadReport } from '../../bench/stress/load-run.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

// How `bench:stress -- --load` reads a server's memory: RSS from /proc and the JS heap from the
// server's own --trace-gc lines, so that garbage awaiting collection is not taken for a leak.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const MB = 2 ** 20;

describe('the heap of a server started with traceGc', () => {
  it('is read from its --trace-gc lines while it serves HTTP on loopback', async () => {
    const dir = await makeTempDir();
    cleanups.push(dir.remove);
    const server = await startHttpServer(
      join(PROJECT_ROOT, 'dist/src/main.js'),
      ['mcp', '--http', '--data-dir', dir.path],
      { traceGc: true },
    );
    cleanups.push(server.stop);
    // Requests allocate, so the young generation is collected at least once.
    for (let i = 0; i < 200 && server.heap() === undefined; i++) await fetch(`${server.url}/mcp`);
    const heap = server.heap();
    const rss = await server.rss();
    expect(heap).toBeDefined();
    expect(rss).toBeDefined();
    // The heap is part of the process: more than a megabyte, less than all it holds.
    expect(heap?.committedBytes).toBeGreaterThan(MB);
    expect(heap?.committedBytes).toBeLessThan(rss ?? 0);
  }, 120_000);

  it('reads full and young collections from V8 lines as node 20 prints them', () => {
    expect(
      parseGcLine(
        '[13318:0x3faa5490]      194 ms: Mark-Compact 44.9 (77.8) -> 21.3 (55.2) MB, 15.40 / 0.00 ms  (+ 4.3 ms in 2 steps since start of marking) (average mu = 1.000, current mu = 1.000) finalize incremental marking via stack guard; GC in old space requested',
      ),
    ).toEqual({ isolate: '0x3faa5490', full: true, liveBytes: 21.3 * MB, committedBytes: 55.2 * MB });
    expect(
      parseGcLine(
        '[1:0x7f6174001000]  9 ms: Mark-Compact (reduce) 40.0 (60.0) -> 20.0 (30.0) MB, 3.00 / 0.00 ms',
      ),
    ).toEqual({
      // A memory-reducing collection drops caches too: not read with the ordinary ones.
      isolate: '0x7f6174001000',
      full: false,
      liveBytes: 20 * MB,
      committedBytes: 30 * MB,
    });
    expect(
      parseGcLine('[13326:0x17fe6490]       48 ms: Scavenge 3.9 (4.0) -> 3.5 (5.0) MB, 1.00 / 0.00 ms'),
    ).toEqual({
      isolate: '0x17fe6490',
      full: false,
      liveBytes: 3.5 * MB,
      committedBytes: 5 * MB,
    });
    expect(parseGcLine('peermem: MCP over HTTP at http://127.0.0.1:3000')).toBeUndefined();
  });

  it('adds up the heaps of the main thread and a worker thread, each from its own lines', () => {
    let clock = 0;
    const heap = createHeapTracker(() => clock);
    expect(heap.reading()).toBeUndefined();
    heap.read('[9:0xaaaa]  100 ms: Mark-Compact 60.0 (90.0) -> 50.0 (80.0) MB, 5.00 / 0.00 ms');
    clock = 1;
    heap.read('[9:0x7fbb]  120 ms: Mark-Compact 30.0 (40.0) -> 20.0 (36.0) MB, 5.00 / 0.00 ms');
    clock = 2;
    // A scavenge changes the main thread's committed heap, not what its last full collection left.
    heap.read('[9:0xaaaa]  150 ms: Scavenge 70.0 (100.0) -> 55.0 (96.0) MB, 1.00 / 0.00 ms');
    heap.read('peermem: deriver: 3 tasks done');
    expect(heap.reading()).toEqual({
      committedBytes: (96 + 36) * MB,
      fullCollections: [
        { at: 0, liveBytes: 50 * MB },
        { at: 1, liveBytes: (50 + 20) * MB },
      ],
    });
  });
});

/**
 * A 600 s run sampled every 2 s: RSS and the committed heap from `rssMb(t)` and `heapMb(t)`
 * (t in minutes), and a full collection every 30 s leaving `liveMb(t)`.
 */
function report(shape: {
  rssMb(t: number): number;
  heapMb(t: number): number;
  liveMb(t: number): number;
}): LoadReport {
  const elapsedMs = 600_000;
  const at = (step: number) => Array.from({ length: elapsedMs / step + 1 }, (_, i) => i * step);
  return {
    clients: 8,
    elapsedMs,
    calls: 1000,
    errors: 0,
    firstError: undefined,
    latencies: { add_messages: [], search: [], get_context: [] },
    rss: at(2000).map((atMs) => ({
      atMs,
      bytes: shape.rssMb(atMs / 60_000) * MB,
      heapBytes: shape.heapMb(atMs / 60_000) * MB,
    })),
    fullCollections: at(30_000).map((atMs) => ({ atMs, bytes: shape.liveMb(atMs / 60_000) * MB })),
  };
}

// Garbage between collections saws the heap up and down by tens of MB.
const saw = (t: number) => 40 * ((t * 4) % 1);

describe('judgeMemory', () => {
  it('does not count a heap that V8 lets grow with garbage as a leak, while what collections leave stays flat', () => {
    // The gateway on Postgres: RSS peaks rise 10 MB a minute, all of it committed heap.
    const verdict = judgeMemory(
      report({ rssMb: (t) => 400 + 10 * t + saw(t), heapMb: (t) => 200 + 10 * t + saw(t), liveMb: () => 90 }),
      2,
    );
    expect(verdict.rss.rising).toBe(true);
    expect(verdict.liveHeap.rising).toBe(false);
    expect(verdict.outsideHeap.rising).toBe(false);
    expect(verdict.growing).toBe(false);
    expect(verdict.reason).toMatch(/garbage/);
  });

  it('counts a live heap that rises after every full collection', () => {
    const verdict = judgeMemory(
      report({
        rssMb: (t) => 400 + 5 * t + saw(t),
        heapMb: (t) => 200 + 5 * t + saw(t),
        liveMb: (t) => 90 + 5 * t,
      }),
      2,
    );
    expect(verdict.liveHeap.slope).toBeCloseTo(5, 5);
    expect(verdict.growing).toBe(true);
    expect(verdict.reason).toBe('the live heap grows');
  });

  it('counts memory that grows outside the JS heap, where a flat live heap says nothing', () => {
    const verdict = judgeMemory(
      report({ rssMb: (t) => 400 + 8 * t + saw(t), heapMb: (t) => 200 + saw(t), liveMb: () => 90 }),
      2,
    );
    expect(verdict.outsideHeap.slope).toBeCloseTo(8, 5);
    expect(verdict.growing).toBe(true);
    expect(verdict.reason).toBe('RSS grows, and outside the JS heap');
  });

  it('does not read the memory outside the heap while RSS is flat: V8 giving pages back only saws it', () => {
    // The committed heap shrinks while RSS holds: RSS minus the heap rises with nothing added.
    const verdict = judgeMemory(
      report({ rssMb: (t) => 600 + saw(t), heapMb: (t) => 400 - 8 * t + saw(t), liveMb: () => 90 }),
      2,
    );
    expect(verdict.outsideHeap.rising).toBe(true);
    expect(verdict.rss.rising).toBe(false);
    expect(verdict.growing).toBe(false);
  });

  it('leaves out of the memory outside the heap the message vectors held in memory, which grow with the store by design', () => {
    const shape = {
      rssMb: (t: number) => 400 + 8 * t + saw(t),
      heapMb: (t: number) => 200 + saw(t),
      liveMb: () => 90,
    };
    const withVectors = report(shape);
    // The vectors stored: 8 MB a minute, all of the growth.
    const vectors = {
      ...withVectors,
      rss: withVectors.rss.map((s) => ({ ...s, vectorBytes: 8 * (s.atMs / 60_000) * MB })),
    };
    const verdict = judgeMemory(vectors, 2);
    expect(verdict.outsideHeap.slope).toBeCloseTo(0, 5);
    expect(verdict.vectorBytes).toBe(80 * MB);
    expect(verdict.growing).toBe(false);
    // Vectors that explain only part of it leave the rest to be judged.
    const half = {
      ...withVectors,
      rss: withVectors.rss.map((s) => ({ ...s, vectorBytes: 4 * (s.atMs / 60_000) * MB })),
    };
    expect(judgeMemory(half, 2).growing).toBe(true);
  });

  it('lets RSS decide when the second half saw too few full collections to read the heap', () => {
    const rising = report({
      rssMb: (t) => 400 + 10 * t + saw(t),
      heapMb: (t) => 200 + 10 * t + saw(t),
      liveMb: () => 90,
    });
    const verdict = judgeMemory({ ...rising, fullCollections: rising.fullCollections.slice(0, 3) }, 2);
    expect(verdict.liveHeap.rising).toBeUndefined();
    expect(verdict.growing).toBe(true);
    expect(verdict.reason).toMatch(/too few/);
  });
});
