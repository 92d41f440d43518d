import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { MessageBatch } from '../conversation-plan.js';
import { loadLocomo } from '../locomo/load-locomo.js';
import { LOCOMO_FILE } from '../locomo/locomo-file.js';
import { createLocomoText } from '../locomo-plan.js';
import { waitForLearning } from '../measure-learning.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';
import { callTool } from '../stdio-server.js';
import { officialServerEntry } from '../versus/official-memory-server.js';
import { versusQueries } from '../versus/versus-queries.js';
import {
  type FootprintTarget,
  measureResidency,
  measureStarts,
  measureWindows,
  type Residency,
  type StartTimes,
  type Windows,
} from './measure-footprint.js';

const USAGE = `npm run bench:footprint -- [--launches N] [--turns N] [--queries N] [--windows N] [--bin PATH]

What a user's machine pays for one peermem window, beside the official MCP memory server
(@modelcontextprotocol/server-memory) in the same run, both spawned over stdio as a client does,
each on a new data folder: the time to the initialize answer and to the first tool result
(median of --launches starts, default 5), resident memory idle after the start, and after
--turns LoCoMo turns (default 300) written one per call, learned (peermem) and --queries
LoCoMo questions searched (default 20), and again 15 s later; then --windows servers (default 3)
opened one after another on one new folder, as editor windows on the user's data folder, and their
resident memory together. --bin measures another build of peermem's bin (default: this one's
dist/peermem/main.js). Prints one markdown table.`;

/** The installed bin, as \`npm install\` links it (dist/bench/footprint/ is beside dist/peermem/). */
const PEERMEM_BIN = fileURLToPath(new URL('../../peermem/main.js', import.meta.url));
/** How long a started server is left alone before its idle memory is read. */
const SETTLE_MS = 3000;
/** How long after the searches the memory is read again: past the learning thread's idle end (10 s). */
const QUIET_MS = 15_000;
const LEARNING_TIMEOUT_MS = 20 * 60_000;

const peermem = (bin: string): FootprintTarget => ({
  // The bin itself, as a client's "command": "peermem" starts it: through its shebang line, which
  // sets the allocator's environment.
  spawn: (folder) => ({ command: bin, args: ['--data-dir', folder] }),
  firstCall: (client) => callTool(client, 'search', { query: 'what did we decide about the trip?' }),
  write: (client, batch) => callTool(client, 'add_messages', { ...batch }),
  search: (client, query) => callTool(client, 'search', { query, limit: 10 }),
  drain: async (client) => {
    await waitForLearning(client, LEARNING_TIMEOUT_MS);
  },
});

