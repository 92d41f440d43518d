import type { HeapReading } from './http-server-process.js';
import type { LoadClient, LoadOperation } from './load-clients.js';
import { LOAD_OPERATIONS } from './load-clients.js';

/**
 * A memory reading of the server, `atMs` after the load began: its resident memory and, where
 * known, the memory its JS heap holds and the bytes of message vectors it keeps in memory.
 */
type RssSample = { atMs: number; bytes: number; heapBytes?: number; vectorBytes?: number };
/** A series of byte counts over the run: RSS, the heap left by full collections, RSS outside the heap. */
type MemorySeries = readonly { atMs: number; bytes: number }[];

/**
 * Where a load run reads the server's memory: an HttpServerProcess, and where the server keeps
 * message vectors in memory (Postgres without pgvector), how many bytes of them it has stored.
 */
type MemoryProbe = {
  rss(): Promise<number | undefined>;
  heap(): HeapReading | undefined;
  vectorBytes?: () => Promise<number>;
};

export type LoadReport = {
  clients: number;
  elapsedMs: number;
  calls: number;
  errors: number;
  firstError: string | undefined;
  /** Milliseconds per acknowledged call, by operation. */
  latencies: Record<LoadOperation, number[]>;
  rss: RssSample[];
  /** The full collections during the run and what each left alive (empty without a heap reading). */
  fullCollections: { atMs: number; bytes: number }[];
};

/**
 * Every client calls add_messages, search and get_context in turn, back to back, until
 * `durationMs` has passed; meanwhile the server's RSS is read every `sampleMs`. A failed call is
 * counted and the client goes on (a load run measures, it does not stop at the first refusal).
 */
