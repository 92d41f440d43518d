import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { readLines } from '../../src/cli/read-export-lines.js';
import { createEngine, DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { exportWorkspaces } from '../../src/engine/export/export-workspaces.js';
import { restoreExport } from '../../src/engine/export/restore-export.js';
import { createLearning } from '../../src/engine/learning/create-learning.js';
import { LIMITS } from '../../src/schemas/limits.js';
import { generateMessageText } from '../generate-text.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { createRandom } from '../random.js';
import { runScript } from '../run-script.js';
import { machineLine } from '../stress/fuzz-report.js';
import { workspaceDigests } from './workspace-rows.js';

const USAGE = `npm run bench:export -- [--messages N] [--learned N]

A round trip of one workspace through the export file: --messages (default 100,000) written to
a PGlite data folder in sessions of 1,000, of which the first --learned (default 2,000) learned
by the offline deriver (observations, cards, summaries) and the rest left queued; exported to a
file, imported into a fresh Postgres database, imported again (nothing changes), exported from
Postgres and imported into a fresh PGlite folder. Every table is compared row by row (a count
and an MD5 of the rows) with the original. Reports the time, file size and peak memory of each
step (peak JS heap: what would grow if a step held the file). Postgres: PEERMEM_BENCH_POSTGRES_SERVER (default postgres://postgres@127.0.0.1:5432).`;

const WORKSPACE = 'export-bench';
const SESSION_MESSAGES = 1000;
const POSTGRES_SERVER = process.env.PEERMEM_BENCH_POSTGRES_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const POSTGRES_DATABASE = 'peermem_bench_export';

/**
 * The time of `step` and the peak of the JS heap while it runs, sampled every 50 ms: what grows
 * if a step held the workspace or the file (PGlite's own memory is outside the heap).
 */
async function measured<T>(step: () => Promise<T>): Promise<{ value: T; ms: number; peakMb: number }> {
  global.gc?.();
  let peak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  const started = performance.now();
  try {
    const value = await step();
    return { value, ms: performance.now() - started, peakMb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(sampler);
  }
}

async function exportToFile(db: Database, file: string): Promise<number> {
  const out = createWriteStream(file);
  for await (const chunk of exportWorkspaces(db, [WORKSPACE]))
    if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return (await stat(file)).size;
}

async function seed(db: Database, messages: number, learned: number): Promise<void> {
  const engine = createEngine(db, {
    learning: createLearning({
      reasoner: { kind: 'offline' },
      embeddings: { kind: 'offline' },
      summaryEvery: 20,
    }),
    contextTokens: 8192,
    // Drained by hand once the first messages are written: the rest stay queued.
    deriver: { ...DEFAULT_DERIVER, pollMs: 3_600_000 },
  });
  const memory = engine.memory(WORKSPACE);
  const random = createRandom(20_260_101);
  const peers = ['ada', 'grace', 'linus', 'margaret'];
  const start = Date.UTC(2025, 0, 1);
  for (let written = 0; written < messages; ) {
    const count = Math.min(LIMITS.messagesPerCall, messages - written);
    await memory.addMessages({
      session: `session-${Math.floor(written / SESSION_MESSAGES)}`,
      messages: Array.from({ length: count }, (_, i) => ({
        peer: random.pick(peers),
        content: generateMessageText(random),
        created_at: new Date(start + (written + i) * 61_001).toISOString(),
        ...(random.next() < 0.3 ? { metadata: { source: 'bench', n: written + i } } : {}),
      })),
    });
    written += count;
    if (written === learned) await engine.deriver?.drain();
    if (written % 10_000 === 0) console.error(`[export] wrote ${written.toLocaleString('en-US')} messages`);
  }
  await engine.stop();
}

async function freshPostgres(): Promise<string> {
  const admin = postgres(`${POSTGRES_SERVER}/postgres`, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${POSTGRES_DATABASE} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${POSTGRES_DATABASE}`);
  } finally {
    await admin.end();
  }
  return `${POSTGRES_SERVER}/${POSTGRES_DATABASE}`;
}

async function main(): Promise<void> {
  let flags: { messages?: string; learned?: string };
  try {
    flags = parseBenchFlags(
      process.argv.slice(2),
      { messages: { type: 'string' }, learned: { type: 'string' } },
      USAGE,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const messages = Number(flags.messages ?? 100_000);
  const learned = Math.min(messages, Number(flags.learned ?? 2_000));
  const startedAt = new Date();
  const folder = await mkdtemp(join(tmpdir(), 'peermem-export-bench-'));
  const [sourceFile, roundFile] = [join(folder, 'pglite.jsonl'), join(folder, 'postgres.jsonl')];
  const source = openDatabase({ kind: 'pglite', dataDir: join(folder, 'source') });
  const target = openDatabase({ kind: 'postgres', url: await freshPostgres() });
  const back = openDatabase({ kind: 'pglite', dataDir: join(folder, 'back') });
  try {
    console.error(
      `[export] writing ${messages.toLocaleString('en-US')} messages, learning from ${learned.toLocaleString('en-US')}`,
    );
    const seeded = await measured(() => seed(source, messages, learned));
    await target.query('SELECT 1');
    await back.query('SELECT 1');
    const original = await workspaceDigests(source, WORKSPACE);
    console.error('[export] exporting from PGlite');
    const exported = await measured(() => exportToFile(source, sourceFile));
    console.error('[export] importing into Postgres');
    const imported = await measured(() => restoreExport(target, readLines(sourceFile)));
    const again = await measured(() => restoreExport(target, readLines(sourceFile)));
    console.error('[export] exporting from Postgres, importing into PGlite');
    const exportedBack = await measured(() => exportToFile(target, roundFile));
    const importedBack = await measured(() => restoreExport(back, readLines(roundFile)));
    const [onPostgres, onPglite] = [
      await workspaceDigests(target, WORKSPACE),
      await workspaceDigests(back, WORKSPACE),
    ];

    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const rows = [
      ['write the workspace (add_messages, learning)', seconds(seeded.ms), '', `${seeded.peakMb} MB`],
      ['export from PGlite', seconds(exported.ms), mb(exported.value), `${exported.peakMb} MB`],
      [
        'import into Postgres',
        seconds(imported.ms),
        `${imported.value.changed.toLocaleString('en-US')} rows written`,
        `${imported.peakMb} MB`,
      ],
      [
        'import again (no change)',
        seconds(again.ms),
        `${again.value.changed} rows written`,
        `${again.peakMb} MB`,
      ],
      ['export from Postgres', seconds(exportedBack.ms), mb(exportedBack.value), `${exportedBack.peakMb} MB`],
      [
        'import into a new PGlite',
        seconds(importedBack.ms),
        `${importedBack.value.changed.toLocaleString('en-US')} rows written`,
        `${importedBack.peakMb} MB`,
      ],
    ];
    const tables = Object.entries(original).map(([table, digest]) => {
      const same = (other: typeof onPostgres) =>
        other[table]?.md5 === digest.md5 && other[table]?.rows === digest.rows;
      return [
        table,
        digest.rows.toLocaleString('en-US'),
        same(onPostgres) ? 'equal' : 'DIFFERENT',
        same(onPglite) ? 'equal' : 'DIFFERENT',
      ];
    });
    const compared = Object.values(original).reduce((sum, digest) => sum + digest.rows, 0);
    const table = (header: string[], body: string[][]) =>
      [
        `| ${header.join(' | ')} |`,
        `| ${header.map(() => '---').join(' | ')} |`,
        ...body.map((row) => `| ${row.join(' | ')} |`),
      ].join('\n');
    console.log(
      [
        '## peermem bench:export',
        '',
        `${machineLine(startedAt)} · ${messages.toLocaleString('en-US')} messages, ${learned.toLocaleString('en-US')} learned from`,
        '',
        table(['step', 'time', 'size or rows', 'peak JS heap'], rows),
        '',
        `${compared.toLocaleString('en-US')} rows compared in ${tables.length} tables; the files of both exports are ${exported.value === exportedBack.value ? 'the same size' : 'of different sizes'}.`,
        '',
        table(['table', 'rows', 'Postgres', 'PGlite again'], tables),
      ].join('\n'),
    );
    if (tables.some((row) => row.includes('DIFFERENT'))) process.exitCode = 1;
  } finally {
    await source.close();
    await target.close();
    await back.close();
    await rm(folder, { recursive: true, force: true });
  }
}

await runScript(main);
