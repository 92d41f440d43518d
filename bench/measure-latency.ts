import { performance } from 'node:perf_hooks';

/** Round-trip times of one repeated operation, in milliseconds. */
export type Latency = {
  count: number;
  p50: number;
  p95: number;
  /** Wall time of the measured calls (warm-up excluded). */
  totalMs: number;
};

export type LatencyOptions = {
  /** Calls made first and not counted: they pay for JIT compilation, caches and query plans. */
  warmup: number;
  iterations: number;
  /** Stop early past this much measuring time, so a slow operation cannot stall the run. */
  timeLimitMs: number;
};

/**
 * Calls `operation` one call at a time, as an agent does (each waits for the previous answer),
 * and reports the percentiles of the measured calls. `operation` gets the call's index, counting
 * warm-up calls, so each call may vary its input.
 */
export async function measureLatency(
  operation: (index: number) => Promise<unknown>,
  options: LatencyOptions,
): Promise<Latency> {
  for (let index = 0; index < options.warmup; index++) await operation(index);
  const samples: number[] = [];
  const started = performance.now();
  for (let index = 0; index < options.iterations; index++) {
    const before = performance.now();
    await operation(options.warmup + index);
    samples.push(performance.now() - before);
    if (performance.now() - started > options.timeLimitMs) break;
  }
  return summarize(samples, performance.now() - started);
}

/** Percentiles of samples already taken elsewhere (e.g. while seeding). */
export function summarize(samples: readonly number[], totalMs: number): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), totalMs };
}

/** The median of a few measurements (start-ups are too slow to take hundreds). */
export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Nearest-rank percentile of sorted values: always one of the measured values. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}