/** The official server's graph: an entity per speaker, each turn an observation of it. */
function officialTarget(): FootprintTarget {
  const { script } = officialServerEntry();
  const entities = new Set<string>();
  return {
    spawn: (folder) => {
      // It writes its graph into the folder, which it does not create.
      mkdirSync(folder, { recursive: true });
      return {
        command: process.execPath,
        args: [script],
        env: { ...getDefaultEnvironment(), MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
      };
    },
    firstCall: (client) => callTool(client, 'search_nodes', { query: 'trip' }),
    write: async (client, batch) => {
      const speakers = [...new Set(batch.messages.map((message) => message.peer))].filter(
        (peer) => !entities.has(peer),
      );
      if (speakers.length > 0) {
        await callTool(client, 'create_entities', {
          entities: speakers.map((name) => ({ name, entityType: 'person', observations: [] })),
        });
        for (const name of speakers) entities.add(name);
      }
      return callTool(client, 'add_observations', {
        observations: batch.messages.map((message) => ({
          entityName: message.peer,
          contents: [`[${message.created_at}] ${message.content}`],
        })),
      });
    },
    search: (client, query) => callTool(client, 'search_nodes', { query }),
    drain: async () => {},
  };
}

type Outcome = { starts: StartTimes & { samples: StartTimes[] }; residency: Residency; windows: Windows };

async function measure(
  target: FootprintTarget,
  folder: string,
  name: string,
  flags: Flags,
): Promise<Outcome> {
  progress(`${name}: ${flags.launches} starts on new folders`);
  const starts = await measureStarts(target, flags.launches, (launch) => join(folder, `start-${launch}`));
  progress(`${name}: ${flags.turns} turns written, learned and searched`);
  const residency = await measureResidency(
    target,
    join(folder, 'load'),
    flags.batches,
    name === 'peermem' ? flags.questions : flags.keywords,
    SETTLE_MS,
    QUIET_MS,
  );
  progress(`${name}: ${flags.windows} windows on one folder`);
  const windows = await measureWindows(target, join(folder, 'windows'), flags.windows, SETTLE_MS);
  return { starts, residency, windows };
}

type Flags = {
  launches: number;
  windows: number;
  turns: number;
  batches: MessageBatch[];
  questions: string[];
  keywords: string[];
};

async function main(): Promise<void> {
  const values = parseBenchFlags(
    process.argv.slice(2),
    {
      launches: { type: 'string' },
      turns: { type: 'string' },
      queries: { type: 'string' },
      windows: { type: 'string' },
      bin: { type: 'string' },
    },
    USAGE,
  );
  const launches = positive(values.launches ?? '5', '--launches');
  const turns = positive(values.turns ?? '300', '--turns');
  const queryCount = positive(values.queries ?? '20', '--queries');
  const windows = positive(values.windows ?? '3', '--windows');
  const locomo = await loadLocomo(LOCOMO_FILE);
  const queries = versusQueries(locomo.conversations, queryCount);
  const flags: Flags = {
    launches,
    windows,
    turns,
    batches: [...createLocomoText(locomo).plan.batches(turns, 1)],
    questions: queries.map((query) => query.question),
    keywords: queries.flatMap((query) => (query.keyword === null ? [] : [query.keyword])),
  };
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const folder = await mkdtemp(join(tmpdir(), 'peermem-footprint-'));
  try {
    const bin = values.bin === undefined ? PEERMEM_BIN : resolve(values.bin);
    const ours = await measure(peermem(bin), join(folder, 'peermem'), 'peermem', flags);
    const official = await measure(officialTarget(), join(folder, 'official'), 'server-memory', flags);
    const measured = values.bin === undefined ? 'dist/peermem/main.js' : bin;
    console.log(
      report({ startedAt, loadBefore, loadAfter: loadavg()[0] ?? 0, flags, ours, official, measured }),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function report(run: {
  startedAt: Date;
  loadBefore: number;
  loadAfter: number;
  flags: Flags;
  ours: Outcome;
  official: Outcome;
  /** The peermem bin measured. */
  measured: string;
}): string {
  const { ours, official, flags } = run;
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const mb = (value: number) => Math.round(value).toString();
  const samples = (outcome: Outcome, pick: (times: StartTimes) => number) =>
    outcome.starts.samples.map((sample) => seconds(pick(sample))).join(', ');
  const row = (name: string, cell: (outcome: Outcome) => string) =>
    `| ${name} | ${cell(ours)} | ${cell(official)} |`;
  const cpu = cpus();
  return [
    `## Footprint of one window: start and resident memory`,
    '',
    [
      run.startedAt.toISOString(),
      `node ${process.version}`,
      cpu[0]?.model ?? 'unknown CPU',
      `${cpu.length} cores`,
      `load average ${run.loadBefore.toFixed(2)} at the start, ${run.loadAfter.toFixed(2)} at the end`,
    ].join(' · '),
    '',
    `| | peermem (PGlite, learning on) | server-memory ${officialServerEntry().version} |`,
    '|---|---:|---:|',
    row(`initialize answered, median of ${flags.launches}: s`, (o) => seconds(o.starts.initializeMs)),
    row('first tool result on a new data folder, median: s', (o) => seconds(o.starts.firstResultMs)),
    row(`resident memory idle, ${SETTLE_MS / 1000} s after the first result: MB`, (o) =>
      mb(o.residency.idle.rssMb),
    ),
    row(`resident memory after ${flags.turns} turns written, learned and searched: MB`, (o) =>
      mb(o.residency.loaded.rssMb),
    ),
    row(`the same ${QUIET_MS / 1000} s later, nothing asked: MB`, (o) => mb(o.residency.quiet.rssMb)),
    row('peak resident memory: MB', (o) => mb(o.residency.quiet.peakMb)),
    row(
      `${flags.turns} writes / learning caught up after them: s`,
      (o) => `${o.residency.writeSeconds.toFixed(1)} / ${o.residency.drainSeconds.toFixed(1)}`,
    ),
    row(`${flags.windows} windows open on one data folder, idle: MB in all (each)`, (o) => {
      const each = o.windows.idle.map((window) => window.rssMb);
      return `${mb(each.reduce((sum, value) => sum + value, 0))} (${each.map(mb).join(', ')})`;
    }),
    row(`the ${flags.windows} windows' first tool results, one after another: s`, (o) =>
      o.windows.firstResultMs.map(seconds).join(', '),
    ),
    '',
    `- Each server is spawned as a client starts it (peermem: the bin \`${run.measured} --data-dir <new folder>\` itself, through its shebang line, defaults otherwise; server-memory with \`MEMORY_FILE_PATH\` in a new folder) and driven by \`@modelcontextprotocol/client\` over stdio. Each start waits for the previous server to exit, except the windows: they stay open together on one folder (peermem: the first opens the database, the others send their statements to it; server-memory: one graph file).`,
    `- initialize: spawn to the handshake answered. First tool result: spawn to the result of peermem's \`search\` / server-memory's \`search_nodes\`. Starts one by one, s: peermem ${samples(ours, (t) => t.initializeMs)} / ${samples(ours, (t) => t.firstResultMs)}; server-memory ${samples(official, (t) => t.initializeMs)} / ${samples(official, (t) => t.firstResultMs)}.`,
    `- Resident memory: VmRSS of the server process (every thread, PGlite's WebAssembly and the learning thread included) from /proc; peak is VmHWM. The writes are LoCoMo's first ${flags.turns} turns, one per call (peermem \`add_messages\`; server-memory \`add_observations\` to an entity per speaker), then ${flags.questions.length} LoCoMo questions searched (peermem whole, server-memory by their longest keyword).`,
  ].join('\n');
}

function positive(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} must be a positive integer\n${USAGE}`);
  return value;
}

function progress(message: string): void {
  console.error(`[footprint] ${message}`);
}

await runScript(main);
