import { cpus } from 'node:os';
import type { BenchSettings } from './bench-settings.js';
import type { StoreResults } from './benchmark-store.js';
import type { Latency } from './measure-latency.js';
import type { StartupTimes } from './measure-startup.js';

/** A store's results, or why it could not be measured (e.g. no Postgres server running). */
export type StoreOutcome = StoreResults | { label: string; error: string };

type Row = { name: string; cell(results: StoreResults): string };

const ms = (value: number) => (value < 100 ? value.toFixed(1) : Math.round(value).toString());
const percentiles = (latency: Latency) => `${ms(latency.p50)} / ${ms(latency.p95)}`;
const perSecond = (count: number, elapsedMs: number) =>
  Math.round((count * 1000) / elapsedMs).toLocaleString('en');
const startup = (times: StartupTimes, pick: 'toolsListMs' | 'firstResultMs') => ms(times[pick]);
const thousands = (count: number) => `${count / 1000}k`;

function rows(settings: BenchSettings): Row[] {
  const [small, large] = settings.scales;
  const launches = settings.startupLaunches;
  const readRows = (index: number, messages: number): Row[] => [
    {
      name: `list_messages (size 50), ${thousands(messages)} msgs: p50 / p95 ms`,
      cell: (r) => percentiles(readsAt(r, index).listMessages),
    },
    {
      name: `search (limit 10), ${thousands(messages)} msgs: p50 / p95 ms`,
      cell: (r) => percentiles(readsAt(r, index).search),
    },
    {
      name: `get_context (2048 tokens), ${thousands(messages)} msgs: p50 / p95 ms`,
      cell: (r) => percentiles(readsAt(r, index).getContext),
    },
  ];
  const learned = (pick: (learning: NonNullable<StoreResults['learning']>) => string) => (r: StoreResults) =>
    r.learning ? pick(r.learning) : '–';
  return [
    { name: 'learning, vector search', cell: learned((l) => l.paths) },
    {
      name: 'add_messages, 1 msg/call, deriver idle / busy: p50 ms',
      cell: learned((l) => `${ms(l.idle.one.p50)} / ${ms(l.busy.one.p50)}`),
    },
    {
      name: 'add_messages, 10 msgs/call, deriver idle / busy: p50 ms',
      cell: learned((l) => `${ms(l.idle.ten.p50)} / ${ms(l.busy.ten.p50)}`),
    },
    {
      name: 'add_messages, 10 msgs/call, deriver idle / busy: p95 ms',
      cell: learned((l) => `${ms(l.idle.ten.p95)} / ${ms(l.busy.ten.p95)}`),
    },
    {
      name: 'deriver lag, single-turn write to learned (median of 5): ms',
      cell: learned((l) => ms(l.lagMs)),
    },
    ...[small, large].map((messages, index) => ({
      name: `learning caught up after the writes to ${thousands(messages)} msgs: s`,
      cell: (r: StoreResults) => {
        const catchUp = r.reads[index]?.catchUpMs;
        return catchUp === undefined ? '–' : (catchUp / 1000).toFixed(1);
      },
    })),
    {
      name: 'server peak RSS: MB',
      cell: (r) => (Number.isNaN(r.peakRssMb) ? 'n/a' : Math.round(r.peakRssMb).toString()),
    },
    {
      name: 'add_messages, 1 msg/call: calls/s',
      cell: (r) => perSecond(r.singleWrites.count, r.singleWrites.totalMs),
    },
    { name: 'add_messages, 1 msg/call: p50 / p95 ms', cell: (r) => percentiles(r.singleWrites) },
    {
      name: `add_messages, ${settings.batchSize} msgs/call: msgs/s`,
      cell: (r) => perSecond(r.batchWrites.messages, r.batchWrites.elapsedMs),
    },
    {
      name: `add_messages, ${settings.batchSize} msgs/call: p50 / p95 ms per call`,
      cell: (r) => percentiles(r.batchWrites.perCall),
    },
    ...readRows(0, small),
    ...readRows(1, large),
    { name: 'start-up → tools/list, new store: ms', cell: (r) => startup(r.firstLaunch, 'toolsListMs') },
    {
      name: 'start-up → first tool result, new store: ms',
      cell: (r) => startup(r.firstLaunch, 'firstResultMs'),
    },
    {
      name: `start-up → tools/list, empty store (median of ${launches}): ms`,
      cell: (r) => startup(r.emptyStartup, 'toolsListMs'),
    },
    {
      name: `start-up → first tool result, empty store (median of ${launches}): ms`,
      cell: (r) => startup(r.emptyStartup, 'firstResultMs'),
    },
    {
      name: `start-up → tools/list, ${thousands(large)} msgs (median of ${launches}): ms`,
      cell: (r) => startup(r.fullStartup, 'toolsListMs'),
    },
    {
      name: `start-up → first tool result, ${thousands(large)} msgs (median of ${launches}): ms`,
      cell: (r) => startup(r.fullStartup, 'firstResultMs'),
    },
    {
      name: `growing ${thousands(small)} → ${thousands(large)} msgs ${growthMethod(settings)}: msgs/s`,
      cell: (r) => perSecond(r.growth.messages, r.growth.elapsedMs),
    },
  ];
}

