import { parseBenchFlags } from './parse-bench-flags.js';

/** How much work one run does: every count and time limit in one place. */
export type BenchSettings = {
  quick: boolean;
  databases: readonly ('pglite' | 'postgres')[];
  /** Servers run with their deriver on, off, or once each way. */
  learning: readonly boolean[];
  /** LoCoMo's conversations (real) or generated sentences. */
  text: 'real' | 'generated';
  /** add_messages calls measured per case of the write latencies with learning on. */
  liveWrites: number;
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

const FULL: Omit<BenchSettings, 'quick' | 'databases' | 'growVia' | 'learning' | 'text'> = {
  liveWrites: 40,
  singleWrites: { warmup: 50, iterations: 500 },
  batchSize: 100,
  engineBatchSize: 1000,
  scales: [10_000, 100_000],
  reads: { warmup: 20, iterations: 200, timeLimitMs: 20_000 },
  startupLaunches: 3,
};

const QUICK: typeof FULL = {
  ...FULL,
  liveWrites: 20,
  singleWrites: { warmup: 10, iterations: 100 },
  scales: [2_000, 10_000],
  reads: { warmup: 5, iterations: 50, timeLimitMs: 5_000 },
};

const USAGE = `Usage: node dist/bench/run-benchmarks.js [--quick] [--only pglite|postgres] [--grow-via stdio|engine]
       [--learning on|off|both] [--text real|generated] [--scales SMALL,LARGE]
  --quick      fewer messages (2k and 10k instead of 10k and 100k), to try the benchmark out
  --only       benchmark one database instead of both
  --grow-via   how the store grows to the second scale: MCP add_messages calls (default) or the engine
  --learning   servers learn as users run them (on), with the deriver off, or both side by side (default)
  --text       LoCoMo's conversation turns and questions (real, default; read from ../shared/bench/
               locomo10.json beside the project, or LOCOMO_PATH) or generated sentences
  --scales     the two store sizes in messages at which reads are measured (default 10000,100000)
Postgres: PEERMEM_BENCH_POSTGRES_SERVER (default postgres://postgres@127.0.0.1:5432), database\nPEERMEM_BENCH_DATABASE (default peermem_bench)`;

export function readSettings(argv: readonly string[]): BenchSettings {
  const values = parseBenchFlags(
    argv,
    {
      quick: { type: 'boolean' },
      only: { type: 'string' },
      'grow-via': { type: 'string' },
      learning: { type: 'string' },
      text: { type: 'string' },
      scales: { type: 'string' },
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
  const learning = values.learning ?? 'both';
  if (learning !== 'on' && learning !== 'off' && learning !== 'both')
    throw new Error(`--learning must be on, off or both\n${USAGE}`);
  const text = values.text ?? 'real';
  if (text !== 'real' && text !== 'generated') throw new Error(`--text must be real or generated\n${USAGE}`);
  const base = quick ? QUICK : FULL;
  let scales = base.scales;
  if (values.scales !== undefined) {
    const [small, large, ...rest] = values.scales.split(',').map(Number);
    const fits = (n: number | undefined): n is number => Number.isInteger(n) && (n as number) >= 1000;
    if (!fits(small) || !fits(large) || large <= small || rest.length > 0)
      throw new Error(
        `--scales must be two sizes of at least 1000, the smaller first (e.g. 10000,100000)\n${USAGE}`,
      );
    scales = [small, large];
  }
  return {
    ...base,
    scales,
    quick,
    learning: learning === 'both' ? [true, false] : [learning === 'on'],
    text,
    growVia,
    databases: values.only === undefined ? ['pglite', 'postgres'] : [values.only],
  };
}
