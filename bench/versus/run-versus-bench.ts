import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MessageBatch } from '../conversation-plan.js';
import { type Locomo, loadLocomo } from '../locomo/load-locomo.js';
import { LOCOMO_FILE } from '../locomo/locomo-file.js';
import { createLocomoText } from '../locomo-plan.js';
import { type Latency, measureLatency, summarize } from '../measure-latency.js';
import { learningPaths, peakRssMb, waitForLearning } from '../measure-learning.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';
import { callTool, type StdioServer, startStdioServer } from '../stdio-server.js';
import { formatVersusReport, type SearchOutcome } from './format-versus-report.js';
import { officialServerEntry, startOfficialServer } from './official-memory-server.js';
import { versusQueries } from './versus-queries.js';

const USAGE = `npm run bench:versus -- [--turns N] [--queries N] [--keep]

peermem beside the official MCP memory server (@modelcontextprotocol/server-memory) in one run,
both over stdio with the same MCP client: LoCoMo's turns written one per call (--turns, default
10000), then LoCoMo's questions searched (--queries, default 200), each as one keyword and as the
whole question. Prints one markdown table: writes, searches, store size, peak RSS. --keep leaves
the temporary folder with both stores in place and prints where it is (to profile a search on it).`;

const SEARCH_WARMUP = 5;
/** Learning 10,000 turns takes minutes on two busy cores; far longer means it is stuck. */
const LEARNING_TIMEOUT_MS = 60 * 60_000;

async function main(): Promise<void> {
  const flags = parseBenchFlags(
    process.argv.slice(2),
    { turns: { type: 'string' }, queries: { type: 'string' }, keep: { type: 'boolean' } },
    USAGE,
  );
  const turns = Number(flags.turns ?? 10_000);
  const queryCount = Number(flags.queries ?? 200);
  if (!Number.isInteger(turns) || turns < 1) throw new Error(`--turns must be a positive integer\n${USAGE}`);
  if (!Number.isInteger(queryCount) || queryCount < 1)
    throw new Error(`--queries must be a positive integer\n${USAGE}`);
  const locomo = await loadLocomo(LOCOMO_FILE);

  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const folder = await mkdtemp(join(tmpdir(), 'peermem-versus-'));
  const peermemData = join(folder, 'peermem');
  const officialFile = join(folder, 'memory.jsonl');
  let peermem: StdioServer | undefined;
  let official: StdioServer | undefined;
  try {
    peermem = await startStdioServer(['--data-dir', peermemData], { learning: true });
    official = await startOfficialServer(officialFile);
    const { client: peermemClient } = peermem;
    const { client: officialClient } = official;
    const writes = turnsOf(locomo, turns);

    progress(`writing ${turns} turns to the official server`);
    const officialWrites = await writeOfficial(official, writes);
    progress(`writing ${turns} turns to peermem`);
    const peermemWrites = await writePeermem(peermem, writes);
    progress('waiting for peermem to learn what it was given');
    const learningCatchUpMs = await waitForLearning(peermemClient, LEARNING_TIMEOUT_MS);
    const peermemPaths = await learningPaths(peermemClient);

    const queries = versusQueries(locomo.conversations, queryCount);
    const keywords = queries.flatMap((query) => (query.keyword === null ? [] : [query.keyword]));
    const questions = queries.map((query) => query.question);
    progress(`searching ${queries.length} questions, as keywords and whole`);
    const peermemSearch = (query: string) =>
      callTool(peermemClient, 'search', { query, limit: 10 }).then(
        (result) => (result.messages as unknown[]).length,
      );
    const officialSearch = (query: string) =>
      callTool(officialClient, 'search_nodes', { query }).then(
        (result) => (result.entities as unknown[]).length,
      );
    const peermemKeyword = await measureSearch(peermemSearch, keywords);
    const peermemQuestion = await measureSearch(peermemSearch, questions);
    const officialKeyword = await measureSearch(officialSearch, keywords);
    const officialQuestion = await measureSearch(officialSearch, questions);

    const report = formatVersusReport({
      startedAt,
      loadBefore,
      turns,
      officialVersion: officialServerEntry().version,
      peermemPaths,
      learningCatchUpMs,
      sampleKeywords: keywords.slice(0, 5),
      keywordlessQuestions: queries.length - keywords.length,
      peermem: {
        ...peermemWrites,
        keywordSearch: peermemKeyword,
        questionSearch: peermemQuestion,
        storeBytes: await bytesUnder(peermemData),
        peakRssMb: peakRssMb(peermem.pid),
      },
      official: {
        ...officialWrites,
        keywordSearch: officialKeyword,
        questionSearch: officialQuestion,
        storeBytes: (await stat(officialFile)).size,
        peakRssMb: peakRssMb(official.pid),
      },
    });
    console.log(report);
  } finally {
    await Promise.allSettled([peermem?.close(), official?.close()]);
    if (flags.keep) progress(`kept both stores in ${folder}`);
    else await rm(folder, { recursive: true, force: true });
  }
}

