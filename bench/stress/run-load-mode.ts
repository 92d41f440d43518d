import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { devnetSettings } from '../../src/devnet/devnet-settings.js';
import { type Devnet, startDevnet } from '../../src/devnet/start-devnet.js';
import type { Database } from '../../src/engine/database/database.js';
import { createWalletFetch } from '../../test/support/wallet-fetch.js';
import { loadLocomo } from '../locomo/load-locomo.js';
import { LOCOMO_FILE } from '../locomo/locomo-file.js';
import { machineLine } from './fuzz-report.js';
import { type HttpServerProcess, startHttpServer } from './http-server-process.js';
import {
  gatewayLoadClient,
  LOAD_OPERATIONS,
  type LoadClient,
  loadText,
  mcpLoadClient,
} from './load-clients.js';
import {
  judgeMemory,
  type LoadReport,
  MIN_LATE_COLLECTIONS,
  percentile,
  rssPeaksMb,
  runLoad,
} from './load-run.js';
import type { LoadServer } from './stress-settings.js';
import { createStressStorage, type StressStorage } from './stress-storage.js';

const SERVER_ENTRY = fileURLToPath(new URL('../../src/main.js', import.meta.url));
/**
 * Above this slope a measure of the server's memory may be growing; it then counts as growing
 * only if the last quarter of the run also set a new peak. Between collections the heap of a busy
 * server saws by a hundred MB or more, so over a minute the slope alone swings both ways; a leak
 * also keeps raising the peaks. Applied to what full collections leave alive and to RSS outside
 * the JS heap (see judgeMemory), not to RSS itself, which V8's heap sizing raises for a while
 * with nothing retained.
 */
const FLAT_RSS_MB_PER_MINUTE = 2;

type LoadTarget = 'MCP HTTP' | 'gateway';
const TARGET_OF: Record<LoadServer, LoadTarget> = { 'mcp-http': 'MCP HTTP', gateway: 'gateway' };

/**
 * `bench:stress -- --load`: `clients` clients at once for `seconds`, against a `peermem mcp --http`
 * process (learning on) through real MCP clients, and against a `peermem serve` process paid on a
 * devnet, each on each database. Prints throughput, p50/p99 per operation, errors, and the
 * server's RSS over time; any error, or RSS that keeps growing, fails the run.
 */
