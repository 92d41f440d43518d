import { expect } from 'vitest';
import { formatFailures, formatTally } from '../../bench/stress/fuzz-report.js';
import type { FuzzBudget, FuzzReport } from '../../bench/stress/run-fuzz.js';

/**
 * One seed for every target of a test file's run, new each run so that runs explore different
 * cases; `PEERMEM_FUZZ_SEED=<seed>` replays a run whose seed a failure printed.
 */
const FUZZ_SEED = process.env.PEERMEM_FUZZ_SEED
  ? Number(process.env.PEERMEM_FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);

/** Longest a single call may take before it counts as a hang. */
export const CALL_TIMEOUT_MS = 10_000;

/**
 * The budget of one target in `npm test`: a few dozen to a few hundred cases, cut short after
 * 15 s, so the whole fuzz suite stays near a minute on two cores (`npm run bench:stress` runs
 * the same properties for longer).
 */
export function testBudget(numRuns: number): FuzzBudget {
  return { seed: FUZZ_SEED, numRuns, durationMs: 15_000, minimize: 4, minimizeMs: 5_000 };
}

/** Prints the counts, then fails with every broken property, its minimal case and how to replay the run. */
export function expectNoFailures(report: FuzzReport, file: string): void {
  console.log(`${report.label}\n${formatTally([report])}`);
  const failures = formatFailures(report.label, report.failures);
  expect(
    failures && `${failures}\nreplay the whole run: PEERMEM_FUZZ_SEED=${report.seed} npx vitest run ${file}`,
  ).toBe('');
}

/** Time for one fuzz test: its budget, shrinking its failures, and starting its server. */
export const FUZZ_TEST_TIMEOUT_MS = 90_000;
