import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devnetSettings } from '../../src/devnet/devnet-settings.js';
import { type Devnet, startDevnet } from '../../src/devnet/start-devnet.js';
import { createWalletFetch } from '../../src/wallet/create-wallet-fetch.js';
import { loadLocomo } from '../locomo/load-locomo.js';
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
  type LoadReport,
  newPeakInLastQuarter,
  percentile,
  rssPeaksMb,
  rssSlopeMbPerMinute,
  runLoad,
} from './load-run.js';
import { createStressStorage } from './stress-storage.js';

const SERVER_ENTRY = fileURLToPath(new URL('../../src/main.js', import.meta.url));
/** LoCoMo beside the project (dist/bench/stress/ is three levels below it), unless LOCOMO_PATH says where. */
const LOCOMO_FILE =
  process.env.LOCOMO_PATH ??
  resolve(fileURLToPath(new URL('../../../', import.meta.url)), '../shared/bench/locomo10.json');
/**
 * Above this slope the server's memory may be growing; it then counts as growing only if the last
 * quarter of the run also set a new peak. Between collections the heap of a busy server saws by a
 * hundred MB or more, so over a minute the slope alone swings both ways; a leak also keeps
 * raising the peaks.
 */
const FLAT_RSS_MB_PER_MINUTE = 2;

type LoadTarget = 'MCP HTTP' | 'gateway';

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
}): Promise<void> {
  const startedAt = new Date();
  const loadAtStart = loadavg()[0] ?? 0;
  const locomo = await loadLocomo(LOCOMO_FILE);
  const texts = Array.from({ length: settings.clients }, (_, client) =>
    loadText(locomo.conversations, client),
  );
  const devnet = await startDevnet();
  const rows: { target: LoadTarget; database: string; report: LoadReport }[] = [];
  try {
    for (const database of settings.databases) {
      for (const target of ['MCP HTTP', 'gateway'] as const) {
        console.error(
          `[stress] load ${target} ${database}: ${settings.clients} clients, ${settings.seconds} s ...`,
        );
        const storage = await createStressStorage(database);
        try {
          const server = await startTarget(target, storage.args, devnet);
          try {
            const clients = await connectClients(target, server, devnet, texts);
            try {
              rows.push({
                target,
                database,
                report: await runLoad(clients, settings.seconds * 1000, () => server.rss()),
              });
            } finally {
              await Promise.all(clients.map((client) => client.close().catch(() => {})));
            }
          } finally {
            await server.stop();
          }
        } finally {
          await storage.remove();
        }
      }
    }
  } finally {
    await devnet.stop();
  }
  const judged = rows.map((row) => {
    const slope = rssSlopeMbPerMinute(row.report.rss, row.report.elapsedMs);
    const risingPeak = newPeakInLastQuarter(row.report.rss, row.report.elapsedMs);
    return { ...row, slope, flat: slope < FLAT_RSS_MB_PER_MINUTE || !risingPeak };
  });
  const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : (bytes / 2 ** 20).toFixed(0));
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));
  const broken = judged.filter((row) => row.report.errors > 0 || !row.flat);
  console.log(
    [
      '## peermem bench:stress --load',
      '',
      `${machineLine(startedAt)} · load average ${loadAtStart.toFixed(2)} at start · ${settings.clients} clients · ${settings.seconds} s per row · run took ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s`,
      '',
      `| target | database | calls | calls/s | errors | ${LOAD_OPERATIONS.map((op) => `${op} p50 / p99 ms`).join(' | ')} | RSS start / peak / end MB | RSS slope, 2nd half | flat (slope < ${FLAT_RSS_MB_PER_MINUTE} MB/min or no new peak in the last quarter) |`,
      `| --- | --- | ---: | ---: | ---: | ${LOAD_OPERATIONS.map(() => '---:').join(' | ')} | ---: | ---: | --- |`,
      ...judged.map(({ target, database, report: r, slope, flat }) => {
        const bytes = r.rss.map((s) => s.bytes);
        return `| ${target} | ${database} | ${r.calls} | ${((r.calls * 1000) / r.elapsedMs).toFixed(1)} | ${r.errors} | ${LOAD_OPERATIONS.map(
          (op) => `${ms(percentile(r.latencies[op], 0.5))} / ${ms(percentile(r.latencies[op], 0.99))}`,
        ).join(
          ' | ',
        )} | ${mb(bytes[0])} / ${mb(Math.max(...bytes))} / ${mb(bytes.at(-1))} | ${slope.toFixed(2)} MB/min | ${flat ? 'yes' : 'NO'} |`;
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
  if (target === 'MCP HTTP') return startHttpServer(SERVER_ENTRY, ['mcp', '--http', ...storageArgs]);
  const env = Object.fromEntries(
    devnetSettings(devnet, '').filter(([key]) => key !== 'PEERMEM_PRIVATE_KEY' && key !== 'PEERMEM_UPSTREAM'),
  );
  return startHttpServer(
    SERVER_ENTRY,
    ['serve', ...storageArgs, '--rate-limit', '0', '--ip-rate-limit', '0'],
    env,
  );
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
