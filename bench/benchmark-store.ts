import type { BenchSettings } from './bench-settings.js';
import type { BenchStore } from './bench-stores.js';
import { createConversationPlan } from './conversation-plan.js';
import { countSearchMatches } from './count-search-matches.js';
import { generateMessageText, generateSearchQuery } from './generate-text.js';
import type { RealText } from './locomo-plan.js';
import type { Latency } from './measure-latency.js';
import { learningPaths, measureLag, measureWrites, peakRssMb, waitForLearning } from './measure-learning.js';
import { measureReads, type ReadLatencies } from './measure-reads.js';
import { measureStartup, type StartupTimes } from './measure-startup.js';
import { measureSingleMessageWrites } from './measure-writes.js';
import { createRandom } from './random.js';
import { type SeedResult, seedThroughEngine, seedThroughStdio } from './seed-messages.js';
import { type StdioServer, startStdioServer } from './stdio-server.js';

/** Fixed seeds: every run and both databases get the same text and the same queries. */
const HISTORY_SEED = 20_250_106;
const LIVE_SEED = 7;
const QUERY_SEED = 42;
const QUERY_COUNT = 10;

type ScaleReads = {
  messages: number;
  session: { id: string; messages: number };
  latencies: ReadLatencies;
  /** With learning on: how long after the writes the deriver had learned everything. */
  catchUpMs?: number;
};

/** What only a server that learns is measured for. */
type LearningResults = {
  paths: string;
  /** add_messages while the deriver works through the import's backlog. */
  busy: { one: Latency; ten: Latency };
  /** The same once it has caught up. */
  idle: { one: Latency; ten: Latency };
  /** A single-turn write to its task learned, median. */
  lagMs: number;
};

export type StoreResults = {
  label: string;
  learning?: LearningResults;
  /** The server's peak resident memory over the run's main server, MB. */
  peakRssMb: number;
  firstLaunch: StartupTimes;
  emptyStartup: StartupTimes;
  singleWrites: Latency;
  batchWrites: SeedResult;
  growth: SeedResult & { via: BenchSettings['growVia'] };
  reads: ScaleReads[];
  fullStartup: StartupTimes;
  queries: readonly string[];
  /** Messages an average query matches at the second scale. */
  searchMatches: number;
};

/**
 * Everything measured on one store, in an order that builds it up: start-ups while it is
 * empty, then writes (which also fill it to the first scale), reads, growth to the second
 * scale, reads again, start-ups of the full store, and what the search queries matched.
 */
export async function benchmarkStore(
  store: BenchStore,
  settings: BenchSettings,
  options: { learning: boolean; realText: RealText | undefined },
): Promise<StoreResults> {
  const [small, large] = settings.scales;
  const { learning, realText } = options;
  const label = `${store.label}, learning ${learning ? 'on' : 'off'}`;
  const queryRandom = createRandom(QUERY_SEED);
  const queries =
    realText?.queries ?? Array.from({ length: QUERY_COUNT }, () => generateSearchQuery(queryRandom));
  const plan = realText?.plan ?? createConversationPlan(createRandom(HISTORY_SEED));
  const liveRandom = createRandom(LIVE_SEED);
  const nextTurn = realText?.nextTurn ?? (() => generateMessageText(liveRandom));
  const launch = { learning };
  const log = (message: string) => console.error(`[bench] ${label}: ${message}`);
  // Learning a large store takes minutes on two cores: generous, but not unbounded.
  const catchUpLimitMs = Math.max(600_000, large * 20);

  log('start-up with a new store, then with the empty store');
  const firstLaunch = await measureStartup(store.serverArgs, 1, launch);
  const emptyStartup = await measureStartup(store.serverArgs, settings.startupLaunches, launch);

  let server: StdioServer = await startStdioServer(store.serverArgs, launch);
  let peakRss = 0;
  const notePeak = () => {
    peakRss = Math.max(peakRss, peakRssMb(server.pid));
  };
  try {
    log('add_messages, one message per call');
    const singleWrites = await measureSingleMessageWrites(server.client, nextTurn, settings.singleWrites);
    const stored = settings.singleWrites.warmup + singleWrites.count;

    log(
      `add_messages, up to ${settings.batchSize} per call (a session per call with real text), up to ${small} messages`,
    );
    const batchWrites = await seedThroughStdio(
      server.client,
      plan.batches(small - stored, settings.batchSize),
    );

    let learned: LearningResults | undefined;
    if (learning) {
      log('add_messages of 1 and 10 messages while the deriver learns the import');
      const busy = {
        one: await measureWrites(server.client, nextTurn, 1, settings.liveWrites),
        ten: await measureWrites(server.client, nextTurn, 10, settings.liveWrites),
      };
      log('waiting for learning to catch up');
      await waitForLearning(server.client, catchUpLimitMs);
      const idle = {
        one: await measureWrites(server.client, nextTurn, 1, settings.liveWrites),
        ten: await measureWrites(server.client, nextTurn, 10, settings.liveWrites),
      };
      await waitForLearning(server.client, catchUpLimitMs);
      log('deriver lag');
      const lagMs = await measureLag(server.client, nextTurn, 5);
      learned = { paths: await learningPaths(server.client), busy, idle, lagMs };
    }

    const reads: ScaleReads[] = [];
    const measureAt = async (messages: number) => {
      const catchUpMs = learning ? await waitForLearning(server.client, catchUpLimitMs) : undefined;
      log(`reads at ${messages} messages`);
      const session = plan.largestSession();
      const latencies = await measureReads(server.client, { session: session.id, queries }, settings.reads);
      notePeak();
      reads.push({ messages, session, latencies, ...(catchUpMs === undefined ? {} : { catchUpMs }) });
    };
    await measureAt(small);

    log(`growing the store by ${large - small} messages through ${settings.growVia}`);
    let growth: SeedResult;
    if (settings.growVia === 'stdio') {
      growth = await seedThroughStdio(server.client, plan.batches(large - small, settings.batchSize));
    } else {
      // The engine writes straight to the store, so no server may hold it meanwhile (PGlite
      // is single-process); a new server is started for the reads, as after a restart.
      await server.close();
      growth = await seedThroughEngine(store, plan.batches(large - small, settings.engineBatchSize));
      server = await startStdioServer(store.serverArgs, launch);
    }
    await measureAt(large);
    notePeak();
    await server.close();

    log(`start-up with ${large} messages`);
    const fullStartup = await measureStartup(store.serverArgs, settings.startupLaunches, launch);
    const searchMatches = await countSearchMatches(store, queries);
    return {
      label,
      ...(learned ? { learning: learned } : {}),
      peakRssMb: peakRss,
      firstLaunch,
      emptyStartup,
      singleWrites,
      batchWrites,
      growth: { ...growth, via: settings.growVia },
      reads,
      fullStartup,
      queries,
      searchMatches,
    };
  } finally {
    await server.close();
  }
}
