import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { openPglite } from '../../src/engine/database/open-pglite.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { loadLocomo } from '../locomo/load-locomo.js';
import { LOCOMO_FILE } from '../locomo/locomo-file.js';
import { summarize } from '../measure-latency.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';
import { versusQueries } from './versus-queries.js';

const USAGE = `node dist/bench/versus/time-search-statements.js --store PGDATA [--queries N]

Where a search's time goes, statement by statement, on one PGlite store (a data folder's pgdata,
for example one left by \`npm run bench:versus -- --keep\`): LoCoMo's questions (--queries,
default 200) searched whole, each statement run alone (the engine's concurrent statements wait for
one another here, so each is timed on its own). Prints the p50 / p95 of a search and, per
statement, its share of the time, its mean and its slowest run.`;

type Timing = { runs: number; totalMs: number; slowestMs: number };

async function main(): Promise<void> {
  const flags = parseBenchFlags(
    process.argv.slice(2),
    { store: { type: 'string' }, queries: { type: 'string' } },
    USAGE,
  );
  if (flags.store === undefined) throw new Error(USAGE);
  const database = await openPglite(resolve(flags.store));
  const timings = new Map<string, Timing>();
  let timing = false;
  let previous: Promise<unknown> = Promise.resolve();
  const timed: Database = {
    kind: database.kind,
    close: () => database.close(),
    async query(text, params) {
      // One statement at a time, so that a statement's time is its own and not its queue's.
      const before = previous;
      let done = () => {};
      previous = new Promise<void>((resolve) => {
        done = resolve;
      });
      await before;
      const started = performance.now();
      try {
        return await database.query(text, params);
      } finally {
        done();
        if (timing) record(timings, text, performance.now() - started);
      }
    },
  };
  try {
    const [row] = await database.query<{ id: string }>(
      'SELECT workspace_id AS id FROM messages GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
    );
    const engine = createEngine(timed, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    const memory = engine.memory(row?.id ?? 'default');
    const queries = versusQueries(
      (await loadLocomo(LOCOMO_FILE)).conversations,
      Number(flags.queries ?? 200),
    );
    for (const query of queries.slice(0, 10)) await memory.search({ query: query.question, limit: 10 });
    timing = true;
    const samples: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      await memory.search({ query: query.question, limit: 10 });
      samples.push(performance.now() - started);
    }
    const total = samples.reduce((sum, ms) => sum + ms, 0);
    const latency = summarize(samples, total);
    console.log(
      `${samples.length} whole questions: p50 / p95 ${latency.p50.toFixed(1)} / ${latency.p95.toFixed(1)} ms`,
    );
    console.log('');
    console.log('| statement (its start) | runs | share of search time | mean ms | slowest ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [statement, { runs, totalMs, slowestMs }] of [...timings].sort(
      (a, b) => b[1].totalMs - a[1].totalMs,
    )) {
      console.log(
        `| \`${statement}\` | ${runs} | ${((100 * totalMs) / total).toFixed(1)} % | ${(totalMs / runs).toFixed(2)} | ${slowestMs.toFixed(1)} |`,
      );
    }
  } finally {
    await database.close();
  }
}

/** Statements are told apart by their first words, which name what they read. */
function record(timings: Map<string, Timing>, text: string, ms: number): void {
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 60);
  const timing = timings.get(key) ?? { runs: 0, totalMs: 0, slowestMs: 0 };
  timing.runs += 1;
  timing.totalMs += ms;
  timing.slowestMs = Math.max(timing.slowestMs, ms);
  timings.set(key, timing);
}

await runScript(main);
