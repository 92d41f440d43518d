import { type Devnet, startDevnet } from '../../src/devnet/start-devnet.js';
import { runScript } from '../run-script.js';
import { formatFailures, formatTally, machineLine } from './fuzz-report.js';
import { runConcurrencyMode } from './run-concurrency-mode.js';
import { runCrashMode } from './run-crash-mode.js';
import { type FuzzReport, runFuzz } from './run-fuzz.js';
import { runLoadMode } from './run-load-mode.js';
import { readStressSettings, type StressMode, type StressSettings } from './stress-settings.js';
import { type OpenTarget, openStressTarget } from './stress-targets.js';

/**
 * `npm run bench:stress`: a fuzz run (the default), crash loops (--crash), concurrent writers
 * (--concurrency), a load run (--load). Progress goes to stderr; tables to stdout.
 */
async function main(): Promise<void> {
  let mode: StressMode;
  try {
    mode = readStressSettings(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  switch (mode.mode) {
    case 'fuzz':
      return fuzz(mode);
    case 'crash':
      return runCrashMode(mode);
    case 'concurrency':
      return runConcurrencyMode(mode);
    case 'load':
      return runLoadMode(mode);
  }
}

/**
 * The fuzz run: the properties of the fuzz tests (test/fuzz) with a far larger budget,
 * on every MCP tool in process and over stdio, every resource, and every gateway endpoint over
 * HTTP, on PGlite and on Postgres. Progress goes to stderr; the table and the failures to stdout.
 */
async function fuzz(settings: StressSettings): Promise<void> {
  const startedAt = new Date();
  let devnet: Promise<Devnet> | undefined;
  const reports: FuzzReport[] = [];
  const unavailable: string[] = [];
  for (const database of settings.databases) {
    for (const kind of settings.targets) {
      const label = `${kind} ${database}`;
      let opened: OpenTarget | undefined;
      try {
        console.error(`[stress] ${label}: up to ${settings.runs} cases, seed ${settings.seed} ...`);
        opened = await openStressTarget(kind, database, settings.timeoutMs, () => {
          devnet ??= startDevnet();
          return devnet;
        });
        reports.push(
          await runFuzz(opened.target, {
            seed: settings.seed,
            numRuns: settings.runs,
            durationMs: settings.durationMs,
            minimize: settings.minimize,
            minimizeMs: Math.max(settings.timeoutMs * 3, 30_000),
          }),
        );
      } catch (error) {
        // One target failing to start (say, no Postgres server) must not lose the others' counts.
        console.error(`[stress] ${label} could not run:`, error);
        unavailable.push(`${label}: ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await opened?.close().catch((error: Error) => console.error(`[stress] cleanup: ${error.message}`));
      }
    }
  }
  await (await devnet?.catch(() => undefined))?.stop();

  const failures = reports.filter((report) => report.failures.length > 0);
  console.log(
    [
      '## peermem bench:stress',
      '',
      `${machineLine(startedAt)} · seed ${settings.seed} · up to ${settings.runs} cases or ${settings.durationMs / 1000} s per target · a call over ${settings.timeoutMs} ms is a hang · run took ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s`,
      '',
      formatTally(reports),
      '',
      ...unavailable.map((line) => `- not run: ${line}`),
      failures.length === 0
        ? 'Every property held.'
        : `### Broken properties (replay: --seed ${settings.seed} with the same flags)\n\n${failures
            .map((report) => formatFailures(report.label, report.failures))
            .join('\n')}`,
    ].join('\n'),
  );
  if (failures.length > 0 || unavailable.length > 0) process.exitCode = 1;
}

await runScript(main);