function growthMethod(settings: BenchSettings): string {
  return settings.growVia === 'stdio'
    ? `through MCP (${settings.batchSize}/call)`
    : `with the engine, no MCP (${settings.engineBatchSize}/call)`;
}

function readsAt(results: StoreResults, index: number) {
  const reads = results.reads[index];
  if (!reads) throw new Error(`no reads measured at scale ${index}`);
  return reads.latencies;
}

/** When and how long the run was, and how busy the machine already was (other processes skew timings). */
export type RunInfo = { startedAt: Date; elapsedMs: number; loadBefore: number };

/** The report: where it ran, one markdown table, and the notes needed to read it. */
export function formatReport(
  settings: BenchSettings,
  outcomes: readonly StoreOutcome[],
  run: RunInfo,
): string {
  const cpu = cpus();
  const measured = outcomes.filter((outcome): outcome is StoreResults => !('error' in outcome));
  const header = `| Measurement | ${outcomes.map((outcome) => outcome.label).join(' | ')} |`;
  const divider = `|---|${outcomes.map(() => '---:').join('|')}|`;
  const body = rows(settings).map(
    (row) =>
      `| ${row.name} | ${outcomes.map((outcome) => ('error' in outcome ? 'n/a' : row.cell(outcome))).join(' | ')} |`,
  );
  const [small, large] = settings.scales;
  const sample = measured[0];
  const notes = [
    `- ${settings.singleWrites.iterations} single-message calls after ${settings.singleWrites.warmup} warm-up calls; reads: up to ${settings.reads.iterations} calls each after ${settings.reads.warmup} warm-up calls (at most ${settings.reads.timeLimitMs / 1000} s per operation). All calls sequential, one real MCP client over stdio (\`node dist/src/main.js\`).`,
    `- Seeding: the store reaches ${thousands(small)} messages through MCP (the single-message calls, then the ${settings.batchSize}-message calls measured above); ${
      settings.growVia === 'stdio'
        ? `it grows to ${thousands(large)} through the same MCP client, ${settings.batchSize} messages per add_messages call.`
        : `it grows to ${thousands(large)} by seeding directly with the engine (createEmbeddedMemoryService over openDatabase, ${settings.engineBatchSize} messages per call) while no server runs, then a new server is started.`
    }`,
    settings.text === 'real'
      ? "- Text: LoCoMo's conversation turns, one add_messages call per LoCoMo session (up to the batch size), passed over again as often as the size needs (each pass in new sessions, dated later); queries: LoCoMo's questions, ten of each conversation. Live writes are LoCoMo turns too; list_messages and get_context read the largest session."
      : '- Sessions of 200-1000 generated messages between user and assistant (a reviewer joins one in three); list_messages and get_context read the largest session.',
    ...(sample
      ? [
          `- Largest session: ${sample.reads.map((reads) => `${reads.session.messages} msgs at ${thousands(reads.messages)}`).join(', ')}. Search queries (in turn, words OR-ed by the server): ${sample.queries
            .slice(0, 3)
            .map((query) => `"${query}"`)
            .join(
              ', ',
            )}${sample.queries.length > 3 ? `, … (${sample.queries.length} in all)` : ''}; at ${thousands(large)} msgs a query matches ${measured.map((results) => `${results.searchMatches.toLocaleString('en')} (${results.label})`).join(', ')} messages on average (search ranks those holding every word plus the newest 1,000 of them).`,
        ]
      : []),
    '- Learning on: the server runs as users run it (its deriver on); reads are measured once learning has caught up (observations and vectors present), and the idle/busy writes are measured with the deriver idle and while it learns the import behind them. Learning off: `--deriver off`, search ranks by full text only.',
    '- Start-up: spawn to the tools/list answer (initialize handshake included) and to the first list_sessions result; each launch waits for the previous server to exit. "New store" is one launch on a data folder (PGlite) or workspace (Postgres) that does not exist yet.',
    ...outcomes.flatMap((outcome) =>
      'error' in outcome ? [`- ${outcome.label} not measured: ${outcome.error}`] : [],
    ),
  ];
  return [
    `## peermem benchmark${settings.quick ? ' (--quick)' : ''}`,
    '',
    [
      run.startedAt.toISOString(),
      `node ${process.version}`,
      cpu[0]?.model ?? 'unknown CPU',
      `${cpu.length} cores`,
      `load average before the run ${run.loadBefore.toFixed(2)}`,
      `run took ${Math.round(run.elapsedMs / 1000)} s`,
    ].join(' · '),
    '',
    header,
    divider,
    ...body,
    '',
    ...notes,
  ].join('\n');
}
