/**
 * The upper bounds, in milliseconds, of the fixed latency buckets every process counts requests
 * into; a last bucket holds what is slower than the last bound. Fixed, so that the counts of
 * every process and minute add up, and the same on /metrics (in seconds there).
 */
export const LATENCY_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000] as const;

/** The index of the bucket a latency falls in. */
export function latencyBucket(ms: number): number {
  const index = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? LATENCY_BOUNDS_MS.length : index;
}

/**
 * The latency below which `quantile` of the requests counted fall, interpolated within its
 * bucket as Prometheus' histogram_quantile does; the slowest bucket answers its lower bound.
 */
export function latencyQuantile(counts: readonly number[], quantile: number): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return 0;
  const rank = quantile * total;
  let below = 0;
  for (const [index, count] of counts.entries()) {
    if (below + count >= rank && count > 0) {
      const lower = index === 0 ? 0 : (LATENCY_BOUNDS_MS[index - 1] ?? 0);
      const upper = LATENCY_BOUNDS_MS[index];
      if (upper === undefined) return lower;
      return lower + (upper - lower) * ((rank - below) / count);
    }
    below += count;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1] ?? 0;
}

/** p50, p95 and p99 of a histogram, or null when it counted nothing. */
export function latencyPercentiles(counts: readonly number[]) {
  if (!counts.some((count) => count > 0)) return null;
  return {
    p50_ms: latencyQuantile(counts, 0.5),
    p95_ms: latencyQuantile(counts, 0.95),
    p99_ms: latencyQuantile(counts, 0.99),
  };
}
