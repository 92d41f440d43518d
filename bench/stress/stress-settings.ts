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

const CRASH_KINDS = ['server', 'worker', 'takeover'] as const;

const USAGE = `Usage: node dist/bench/stress/run-stress.js [--runs N] [--duration S] [--timeout-ms MS] [--seed N]
         [--only pglite|postgres] [--targets ${STRESS_TARGETS.join(',')}] [--minimize N]
       node dist/bench/stress/run-stress.js --crash server,worker,takeover|all [--rounds N] [--drain S] [--only ...] [--seed N]
       node dist/bench/stress/run-stress.js --concurrency [--writers N] [--turns N] [--only ...]
       node dist/bench/stress/run-stress.js --load [--seconds N] [--clients N] [--server mcp-http|gateway] [--only ...]
  Modes (one at a time; the fuzz run when none is given):
  --crash       kill -9 loops: the server while it takes writes and learns, a peermem worker while it
                holds claims, the owner of a PGlite folder while a second server writes (PGlite only);
                counts tries, refusals, crashes, losses and facts learned twice (default 10 --rounds;
                --drain: seconds the queue may take to drain after the last kill, default 150)
  --concurrency --writers clients (default 32) each adding --turns turns (default 50) to one session,
                through MCP over HTTP and through the gateway paying on a devnet; checks order and loss
  --load        --clients (default 8) calling add_messages, search and get_context with LoCoMo text for
                --seconds (default 180), against MCP over HTTP and the gateway paid on a devnet; reports
                calls/s, p50/p99, errors and the server's RSS every 2 s (errors or growing RSS fail);
                --server mcp-http or gateway: that one alone
  Fuzz flags:
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

export type CrashKind = (typeof CRASH_KINDS)[number];

/** Which run `npm run bench:stress` makes, with its settings. */
export type StressMode =
  | ({ mode: 'fuzz' } & StressSettings)
  | {
      mode: 'crash';
      kinds: readonly CrashKind[];
      rounds: number;
      drainMs: number;
      seed: number;
      databases: readonly StressDatabase[];
    }
  | { mode: 'concurrency'; writers: number; turns: number; databases: readonly StressDatabase[] }
  | {
      mode: 'load';
      seconds: number;
      clients: number;
      databases: readonly StressDatabase[];
      servers: readonly LoadServer[];
    };

/** What a load run stands against: `peermem mcp --http`, or the paid gateway of `peermem serve`. */
const LOAD_SERVERS = ['mcp-http', 'gateway'] as const;
export type LoadServer = (typeof LOAD_SERVERS)[number];

export function readStressSettings(argv: readonly string[]): StressMode {
  const values = parseBenchFlags(
    argv,
    {
      crash: { type: 'string' },
      rounds: { type: 'string' },
      drain: { type: 'string' },
      concurrency: { type: 'boolean' },
      writers: { type: 'string' },
      turns: { type: 'string' },
      load: { type: 'boolean' },
      seconds: { type: 'string' },
      clients: { type: 'string' },
      server: { type: 'string' },
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
    flag:
      | 'runs'
      | 'duration'
      | 'timeout-ms'
      | 'seed'
      | 'minimize'
      | 'rounds'
      | 'drain'
      | 'writers'
      | 'turns'
      | 'seconds'
      | 'clients',
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
  const databases: StressDatabase[] = only === undefined ? ['pglite', 'postgres'] : [only];
  if (
    [values.crash !== undefined, values.concurrency === true, values.load === true].filter(Boolean).length > 1
  )
    throw new Error(`--crash, --concurrency and --load are separate runs: give one\n${USAGE}`);
  if (values.load === true) {
    const server = values.server;
    if (server !== undefined && !(LOAD_SERVERS as readonly string[]).includes(server))
      throw new Error(`--server must be ${LOAD_SERVERS.join(' or ')}\n${USAGE}`);
    return {
      mode: 'load',
      seconds: count('seconds', 180),
      clients: count('clients', 8),
      databases,
      servers: server === undefined ? LOAD_SERVERS : [server as LoadServer],
    };
  }
  if (values.crash !== undefined) {
    const kinds = values.crash === 'all' ? [...CRASH_KINDS] : values.crash.split(',');
    const unknownKinds = kinds.filter((kind) => !(CRASH_KINDS as readonly string[]).includes(kind));
    if (unknownKinds.length > 0) throw new Error(`unknown --crash ${unknownKinds.join(', ')}\n${USAGE}`);
    return {
      mode: 'crash',
      kinds: kinds as CrashKind[],
      rounds: count('rounds', 10),
      drainMs: count('drain', 150) * 1000,
      seed: count('seed', Math.floor(Math.random() * 2 ** 31), 0),
      databases,
    };
  }
  if (values.concurrency === true)
    return { mode: 'concurrency', writers: count('writers', 32), turns: count('turns', 50), databases };
  const targets = typeof values.targets === 'string' ? values.targets.split(',') : [...STRESS_TARGETS];
  const unknown = targets.filter((target) => !(STRESS_TARGETS as readonly string[]).includes(target));
  if (unknown.length > 0) throw new Error(`unknown --targets ${unknown.join(', ')}\n${USAGE}`);
  return {
    mode: 'fuzz',
    runs: count('runs', 2000),
    durationMs: count('duration', 300) * 1000,
    timeoutMs: count('timeout-ms', 30_000),
    seed: count('seed', Math.floor(Math.random() * 2 ** 31), 0),
    targets: targets as StressTargetKind[],
    databases,
    minimize: count('minimize', 10, 0),
  };
}
