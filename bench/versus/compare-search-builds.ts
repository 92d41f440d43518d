import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../src/engine/database/database.js';
import { openPglite } from '../../src/engine/database/open-pglite.js';
import type { MemoryService } from '../../src/service/memory-service.js';
import { loadLocomo } from '../locomo/load-locomo.js';
import { LOCOMO_FILE } from '../locomo/locomo-file.js';
import { summarize } from '../measure-latency.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';
import { versusQueries } from './versus-queries.js';

const USAGE = `node dist/bench/versus/compare-search-builds.js --store PGDATA --before DIR [--queries N]

Search of two builds side by side on one PGlite store (a data folder's pgdata, for example one
left by \`npm run bench:versus -- --keep\`): this build, and the build compiled into DIR (\`npx tsc
-p tsconfig.build.json --outDir DIR\` on the commit before). Both engines share one database in
one process, and each LoCoMo question (--queries, default 200) and its keyword is searched by the
build before, then by this one, so that a busy machine's load falls on both alike. Prints p50 /
p95 ms, the statements each search ran, how many queries found different messages and, for whole
questions, recall: the share of those with evidence that found one of their evidence turns in the
10 results (a turn the store holds twice counts either way). --queries 2000 asks all of LoCoMo's.`;

const THIS_BUILD = fileURLToPath(new URL('../../', import.meta.url));

type EngineModules = {
  createEngine: typeof import('../../src/engine/create-engine.js').createEngine;
  createLearning: typeof import('../../src/engine/learning/create-learning.js').createLearning;
  OFFLINE_LEARNING: typeof import('../../src/engine/learning/create-learning.js').OFFLINE_LEARNING;
};

async function main(): Promise<void> {
  const flags = parseBenchFlags(
    process.argv.slice(2),
    { store: { type: 'string' }, before: { type: 'string' }, queries: { type: 'string' } },
    USAGE,
  );
  if (flags.store === undefined || flags.before === undefined) throw new Error(USAGE);
  const count = Number(flags.queries ?? 200);
  const database = await openPglite(resolve(flags.store));
  let statements = 0;
  const counted: Database = {
    kind: database.kind,
    close: () => database.close(),
    query(text, params) {
      statements += 1;
      return database.query(text, params);
    },
  };
  try {
    const [row] = await database.query<{ id: string }>(
      'SELECT workspace_id AS id FROM messages GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
    );
    const memories: MemoryService[] = [];
    for (const build of [resolve(flags.before), THIS_BUILD]) {
      const modules = await engineOf(build);
      const engine = modules.createEngine(counted, {
        learning: modules.createLearning(modules.OFFLINE_LEARNING),
        contextTokens: 8192,
        deriver: false,
      });
      memories.push(engine.memory(row?.id ?? 'default'));
    }
    const queries = versusQueries((await loadLocomo(LOCOMO_FILE)).conversations, count);
    for (const query of queries.slice(0, 10))
      for (const memory of memories) await memory.search({ query: query.question, limit: 10 });
    const lines = [
      '| search | before: p50 / p95 ms, statements | after | queries found differently | R@10 before / after |',
    ];
    lines.push('|---|---:|---:|---:|---:|');
    for (const form of ['whole question', 'one keyword'] as const) {
      const samples: number[][] = [[], []];
      const ran = [0, 0];
      let differ = 0;
      const recalled = [0, 0];
      let withEvidence = 0;
      for (const query of queries) {
        const text = form === 'whole question' ? query.question : query.keyword;
        if (text === null) continue;
        const found: string[] = [];
        const evidence = new Set(query.evidence);
        if (evidence.size > 0) withEvidence += 1;
        for (const [index, memory] of memories.entries()) {
          statements = 0;
          const started = performance.now();
          const { messages } = await memory.search({ query: text, limit: 10 });
          samples[index]?.push(performance.now() - started);
          ran[index] = (ran[index] ?? 0) + statements;
          found.push(messages.map((message) => message.id).join());
          if (messages.some((message) => evidence.has(message.content)))
            recalled[index] = (recalled[index] ?? 0) + 1;
        }
        if (found[0] !== found[1]) differ += 1;
      }
      const cell = (index: number) => {
        const latency = summarize(samples[index] ?? [], 0);
        const perSearch = (ran[index] ?? 0) / Math.max(1, latency.count);
        return `${latency.p50.toFixed(1)} / ${latency.p95.toFixed(1)}, ${perSearch.toFixed(1)}`;
      };
      const recall =
        form === 'whole question'
          ? recalled.map((hits) => `${((100 * hits) / Math.max(1, withEvidence)).toFixed(1)} %`).join(' / ')
          : '-';
      lines.push(
        `| ${form} | ${cell(0)} | ${cell(1)} | ${differ} of ${samples[0]?.length ?? 0} | ${recall} |`,
      );
    }
    console.log(lines.join('\n'));
  } finally {
    await database.close();
  }
}

/** The engine of a compiled build (a tsc output folder holding src/). */
async function engineOf(build: string): Promise<EngineModules> {
  const [{ createEngine }, { createLearning, OFFLINE_LEARNING }] = await Promise.all([
    import(resolve(build, 'src/engine/create-engine.js')),
    import(resolve(build, 'src/engine/learning/create-learning.js')),
  ]);
  return { createEngine, createLearning, OFFLINE_LEARNING };
}

await runScript(main);
