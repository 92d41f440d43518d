import { parseBenchFlags } from './parse-bench-flags.js';

/** How much work one run does: every count and time limit in one place. */
export type BenchSettings = {
  quick: boolean;
  databases: readonly ('pglite' | 'postgres')[];
  /** One add_messages call per message. */
  singleWrites: { warmup: number; iterations: number };
  /** Messages per add_messages call when seeding through MCP. */
  batchSize: number;
  /** How the store grows from the first scale to the second (see benchmark-store.ts). */
  growVia: 'stdio' | 'engine';
  /** Messages per engine call when seeding without MCP. */
  engineBatchSize: number;
  /** Store sizes (in messages) at which the reads are measured, smallest first. */
  scales: readonly [number, number];
  reads: { warmup: number; iterations: number; timeLimitMs: number };
  startupLaunches: number;
};

const FULL: Omit<BenchSettings, 'quick' | 'databases' | 'growVia'> = {
  singleWrites: { warmup: 50, iterations: 500 },
  batchSize: 100,
  engineBatchSize: 1000,
  scales: [10_000, 100_000],
  reads: { warmup: 20, iterations: 200, timeLimitMs: 20_000 },
  startupLaunches: 3,
};

const QUICK: typeof FULL = {
  ...FULL,
  singleWrites: { warmup: 10, iterations: 100 },
  scales: [2_000, 10_000],
  reads: { warmup: 5, iterations: 50, timeLimitMs: 5_000 },
};

const USAGE = `Usage: node dist/bench/run-benchmarks.js [--quick] [--only pglite|postgres] [--grow-via stdio|engine]
  --quick      fewer messages (2k and 10k instead of 10k and 100k), to try the benchmark out
  --only       benchmark one database instead of both
  --grow-via   how the store grows to the second scale: MCP add_messages calls (default) or the engine
Postgres: PEERMEM_BENCH_POSTGRES_SERVER (default postgres://postgres@127.0.0.1:5432), database peermem_bench`;

export function readSettings(argv: readonly string[]): BenchSettings {
  const values = parseBenchFlags(
    argv,
    {
      quick: { type: 'boolean' },
      only: { type: 'string' },
      'grow-via': { type: 'string' },
    },
    USAGE,
  );
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') {
    throw new Error(`--only must be pglite or postgres\n${USAGE}`);
  }
  const growVia = values['grow-via'] ?? 'stdio';
  if (growVia !== 'stdio' && growVia !== 'engine')
    throw new Error(`--grow-via must be stdio or engine\n${USAGE}`);
  const quick = values.quick === true;
  return {
    ...(quick ? QUICK : FULL),
    quick,
    growVia,
    databases: values.only === undefined ? ['pglite', 'postgres'] : [values.only],
  };
}
