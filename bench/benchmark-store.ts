import type { BenchSettings } from './bench-settings.js';
import type { BenchStore } from './bench-stores.js';
import { createConversationPlan } from './conversation-plan.js';
import { countSearchMatches } from './count-search-matches.js';
import { generateSearchQuery } from './generate-text.js';
import type { Latency } from './measure-latency.js';
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
};

export type StoreResults = {
  label: BenchStore['label'];
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

const log = (message: string) => console.error(`[bench] ${message}`);

/**
 * Everything measured on one store, in an order that builds it up: start-ups while it is
 * empty, then writes (which also fill it to the first scale), reads, growth to the second
 * scale, reads again, start-ups of the full store, and what the search queries matched.
 */
export async function benchmarkStore(store: BenchStore, settings: BenchSettings): Promise<StoreResults> {
  const [small, large] = settings.scales;
  const queryRandom = createRandom(QUERY_SEED);
  const queries = Array.from({ length: QUERY_COUNT }, () => generateSearchQuery(queryRandom));
  const plan = createConversationPlan(createRandom(HISTORY_SEED));

  log(`${store.label}: start-up with a new store, then with the empty store`);
  const firstLaunch = await measureStartup(store.serverArgs, 1);
  const emptyStartup = await measureStartup(store.serverArgs, settings.startupLaunches);

  let server: StdioServer = await startStdioServer(store.serverArgs);
  try {
    log(`${store.label}: add_messages, one message per call`);
    const singleWrites = await measureSingleMessageWrites(
      server.client,
      createRandom(LIVE_SEED),
      settings.singleWrites,
    );
    const stored = settings.singleWrites.warmup + singleWrites.count;

    log(`${store.label}: add_messages, ${settings.batchSize} per call, up to ${small} messages`);
    const batchWrites = await seedThroughStdio(
      server.client,
      plan.batches(small - stored, settings.batchSize),
    );

    const reads: ScaleReads[] = [];
    const measureAt = async (messages: number) => {
      log(`${store.label}: reads at ${messages} messages`);
      const session = plan.largestSession();
      const latencies = await measureReads(server.client, { session: session.id, queries }, settings.reads);
      reads.push({ messages, session, latencies });
    };
    await measureAt(small);

    log(`${store.label}: growing the store by ${large - small} messages through ${settings.growVia}`);
    let growth: SeedResult;
    if (settings.growVia === 'stdio') {
      growth = await seedThroughStdio(server.client, plan.batches(large - small, settings.batchSize));
    } else {
      // The engine writes straight to the store, so no server may hold it meanwhile (PGlite
      // is single-process); a new server is started for the reads, as after a restart.
      await server.close();
      growth = await seedThroughEngine(store, plan.batches(large - small, settings.engineBatchSize));
      server = await startStdioServer(store.serverArgs);
    }
    await measureAt(large);
    await server.close();

    log(`${store.label}: start-up with ${large} messages`);
    const fullStartup = await measureStartup(store.serverArgs, settings.startupLaunches);
    const searchMatches = await countSearchMatches(store, queries);
    return {
      label: store.label,
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
