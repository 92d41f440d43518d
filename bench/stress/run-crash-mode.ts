import { fileURLToPath } from 'node:url';
import { createRandom } from '../random.js';
import {
  type CrashOptions,
  type CrashReport,
  crashOwners,
  crashServers,
  crashWorkers,
} from './crash-loop.js';
import { machineLine } from './fuzz-report.js';
import type { CrashKind } from './stress-settings.js';
import { createStressStorage } from './stress-storage.js';

/** dist/src/main.js beside this file's dist/bench/stress/. */
const SERVER_ENTRY = fileURLToPath(new URL('../../src/main.js', import.meta.url));

export type CrashSettings = {
  kinds: readonly CrashKind[];
  rounds: number;
  databases: readonly ('pglite' | 'postgres')[];
  seed: number;
  drainMs: number;
};

const LOOPS: Record<
  CrashKind,
  (storage: Parameters<typeof crashServers>[0], options: CrashOptions) => Promise<CrashReport>
> = {
  server: crashServers,
  worker: crashWorkers,
  takeover: crashOwners,
};

/** `bench:stress -- --crash ...`: each loop on each database; prints one table row per loop. */
export async function runCrashMode(settings: CrashSettings): Promise<void> {
  const startedAt = new Date();
  const random = createRandom(settings.seed);
  const reports: CrashReport[] = [];
  const failed: string[] = [];
  for (const database of settings.databases) {
    for (const kind of settings.kinds) {
      // Two servers on one folder is a PGlite matter: on Postgres each has its own pool.
      if (kind === 'takeover' && database === 'postgres') continue;
      const label = `${kind} ${database}`;
      console.error(`[stress] crash ${label}: ${settings.rounds} rounds, seed ${settings.seed} ...`);
      const storage = await createStressStorage(database);
      try {
        reports.push(
          await LOOPS[kind](storage, {
            entry: SERVER_ENTRY,
            rounds: settings.rounds,
            random: random.next,
            drainMs: settings.drainMs,
            progress: (line) => console.error(`[stress] ${label} ${line}`),
          }),
        );
      } catch (error) {
        console.error(`[stress] ${label} could not finish:`, error);
        failed.push(`${label}: ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await storage.remove().catch((error: Error) => console.error(`[stress] cleanup: ${error.message}`));
      }
    }
  }
  const broken = reports.filter(
    (r) =>
      r.losses > 0 ||
      r.failedOpens > 0 ||
      r.learned.duplicateFacts + r.learned.doubleCitations + r.learned.learnedTwice > 0 ||
      r.learned.unlearned + r.learned.open + r.learned.failed > 0,
  );
  console.log(
    [
      '## peermem bench:stress --crash',
      '',
      `${machineLine(startedAt)} · seed ${settings.seed} · ${settings.rounds} rounds per loop · run took ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s`,
      '',
      '| loop | database | crashes | tries | acknowledged msgs | refused | cut by the kill | failed opens | lost | facts twice | msgs learned twice | unlearned / open / failed tasks | observations | drained after |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
      ...reports.map((r) =>
        [
          '',
          r.kind,
          r.database === 'pglite' ? 'PGlite' : 'Postgres',
          r.crashes,
          r.tries,
          r.acknowledged,
          r.refusals,
          r.cut,
          r.failedOpens,
          r.losses,
          r.learned.duplicateFacts + r.learned.doubleCitations,
          r.learned.learnedTwice,
          `${r.learned.unlearned} / ${r.learned.open} / ${r.learned.failed}`,
          r.learned.observations,
          `${(r.drainedMs / 1000).toFixed(1)} s`,
          '',
        ]
          .join(' | ')
          .trim(),
      ),
      '',
      ...failed.map((line) => `- did not finish: ${line}`),
      broken.length > 0
        ? 'LOSSES OR DUPLICATES: see the rows above.'
        : failed.length > 0
          ? 'No loss or duplicate in the loops that finished.'
          : 'No loss, every message learned once.',
    ].join('\n'),
  );
  if (broken.length > 0 || failed.length > 0) process.exitCode = 1;
}
