import { cpus } from 'node:os';
import type { Latency } from '../measure-latency.js';

/** What one server did in the run. */
type ServerOutcome = {
  writes: Latency;
  /** Every write call, entities created included, first to last. */
  writeSeconds: number;
  keywordSearch: SearchOutcome;
  questionSearch: SearchOutcome;
  storeBytes: number;
  peakRssMb: number;
};

export type SearchOutcome = {
  latency: Latency;
  /** Results of the measured calls (messages for peermem, entities for the official server). */
  results: number[];
};

export type VersusRun = {
  startedAt: Date;
  loadBefore: number;
  turns: number;
  officialVersion: string;
  /** The vector-search path and learning thread peermem reports in get_deriver_status. */
  peermemPaths: string;
  learningCatchUpMs: number;
  peermem: ServerOutcome;
  official: ServerOutcome;
  /** The first few queries of each form, to show how they read. */
  sampleKeywords: string[];
  keywordlessQuestions: number;
};

const ms = (value: number) => (value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en'));
const percentiles = (latency: Latency) => `${ms(latency.p50)} / ${ms(latency.p95)}`;
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function resultCounts({ results }: SearchOutcome): string {
  const mean = results.reduce((sum, count) => sum + count, 0) / Math.max(1, results.length);
  const none = results.filter((count) => count === 0).length;
  return `${mean.toFixed(1)} / ${none}`;
}

/** The markdown report: the machine and the run, one table with a column per server, and the notes to read it. */
export function formatVersusReport(run: VersusRun): string {
  const cpu = cpus();
  const { peermem, official } = run;
  const row = (name: string, cell: (outcome: ServerOutcome) => string) =>
    `| ${name} | ${cell(peermem)} | ${cell(official)} |`;
  const keywordCount = peermem.keywordSearch.latency.count;
  const questionCount = peermem.questionSearch.latency.count;
  return [
    `## Side by side at ${run.turns.toLocaleString('en')} LoCoMo turns`,
    '',
    [
      run.startedAt.toISOString(),
      `node ${process.version}`,
      cpu[0]?.model ?? 'unknown CPU',
      `${cpu.length} cores`,
      `load average at the start ${run.loadBefore.toFixed(2)}`,
    ].join(' · '),
    '',
    `| Measurement | peermem (PGlite, learning on) | official memory server ${run.officialVersion} |`,
    '|---|---:|---:|',
    row('one-turn write: p50 / p95 ms', (o) => percentiles(o.writes)),
    row(
      'all writes: s (turns/s)',
      (o) => `${o.writeSeconds.toFixed(1)} (${Math.round(run.turns / o.writeSeconds)})`,
    ),
    `| learning caught up after the writes: s | ${(run.learningCatchUpMs / 1000).toFixed(1)} | – |`,
    row(`search, one keyword (${keywordCount} queries): p50 / p95 ms`, (o) =>
      percentiles(o.keywordSearch.latency),
    ),
    row('search, one keyword: results per query (mean) / queries with none', (o) =>
      resultCounts(o.keywordSearch),
    ),
    row(`search, whole question (${questionCount} queries): p50 / p95 ms`, (o) =>
      percentiles(o.questionSearch.latency),
    ),
    row('search, whole question: results per query (mean) / queries with none', (o) =>
      resultCounts(o.questionSearch),
    ),
    row('store on disk: MB', (o) => megabytes(o.storeBytes)),
    row('server peak RSS: MB', (o) =>
      Number.isNaN(o.peakRssMb) ? 'n/a' : Math.round(o.peakRssMb).toString(),
    ),
    `| vector search | ${run.peermemPaths} | – (substring scan of the JSONL file) |`,
    '',
    `- One MCP client (\`@modelcontextprotocol/client\` over stdio) drives both servers, each started with node as its command runs it: peermem as \`node dist/src/main.js --data-dir <new temporary folder>\` with its defaults (PGlite, learning on), the official server with \`MEMORY_FILE_PATH\` in a new temporary folder. Every call waits for the previous answer.`,
    `- Writes: LoCoMo's turns in conversation order (sessions one after another, the dataset passed over again with later dates when more turns are asked for), one turn per call, every call measured. peermem: \`add_messages\` to one workspace, a session per LoCoMo session and pass, a peer per speaker. Official: an entity per speaker (type person) made by \`create_entities\` when the speaker first speaks (counted in the total, not in the per-turn figures), then each turn by \`add_observations\` to that entity, as \`[<the turn's time>] <text>\`: the time is what peermem keeps as \`created_at\`, and it keeps a repeated turn distinct (the official server drops an observation its entity already holds). The official server writes first, while peermem is idle and empty; peermem then writes with its deriver learning behind the writes, as users run it.`,
    `- Search, after peermem's learning caught up (\`get_deriver_status\` polled until nothing is pending): LoCoMo's questions, taken in turn from each conversation, each asked in two forms, first of peermem (\`search\`, limit 10), then of the official server (\`search_nodes\`), after 5 warm-up calls each. "One keyword" is the question's longest content word that is not a speaker's name (stopwords out; ${run.keywordlessQuestions} questions had none and are skipped), the same string to both: ${run.sampleKeywords.map((word) => `"${word}"`).join(', ')}, …. The official server matches its query as one substring of an entity's name, type or observations, so a whole question almost never matches there; peermem ORs the question's words. Results: messages for peermem (at most 10), entities for the official server (each returned with all its observations).`,
    "- Store on disk: the sum of the file sizes in peermem's data folder and the official server's JSONL file, after the searches. Peak RSS: each server process's VmHWM from /proc.",
  ].join('\n');
}
