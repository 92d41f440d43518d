import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { loadLocomo } from '../locomo/load-locomo.js';
import { LOCOMO_FILE } from '../locomo/locomo-file.js';
import { createLocomoText } from '../locomo-plan.js';
import { waitForLearning } from '../measure-learning.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';
import { callTool, connectOverStdio } from '../stdio-server.js';
import { versusQueries } from '../versus/versus-queries.js';

const USAGE = `node dist/bench/footprint/profile-footprint.js [--turns N] [--bin PATH]

Where one peermem window's memory goes (after npm run bundle). Part 1: each large piece loaded
alone in a new node process (PGlite on a new data folder, the NLP library, the word vectors, the
token table, the MCP server's code), resident memory and V8's heap and external memory before and
after. Part 2: the bin on a new data folder with a probe preloaded in every thread
(memory-probe.js): process.memoryUsage() of the main thread and of the learning thread, and
PGlite's WebAssembly memory, idle after the first search, after --turns LoCoMo turns (default 300)
written, learned and searched, and 15 s later. Prints markdown tables.`;

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const PEERMEM_BIN = here('../../peermem/main.js');
const PROBE = here('./memory-probe.js');
const COMPONENT = here('./footprint-component.js');

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(0);

type Sample = {
  thread: string;
  at: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  wasmBytes: number;
};

const COMPONENTS = ['pglite', 'nlp', 'word-vectors', 'token-table', 'mcp-server'] as const;

/** Each piece alone, in a process of its own (footprint-component.js prints one JSON line). */
function componentTable(dataRoot: string): string {
  const rows = COMPONENTS.map((name, index) => {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', COMPONENT, name, join(dataRoot, `component-${index}`)],
      { encoding: 'utf8' },
    );
    const { before, after, ms } = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
      before: NodeJS.MemoryUsage;
      after: NodeJS.MemoryUsage & { wasmBytes: number };
      ms: number;
    };
    return `| ${name} | ${mb(after.rss - before.rss)} | ${mb(after.heapUsed - before.heapUsed)} | ${mb(after.external - before.external)} | ${after.wasmBytes ? mb(after.wasmBytes) : '-'} | ${Math.round(ms)} |`;
  });
  return [
    '| loaded alone in a new node process | resident: MB | V8 heap used: MB | external: MB | WebAssembly memory: MB | load: ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

type ProcessMemory = { rss: number; anonymous: number; wasmResident: number; files: number };

/**
 * Resident memory of the whole process from /proc: its anonymous part, the part of it that is
 * the mapping of PGlite's WebAssembly memory (the anonymous mapping of exactly its size: pages
 * PostgreSQL touched), and files mapped (node's own binary, libraries).
 */
function processMemory(pid: number, wasmBytes: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  let wasmResident = 0;
  let size = 0;
  let named = false;
  let files = 0;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(\S*)/.exec(line);
    if (mapping) {
      size = Number.parseInt(mapping[2] ?? '0', 16) - Number.parseInt(mapping[1] ?? '0', 16);
      named = (mapping[3] ?? '').startsWith('/');
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const bytes = Number(rss[1]) * 1024;
    if (named) files += bytes;
    else if (wasmBytes > 0 && size === wasmBytes) wasmResident += bytes;
  }
  return { rss: kb('VmRSS'), anonymous: kb('RssAnon'), wasmResident, files };
}

/** The last sample of each thread written since `since`. */
function lastSamples(file: string, since: number): Map<string, Sample> {
  const latest = new Map<string, Sample>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const sample = JSON.parse(line) as Sample;
    if (sample.at >= since)
      latest.set(sample.thread.startsWith('worker') ? 'learning thread' : 'main thread', sample);
  }
  return latest;
}

