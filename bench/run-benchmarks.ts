import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type BenchSettings, readSettings } from './bench-settings.js';
import { type BenchStore, createPgliteStore, createPostgresStore } from './bench-stores.js';
import { benchmarkStore } from './benchmark-store.js';
import { loadLocomo } from './locomo/load-locomo.js';
import { LOCOMO_FILE } from './locomo/locomo-file.js';
import { createLocomoText, type RealText } from './locomo-plan.js';
import { formatReport, type StoreOutcome } from './results-table.js';
import { runScript } from './run-script.js';

/**
 * `npm run bench`: measures the MCP server over stdio on embedded PGlite and on a local
 * Postgres server, and prints one markdown table. Progress goes to stderr, the table to stdout.
 */
async function main(): Promise<void> {
  let settings: BenchSettings;
  try {
    settings = readSettings(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const started = performance.now();
  let locomo: Awaited<ReturnType<typeof loadLocomo>> | undefined;
  if (settings.text === 'real') {
    try {
      locomo = await loadLocomo(LOCOMO_FILE);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(2);
    }
  }
  const outcomes: StoreOutcome[] = [];
  for (const database of settings.databases)
    for (const learning of settings.learning) {
      const label = `${database === 'pglite' ? 'PGlite' : 'Postgres'}, learning ${learning ? 'on' : 'off'}`;
      let store: BenchStore | undefined;
      try {
        store = database === 'pglite' ? await createPgliteStore() : await createPostgresStore();
        // Each run reads the text from its start: every column gets the same messages and queries.
        const realText: RealText | undefined = locomo && createLocomoText(locomo);
        outcomes.push(await benchmarkStore(store, settings, { learning, realText }));
      } catch (error) {
        // One database failing (say, no Postgres server) must not lose the other's numbers.
        console.error(`[bench] ${label} failed:`, error);
        outcomes.push({ label, error: (error as Error).message.split('\n')[0] ?? 'failed' });
      } finally {
        await store?.dispose().catch((error: Error) => console.error(`[bench] cleanup: ${error.message}`));
      }
    }
  console.log(
    formatReport(settings, outcomes, { startedAt, elapsedMs: performance.now() - started, loadBefore }),
  );
  if (outcomes.some((outcome) => 'error' in outcome)) process.exitCode = 1;
}

await runScript(main);
