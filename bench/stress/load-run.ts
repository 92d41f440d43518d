import type { LoadClient, LoadOperation } from './load-clients.js';
import { LOAD_OPERATIONS } from './load-clients.js';

/** A resident-memory reading of the server, `atMs` after the load began. */
type RssSample = { atMs: number; bytes: number };

export type LoadReport = {
  clients: number;
  elapsedMs: number;
  calls: number;
  errors: number;
  firstError: string | undefined;
  /** Milliseconds per acknowledged call, by operation. */
  latencies: Record<LoadOperation, number[]>;
  rss: RssSample[];
};

/**
 * Every client calls add_messages, search and get_context in turn, back to back, until
 * `durationMs` has passed; meanwhile the server's RSS is read every `sampleMs`. A failed call is
 * counted and the client goes on (a load run measures, it does not stop at the first refusal).
 */
export async function runLoad(
  clients: readonly LoadClient[],
  durationMs: number,
  rss: () => Promise<number | undefined>,
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
    const bytes = await rss();
    if (bytes !== undefined) samples.push({ atMs: performance.now() - started, bytes });
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
  };
}

/** The `fraction` quantile by nearest rank, in ms; NaN with no values. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

/**
 * The least-squares slope of RSS over the second half of the run, in MB a minute: the first
 * half holds the warm-up (caches, the JIT, the database's buffers filling), a leak shows in both.
 */
export function rssSlopeMbPerMinute(samples: readonly RssSample[], elapsedMs: number): number {
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
export function rssPeaksMb(samples: readonly RssSample[], windowMs: number): number[] {
  const peaks: number[] = [];
  for (const s of samples) {
    const index = Math.floor(s.atMs / windowMs);
    peaks[index] = Math.max(peaks[index] ?? 0, s.bytes / 2 ** 20);
  }
  return peaks.filter((peak) => peak !== undefined).map((peak) => Math.round(peak));
}

/** Whether the last quarter of the run reached a higher RSS than the three before it did. */
export function newPeakInLastQuarter(samples: readonly RssSample[], elapsedMs: number): boolean {
  const before = samples.filter((s) => s.atMs < elapsedMs * 0.75).map((s) => s.bytes);
  const last = samples.filter((s) => s.atMs >= elapsedMs * 0.75).map((s) => s.bytes);
  return before.length > 0 && last.length > 0 && Math.max(...last) > Math.max(...before);
}