async function serverTable(dataRoot: string, bin: string, turns: number): Promise<string> {
  const probeFile = join(dataRoot, 'probe.jsonl');
  const locomo = await loadLocomo(LOCOMO_FILE);
  const batches = [...createLocomoText(locomo).plan.batches(turns, 1)];
  const questions = versusQueries(locomo.conversations, 20).map((query) => query.question);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', PROBE, bin, '--data-dir', join(dataRoot, 'server')],
    // The probe needs node's own command line, so the allocator setting the bin's shebang line
    // makes is given here.
    env: { ...getDefaultEnvironment(), PEERMEM_MEMORY_PROBE: probeFile, MALLOC_ARENA_MAX: '2' },
    stderr: 'pipe',
  });
  const client = await connectOverStdio(transport, 'peermem');
  const pid = transport.pid ?? Number.NaN;
  const phases: { name: string; process: ReturnType<typeof processMemory>; threads: Map<string, Sample> }[] =
    [];
  const read = async (name: string) => {
    // A fresh sample from every thread that lives.
    const since = Date.now();
    await new Promise((done) => setTimeout(done, 600));
    const threads = lastSamples(probeFile, since);
    phases.push({ name, process: processMemory(pid, threads.get('main thread')?.wasmBytes ?? 0), threads });
  };
  try {
    await callTool(client, 'search', { query: 'what did we decide about the trip?' });
    await new Promise((done) => setTimeout(done, 3000));
    await read('idle, 3 s after the first search');
    for (const batch of batches) await callTool(client, 'add_messages', { ...batch });
    await waitForLearning(client, 20 * 60_000);
    for (const question of questions) await callTool(client, 'search', { query: question, limit: 10 });
    await read(`after ${turns} turns written, learned and searched`);
    await new Promise((done) => setTimeout(done, 15_000));
    await read('15 s later, nothing asked');
  } finally {
    await client.close();
  }
  const cell = (sample: Sample | undefined, pick: (sample: Sample) => number) =>
    sample === undefined ? '-' : mb(pick(sample));
  const rows = phases.map(({ name, process, threads }) => {
    const main = threads.get('main thread');
    const worker = threads.get('learning thread');
    return `| ${name} | ${mb(process.rss)} | ${mb(process.files)} | ${mb(process.anonymous)} | ${mb(process.wasmResident)} of ${cell(main, (s) => s.wasmBytes)} | ${cell(main, (s) => s.heapUsed)} / ${cell(main, (s) => s.heapTotal)} | ${cell(main, (s) => s.external)} / ${cell(main, (s) => s.arrayBuffers)} | ${worker ? 'alive' : 'ended'} | ${cell(worker, (s) => s.heapUsed)} / ${cell(worker, (s) => s.heapTotal)} | ${cell(worker, (s) => s.external)} / ${cell(worker, (s) => s.arrayBuffers)} |`;
  });
  return [
    '| peermem bin, new data folder | resident: MB | of it files (node, libraries): MB | anonymous: MB | PGlite WebAssembly memory, resident of its size: MB | main thread heap used / total: MB | main external / array buffers: MB | learning thread | its heap used / total: MB | its external / array buffers: MB |',
    '|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...rows,
  ].join('\n');
}

async function main(): Promise<void> {
  const values = parseBenchFlags(
    process.argv.slice(2),
    { turns: { type: 'string' }, bin: { type: 'string' } },
    USAGE,
  );
  const turns = Number(values.turns ?? '300');
  if (!Number.isInteger(turns) || turns < 1) throw new Error(`--turns must be a positive integer\n${USAGE}`);
  const bin = values.bin === undefined ? PEERMEM_BIN : resolve(values.bin);
  const dataRoot = await mkdtemp(join(tmpdir(), 'peermem-profile-'));
  try {
    const started = new Date();
    const components = componentTable(dataRoot);
    const server = await serverTable(dataRoot, bin, turns);
    const cpu = cpus();
    console.log(
      [
        `${started.toISOString()} · node ${process.version} · ${cpu[0]?.model ?? 'unknown CPU'} · ${cpu.length} cores · load average ${loadavg()[0]?.toFixed(2)}`,
        '',
        components,
        '',
        server,
      ].join('\n'),
    );
  } finally {
    await rm(dataRoot, { recursive: true, force: true });
  }
}

await runScript(main);