/** The first `count` LoCoMo turns in conversation order, one turn per write. */
function turnsOf(locomo: Locomo, count: number): MessageBatch[] {
  return [...createLocomoText(locomo).plan.batches(count, 1)];
}

type Writes = { writes: Latency; writeSeconds: number };

/** Each turn as add_messages of that one turn, to its LoCoMo session, by its speaker. */
function writePeermem(server: StdioServer, batches: readonly MessageBatch[]): Promise<Writes> {
  return timeWrites(batches, (batch) => callTool(server.client, 'add_messages', { ...batch }));
}

/**
 * Each turn as one observation of its speaker's entity, made when the speaker first speaks (that
 * call counts in the total time, not among the per-turn samples).
 */
function writeOfficial(server: StdioServer, batches: readonly MessageBatch[]): Promise<Writes> {
  const entities = new Set<string>();
  return timeWrites(
    batches,
    (batch) =>
      callTool(server.client, 'add_observations', {
        observations: batch.messages.map((message) => ({
          entityName: message.peer,
          contents: [`[${message.created_at}] ${message.content}`],
        })),
      }),
    async (batch) => {
      const speakers = batch.messages.map((message) => message.peer).filter((peer) => !entities.has(peer));
      if (speakers.length === 0) return;
      await callTool(server.client, 'create_entities', {
        entities: speakers.map((name) => ({ name, entityType: 'person', observations: [] })),
      });
      for (const name of speakers) entities.add(name);
    },
  );
}

/** Writes every batch in order, one call after another, timing each call and the whole. */
async function timeWrites(
  batches: readonly MessageBatch[],
  write: (batch: MessageBatch) => Promise<unknown>,
  prepare?: (batch: MessageBatch) => Promise<void>,
): Promise<Writes> {
  const samples: number[] = [];
  const started = performance.now();
  for (const [index, batch] of batches.entries()) {
    await prepare?.(batch);
    const before = performance.now();
    await write(batch);
    samples.push(performance.now() - before);
    if ((index + 1) % 1000 === 0) progress(`  ${index + 1} turns`);
  }
  const totalMs = performance.now() - started;
  return { writes: summarize(samples, totalMs), writeSeconds: totalMs / 1000 };
}

/** One call per query, after a few warm-up calls; the result counts are those of the measured calls. */
async function measureSearch(
  search: (query: string) => Promise<number>,
  queries: readonly string[],
): Promise<SearchOutcome> {
  const results: number[] = [];
  const latency = await measureLatency(
    async (index) => {
      const count = await search(queries[(index - SEARCH_WARMUP + queries.length) % queries.length] ?? '');
      if (index >= SEARCH_WARMUP) results.push(count);
    },
    { warmup: SEARCH_WARMUP, iterations: queries.length, timeLimitMs: 30 * 60_000 },
  );
  return { latency, results };
}

/** The size of every file under a folder, in bytes. */
async function bytesUnder(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => (await stat(join(entry.parentPath, entry.name))).size),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

function progress(message: string): void {
  console.error(`[versus] ${message}`);
}

await runScript(main);
