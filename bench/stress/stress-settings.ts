import { parseBenchFlags } from '../parse-bench-flags.js';

const STRESS_TARGETS = ['tools', 'stdio', 'resources', 'gateway'] as const;
export type StressTargetKind = (typeof STRESS_TARGETS)[number];
export type StressDatabase = 'pglite' | 'postgres';

/** How long and how hard one `npm run bench:stress` fuzzes: every count and time limit in one place. */
export type StressSettings = {
  /** Cases per target (a target: one kind on one database). */
  runs: number;
  /** Each target stops drawing cases after this long. */
  durationMs: number;
  /** A call that takes longer counts as a hang. */
  timeoutMs: number;
  seed: number;
  targets: readonly StressTargetKind[];
  databases: readonly StressDatabase[];
  /** Failures shrunk to a minimal case, per target. */
  minimize: number;
};

const USAGE = `Usage: node dist/bench/stress/run-stress.js [--runs N] [--duration S] [--timeout-ms MS] [--seed N]
         [--only pglite|postgres] [--targets ${STRESS_TARGETS.join(',')}] [--minimize N]
  --runs        cases per target (default 2000)
  --duration    seconds per target at most (default 300)
  --timeout-ms  a call taking longer is a hang (default 30000)
  --seed        replay a run (default: a new seed, printed)
  --only        one database instead of both
  --targets     which to fuzz: MCP tools in process, MCP tools over stdio, MCP resources, the gateway over HTTP
  --minimize    failures shrunk to a minimal case per target (default 10)
Prints a markdown table of cases tried, refused, accepted, 5xx / internal errors, hangs and crashes
per target, then every broken property with its minimal case. Exits 1 if any case broke a property
(a 5xx or internal error, a hang and a crash included), 2 on a bad flag.
Postgres: PEERMEM_BENCH_POSTGRES_SERVER (default postgres://postgres@127.0.0.1:5432), database peermem_bench`;

export function readStressSettings(argv: readonly string[]): StressSettings {
  const values = parseBenchFlags(
    argv,
    {
      runs: { type: 'string' },
      duration: { type: 'string' },
      'timeout-ms': { type: 'string' },
      seed: { type: 'string' },
      only: { type: 'string' },
      targets: { type: 'string' },
      minimize: { type: 'string' },
    },
    USAGE,
  );
  const count = (
    flag: 'runs' | 'duration' | 'timeout-ms' | 'seed' | 'minimize',
    fallback: number,
    min = 1,
  ) => {
    const raw = values[flag];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < min)
      throw new Error(`--${flag} must be a whole number of at least ${min}\n${USAGE}`);
    return value;
  };
  const only = values.only;
  if (only !== undefined && only !== 'pglite' && only !== 'postgres')
    throw new Error(`--only must be pglite or postgres\n${USAGE}`);
  const targets = typeof values.targets === 'string' ? values.targets.split(',') : [...STRESS_TARGETS];
  const unknown = targets.filter((target) => !(STRESS_TARGETS as readonly string[]).includes(target));
  if (unknown.length > 0) throw new Error(`unknown --targets ${unknown.join(', ')}\n${USAGE}`);
  return {
    runs: count('runs', 2000),
    durationMs: count('duration', 300) * 1000,
    timeoutMs: count('timeout-ms', 30_000),
    seed: count('seed', Math.floor(Math.random() * 2 ** 31), 0),
    targets: targets as StressTargetKind[],
    databases: only === undefined ? ['pglite', 'postgres'] : [only],
    minimize: count('minimize', 10, 0),
  };
}