export async function runLoad(
  clients: readonly LoadClient[],
  durationMs: number,
  memory: MemoryProbe,
  sampleMs = 2000,
): Promise<LoadReport> {
  const latencies = Object.fromEntries(LOAD_OPERATIONS.map((op) => [op, [] as number[]])) as Record<
    LoadOperation,
    number[]
  >;
  const samples: RssSample[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + durationMs;
  const sample = async () => {
    const bytes = await memory.rss();
    const heapBytes = memory.heap()?.committedBytes;
    // A failed count leaves the reading without it rather than stopping the run.
    const vectorBytes = await memory.vectorBytes?.().catch(() => undefined);
    if (bytes !== undefined)
      samples.push({
        atMs: performance.now() - started,
        bytes,
        ...(heapBytes === undefined ? {} : { heapBytes }),
        ...(vectorBytes === undefined ? {} : { vectorBytes }),
      });
  };
  await sample();
  const sampler = setInterval(() => void sample(), sampleMs);
  try {
    await Promise.all(
      clients.map(async (client) => {
        for (let step = 0; performance.now() < deadline; step++) {
          for (const operation of LOAD_OPERATIONS) {
            const callStarted = performance.now();
            try {
              await client.call(operation, step);
              latencies[operation].push(performance.now() - callStarted);
            } catch (error) {
              errors += 1;
              firstError ??= `${operation}: ${(error as Error).message}`;
            }
          }
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  const elapsedMs = performance.now() - started;
  await sample();
  return {
    clients: clients.length,
    elapsedMs,
    calls: LOAD_OPERATIONS.reduce((sum, op) => sum + latencies[op].length, 0) + errors,
    errors,
    firstError,
    latencies,
    rss: samples,
    fullCollections: (memory.heap()?.fullCollections ?? [])
      .filter(({ at }) => at >= started && at <= started + elapsedMs)
      .map(({ at, liveBytes }) => ({ atMs: at - started, bytes: liveBytes })),
  };
}

/** The `fraction` quantile by nearest rank, in ms; NaN with no values. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

/**
 * The least-squares slope of a memory series over the second half of the run, in MB a minute: the first
 * half holds the warm-up (caches, the JIT, the database's buffers filling), a leak shows in both.
 */
function slopeMbPerMinute(samples: MemorySeries, elapsedMs: number): number {
  const late = samples.filter((s) => s.atMs >= elapsedMs / 2);
  if (late.length < 2) return Number.NaN;
  const meanT = late.reduce((sum, s) => sum + s.atMs, 0) / late.length;
  const meanB = late.reduce((sum, s) => sum + s.bytes, 0) / late.length;
  let num = 0;
  let den = 0;
  for (const s of late) {
    num += (s.atMs - meanT) * (s.bytes - meanB);
    den += (s.atMs - meanT) ** 2;
  }
  return den === 0 ? 0 : ((num / den) * 60_000) / 2 ** 20;
}

/**
 * The highest RSS of each `windowMs` of the run, in MB: a garbage-collected process saws up and
 * down between collections, so a leak shows as peaks that keep rising, not as one high reading.
 */
export function rssPeaksMb(samples: MemorySeries, windowMs: number): number[] {
  const peaks: number[] = [];
  for (const s of samples) {
    const index = Math.floor(s.atMs / windowMs);
    peaks[index] = Math.max(peaks[index] ?? 0, s.bytes / 2 ** 20);
  }
  return peaks.filter((peak) => peak !== undefined).map((peak) => Math.round(peak));
}

/** Whether the last quarter of the run reached a higher RSS than the three before it did. */
function newPeakInLastQuarter(samples: MemorySeries, elapsedMs: number): boolean {
  const before = samples.filter((s) => s.atMs < elapsedMs * 0.75).map((s) => s.bytes);
  const last = samples.filter((s) => s.atMs >= elapsedMs * 0.75).map((s) => s.bytes);
  return before.length > 0 && last.length > 0 && Math.max(...last) > Math.max(...before);
}

/** A series' least-squares slope over the second half, and whether it counts as growing. */
type Trend = { slope: number; rising: boolean | undefined };

/** A server's memory over a load run, judged. */
export type MemoryVerdict = {
  rss: Trend & { rising: boolean };
  /**
   * What the full collections left alive: the JS heap's real size. Between collections V8 lets
   * garbage pile up and grows its heap to hold it, which raises RSS with nothing retained.
   * `rising` is undefined when the second half saw too few full collections to tell.
   */
  liveHeap: Trend & { collections: number; firstBytes: number | undefined; lastBytes: number | undefined };
  /**
   * RSS minus the heap's committed memory and minus the message vectors kept in memory (they grow
   * with the store by design, 4 bytes a dimension a message): native allocations, other buffers.
   */
  outsideHeap: Trend & { startBytes: number | undefined; endBytes: number | undefined };
  /** The message vectors kept in memory at the end of the run, in bytes; undefined where none are. */
  vectorBytes: number | undefined;
  growing: boolean;
  /** Which measure decided, in words for the report. */
  reason: string;
};

/** Full collections needed in the second half before their trend is read: two can differ by the requests in flight. */
export const MIN_LATE_COLLECTIONS = 3;

/**
 * Memory grows if what full collections leave alive grows, or if RSS grows and so does the memory
 * outside the JS heap; each by the RSS rule (second-half slope over `boundMbPerMinute` and a new
 * peak late). Growing RSS alone decides only where the heap is not known (no `--trace-gc`
 * reading, or too few full collections): it cannot tell a leak from garbage awaiting collection.
 */
export function judgeMemory(report: LoadReport, boundMbPerMinute: number): MemoryVerdict {
  const { rss: samples, fullCollections, elapsedMs } = report;
  const rssSlope = slopeMbPerMinute(samples, elapsedMs);
  const rss = {
    slope: rssSlope,
    rising: rssSlope >= boundMbPerMinute && newPeakInLastQuarter(samples, elapsedMs),
  };

  const late = fullCollections.filter((c) => c.atMs >= elapsedMs / 2);
  const liveSlope = slopeMbPerMinute(fullCollections, elapsedMs);
  const liveHeap = {
    slope: liveSlope,
    rising:
      late.length < MIN_LATE_COLLECTIONS
        ? undefined
        : liveSlope >= boundMbPerMinute && (late.at(-1)?.bytes ?? 0) >= Math.max(...late.map((c) => c.bytes)),
    collections: fullCollections.length,
    firstBytes: fullCollections[0]?.bytes,
    lastBytes: fullCollections.at(-1)?.bytes,
  };

  const outside = samples.flatMap((s) =>
    s.heapBytes === undefined ? [] : [{ atMs: s.atMs, bytes: s.bytes - s.heapBytes - (s.vectorBytes ?? 0) }],
  );
  const outsideSlope = slopeMbPerMinute(outside, elapsedMs);
  const outsideHeap = {
    slope: outsideSlope,
    rising: Number.isNaN(outsideSlope)
      ? undefined
      : outsideSlope >= boundMbPerMinute && newPeakInLastQuarter(outside, elapsedMs),
    startBytes: outside[0]?.bytes,
    endBytes: outside.at(-1)?.bytes,
  };
  const measured = { rss, liveHeap, outsideHeap, vectorBytes: samples.at(-1)?.vectorBytes };

  if (outsideHeap.rising === undefined && liveHeap.rising === undefined)
    return {
      ...measured,
      growing: rss.rising,
      reason: rss.rising ? 'RSS grows (heap not read)' : 'RSS flat',
    };
  if (liveHeap.rising === true) return { ...measured, growing: true, reason: 'the live heap grows' };
  // RSS minus the heap's committed size saws by tens of MB as V8 gives pages back and takes them
  // again, so it is read only when RSS itself rises, to say where the growth is.
  if (!rss.rising) return { ...measured, growing: false, reason: 'flat' };
  if (outsideHeap.rising === true)
    return { ...measured, growing: true, reason: 'RSS grows, and outside the JS heap' };
  if (liveHeap.rising === undefined) {
    return {
      ...measured,
      growing: true,
      reason: `RSS grows, and ${late.length} full collection(s) in the second half are too few to tell live memory from garbage`,
    };
  }
  return {
    ...measured,
    growing: false,
    reason: 'RSS grows by garbage awaiting collection: the live heap and memory outside it are flat',
  };
}