export async function runLoadMode(settings: {
  seconds: number;
  clients: number;
  databases: readonly ('pglite' | 'postgres')[];
  servers: readonly LoadServer[];
}): Promise<void> {
  const startedAt = new Date();
  const loadAtStart = loadavg()[0] ?? 0;
  const locomo = await loadLocomo(LOCOMO_FILE);
  const texts = Array.from({ length: settings.clients }, (_, client) =>
    loadText(locomo.conversations, client),
  );
  const devnet = await startDevnet();
  const rows: {
    target: LoadTarget;
    database: string;
    report: LoadReport;
    stored: Awaited<ReturnType<typeof storedCounts>>;
  }[] = [];
  try {
    for (const database of settings.databases) {
      for (const target of settings.servers.map((server) => TARGET_OF[server])) {
        console.error(
          `[stress] load ${target} ${database}: ${settings.clients} clients, ${settings.seconds} s ...`,
        );
        const storage = await createStressStorage(database);
        try {
          const server = await startTarget(target, storage.args, devnet);
          // PGlite can be read only by the process that holds it; it has pgvector in any case.
          const vectors = database === 'postgres' ? storage.openDirect() : undefined;
          let report: LoadReport;
          try {
            const clients = await connectClients(target, server, devnet, texts);
            try {
              report = await runLoad(clients, settings.seconds * 1000, {
                rss: () => server.rss(),
                heap: () => server.heap(),
                ...(vectors !== undefined && (await vectorsInMemory(vectors))
                  ? { vectorBytes: () => storedVectorBytes(vectors) }
                  : {}),
              });
            } finally {
              await Promise.all(clients.map((client) => client.close().catch(() => {})));
            }
          } finally {
            await vectors?.close();
            await server.stop();
          }
          // Counted once the server is gone: a PGlite folder opens in one process at a time.
          rows.push({ target, database, report, stored: await storedCounts(storage) });
        } finally {
          await storage.remove();
        }
      }
    }
  } finally {
    await devnet.stop();
  }
  const judged = rows.map((row) => ({ ...row, memory: judgeMemory(row.report, FLAT_RSS_MB_PER_MINUTE) }));
  const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : (bytes / 2 ** 20).toFixed(0));
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));
  const broken = judged.filter((row) => row.report.errors > 0 || row.memory.growing);
  const slope = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} MB/min`);
  console.log(
    [
      '## peermem bench:stress --load',
      '',
      `${machineLine(startedAt)} · load average ${loadAtStart.toFixed(2)} at start · ${settings.clients} clients · ${settings.seconds} s per row · run took ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s`,
      '',
      `| target | database | calls | calls/s | errors | ${LOAD_OPERATIONS.map((op) => `${op} p50 / p99 ms`).join(' | ')} | messages stored | learning behind at the end: open / all tasks | vectors in memory, end MB | RSS start / peak / end MB | RSS slope, 2nd half | live heap after full GCs, first / last MB (GCs) | its slope, 2nd half | RSS outside the heap less vectors, start / end MB | its slope, 2nd half | flat |`,
      `| --- | --- | ---: | ---: | ---: | ${LOAD_OPERATIONS.map(() => '---:').join(' | ')} | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |`,
      ...judged.map(({ target, database, report: r, memory, stored }) => {
        const bytes = r.rss.map((s) => s.bytes);
        const { liveHeap, outsideHeap } = memory;
        return `| ${target} | ${database} | ${r.calls} | ${((r.calls * 1000) / r.elapsedMs).toFixed(1)} | ${r.errors} | ${LOAD_OPERATIONS.map(
          (op) => `${ms(percentile(r.latencies[op], 0.5))} / ${ms(percentile(r.latencies[op], 0.99))}`,
        ).join(
          ' | ',
        )} | ${stored.messages} | ${stored.openTasks} / ${stored.tasks} | ${memory.vectorBytes === undefined ? '–' : (memory.vectorBytes / 2 ** 20).toFixed(1)} | ${mb(bytes[0])} / ${mb(Math.max(...bytes))} / ${mb(bytes.at(-1))} | ${slope(memory.rss.slope)} | ${mb(liveHeap.firstBytes)} / ${mb(liveHeap.lastBytes)} (${liveHeap.collections}) | ${slope(liveHeap.slope)} | ${mb(outsideHeap.startBytes)} / ${mb(outsideHeap.endBytes)} | ${slope(outsideHeap.slope)} | ${memory.growing ? 'NO' : 'yes'} |`;
      }),
      '',
      ...judged
        .filter(({ report }) => report.firstError)
        .map(
          ({ target, database, report }) =>
            `- ${target}, ${database}, first error: ${report.firstError?.slice(0, 200)}`,
        ),
      'Peak RSS (MB) per 20 s of each row:',
      '',
      ...judged.map(
        ({ target, database, report }) =>
          `- ${target}, ${database}: ${rssPeaksMb(report.rss, 20_000).join(', ')}`,
      ),
      '',
      `Memory counts as growing when what full collections leave alive, or RSS outside the JS heap less the message vectors held in memory by design, rises by more than ${FLAT_RSS_MB_PER_MINUTE} MB/min over the second half and peaks in the last quarter (the live heap needs ${MIN_LATE_COLLECTIONS} full collections in the second half to be read; with fewer, RSS decides). Per row:`,
      '',
      ...judged.map(({ target, database, memory }) => `- ${target}, ${database}: ${memory.reason}`),
      '',
      broken.length === 0 ? 'No errors; memory flat.' : 'BROKEN: see the rows above.',
    ].join('\n'),
  );
  if (broken.length > 0) process.exitCode = 1;
}

/**
 * The server as its own process. The gateway gets the devnet's settings but not the payer's key,
 * and no rate limits: this run measures the server, and one wallet pays for every client.
 */
function startTarget(target: LoadTarget, storageArgs: string[], devnet: Devnet): Promise<HttpServerProcess> {
  if (target === 'MCP HTTP')
    return startHttpServer(SERVER_ENTRY, ['mcp', '--http', ...storageArgs], { traceGc: true });
  const env = Object.fromEntries(
    devnetSettings(devnet, '').filter(([key]) => key !== 'PEERMEM_PRIVATE_KEY' && key !== 'PEERMEM_UPSTREAM'),
  );
  return startHttpServer(
    SERVER_ENTRY,
    ['serve', ...storageArgs, '--rate-limit', '0', '--ip-rate-limit', '0'],
    {
      env,
      traceGc: true,
    },
  );
}

/**
 * Whether the server keeps message vectors in memory: as the engine decides (vector-search.ts),
 * where the database has no pgvector. The server has migrated it by now.
 */
async function vectorsInMemory(db: Database): Promise<boolean> {
  const [row] = await db.query<{ ready: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector')
            AND to_regclass('message_vectors') IS NOT NULL AS ready`,
  );
  return row?.ready !== true;
}

/**
 * The bytes of every stored message vector: what the server's in-memory copy holds as floats
 * once its searches have read them (it reads what is new at each search).
 */
async function storedVectorBytes(db: Database): Promise<number> {
  const [row] = await db.query<{ bytes: string }>(
    'SELECT coalesce(sum(octet_length(embedding)), 0)::text AS bytes FROM message_embeddings',
  );
  return Number(row?.bytes ?? 0);
}

/** What the run left in the store: messages, and the deriver's tasks still open (its backlog) of all queued. */
async function storedCounts(
  storage: StressStorage,
): Promise<{ messages: number; openTasks: number; tasks: number }> {
  const db = storage.openDirect();
  try {
    const [row] = await db.query<{ messages: number; open_tasks: number; tasks: number }>(
      `SELECT (SELECT count(*)::int FROM messages) AS messages,
              (SELECT count(*)::int FROM derivation_tasks WHERE status IN ('pending', 'in_progress')) AS open_tasks,
              (SELECT count(*)::int FROM derivation_tasks) AS tasks`,
    );
    return { messages: row?.messages ?? 0, openTasks: row?.open_tasks ?? 0, tasks: row?.tasks ?? 0 };
  } finally {
    await db.close();
  }
}

async function connectClients(
  target: LoadTarget,
  server: HttpServerProcess,
  devnet: Devnet,
  texts: ReturnType<typeof loadText>[],
): Promise<LoadClient[]> {
  if (target === 'MCP HTTP')
    return Promise.all(texts.map((text) => mcpLoadClient(`${server.url}/mcp`, text)));
  const wallet = createWalletFetch(devnet.payer.privateKey, {
    allowedAssets: [{ network: devnet.network, asset: devnet.usdc.address }],
  });
  return texts.map((text) => gatewayLoadClient(server.url, wallet, text));
}
