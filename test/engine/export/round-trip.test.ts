import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORED_TABLES, rowVersions, workspaceRows } from '../../../bench/export/workspace-rows.js';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { openDatabase } from '../../../src/engine/database/open-database.js';
import { exportWorkspaces } from '../../../src/engine/export/export-workspaces.js';
import { restoreExport } from '../../../src/engine/export/restore-export.js';
import { recordWorkspaceFolder } from '../../../src/engine/export/workspace-folders.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { LIMITS } from '../../../src/schemas/limits.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

const EXPORTED_AT = new Date('2026-01-02T03:04:05.678Z');
/** Enough messages for several batches of the restore (1,000 records each). */
const BULK_MESSAGES = 2_300;

async function exportText(db: Database, workspaces: string[]): Promise<string> {
  let text = '';
  for await (const chunk of exportWorkspaces(db, workspaces, { exportedAt: EXPORTED_AT })) text += chunk;
  return text;
}

async function* linesOf(text: string): AsyncGenerator<string> {
  yield* text.split('\n');
}

/**
 * A workspace with something in every table an export restores: messages at equal and
 * sub-millisecond times with metadata, what the offline deriver learned from them (observations
 * with their sources, cards, summaries, a message it could not learn from), and what is left for
 * it (pending and failed tasks), plus what only the platform and the deriver's history set.
 */
async function seed(learner: Engine, writer: Engine, db: Database, workspace: string): Promise<void> {
  let memory = learner.memory(workspace);
  await memory.addMessages({
    session: 'intro',
    messages: [
      {
        peer: 'Ada',
        content: 'I moved from Sweden four years ago. I work as a nurse at the city hospital.',
        created_at: '2023-05-08T13:56:00.123Z',
        metadata: { channel: 'web', tags: ['first', 'intro'], nested: { score: 0.5 } },
      },
      { peer: 'bot', content: 'That sounds like a big change!', created_at: '2023-05-08T13:56:00.123Z' },
      {
        peer: 'Ada',
        content: 'My sister Lena lives in Oslo and she plays the cello.',
        created_at: '2023-05-08T13:58:00Z',
      },
      { peer: 'Ada', content: 'I live in Malmö now, close to the sea.', created_at: '2023-05-09T08:00:00Z' },
      {
        peer: 'Ada',
        content: 'Je suis allée au marché ce matin avec ma sœur et nous avons acheté des pommes.',
        created_at: '2023-05-09T08:01:00Z',
      },
    ],
  });
  await memory.addMessages({
    session: 'work',
    messages: [
      {
        peer: 'Ada',
        content: 'I started a new job as a midwife last month.',
        created_at: '2023-06-01T09:00:00Z',
      },
      { peer: 'Grace', content: 'Congratulations on the new job, Ada!', created_at: '2023-06-01T09:01:00Z' },
    ],
  });
  await memory.setPeerCard({ peer: 'bot', target: 'Ada', card: ['Name: Ada', 'Works as a midwife'] });
  await learner.deriver?.drain();
  await learner.stop();
  // Written after learning, by an engine that does not learn, so they are still queued when exported.
  memory = writer.memory(workspace);
  await memory.addMessages({
    session: 'work',
    messages: [
      { peer: 'Ada', content: 'My favourite food is cardamom buns.', created_at: '2023-06-02T10:00:00Z' },
    ],
  });
  await memory.addMessages({
    session: 'bulk',
    messages: [{ peer: 'Grace', content: 'The first of many.', created_at: '2023-07-01T00:00:00Z' }],
  });
  for (let start = 1; start < BULK_MESSAGES; start += LIMITS.messagesPerCall) {
    const messages = Array.from(
      { length: Math.min(LIMITS.messagesPerCall, BULK_MESSAGES - start) },
      (_, i) => ({
        peer: (start + i) % 2 === 0 ? 'Grace' : 'Ada',
        content: `Bulk line ${start + i} about the garden and the weather.`,
        created_at: new Date(Date.UTC(2023, 6, 1) + (start + i) * 1000).toISOString(),
        metadata: { n: start + i },
      }),
    );
    await memory.addMessages({ session: 'bulk', messages });
  }
  // What only the platform API, a failed learning and an older history set; microseconds too.
  await db.query(
    `UPDATE workspaces SET metadata = '{"team": "blue"}', configuration = '{"deriver": {"enabled": true}}',
       created_at = '2023-05-01T00:00:00.123456Z' WHERE id = $1`,
    [workspace],
  );
  await db.query(
    `UPDATE peers SET metadata = '{"role": "user"}', configuration = '{"observe_me": false}'
                  WHERE workspace_id = $1 AND id = 'Ada'`,
    [workspace],
  );
  await db.query(
    `UPDATE sessions SET configuration = '{"summary": false}', metadata = '{"topic": "work"}'
                  WHERE workspace_id = $1 AND id = 'work'`,
    [workspace],
  );
  await db.query(
    `UPDATE session_peers SET observe_others = true, left_at = '2023-06-03T00:00:00.000001Z'
                  WHERE workspace_id = $1 AND session_id = 'work' AND peer_id = 'Grace'`,
    [workspace],
  );
  await db.query(
    `UPDATE observations SET explicit = true WHERE id = (SELECT id FROM observations WHERE workspace_id = $1 ORDER BY seq LIMIT 1)`,
    [workspace],
  );
  await db.query(
    `UPDATE observations o SET superseded_by = newer.id FROM (
       SELECT id FROM observations WHERE workspace_id = $1 ORDER BY seq DESC LIMIT 1) newer
     WHERE o.id = (SELECT id FROM observations WHERE workspace_id = $1 ORDER BY seq LIMIT 1 OFFSET 1)`,
    [workspace],
  );
  await db.query(
    `UPDATE derivation_tasks SET status = 'failed', attempts = 5, last_error = 'the model timed out'
     WHERE id = (SELECT min(id) FROM derivation_tasks WHERE workspace_id = $1 AND status = 'pending')`,
    [workspace],
  );
  await recordWorkspaceFolder(db, workspace, '/home/ada/projects/garden');
}

describe('an export restores every row exactly: PGlite → Postgres → PGlite', () => {
  const workspace = uniqueWorkspace('export');
  const other = uniqueWorkspace('export-other');
  let source: Database;
  let learner: Engine;
  let postgres: Database;
  let original: Record<string, string[]>;
  let file: string;

  beforeAll(async () => {
    source = openDatabase({ kind: 'memory' });
    learner = createEngine(source, {
      learning: createLearning({
        reasoner: { kind: 'offline' },
        embeddings: { kind: 'offline' },
        summaryEvery: 4,
      }),
      contextTokens: 8192,
      // The test drains the queue itself, so what is left queued is known.
      deriver: { ...DEFAULT_DERIVER, pollMs: 600_000 },
    });
    const writer = createEngine(source, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    await seed(learner, writer, source, workspace);
    await writer
      .memory(other)
      .addMessages({ session: 'x', messages: [{ peer: 'Zed', content: 'Not exported.' }] });
    original = await workspaceRows(source, workspace);
    file = await exportText(source, [workspace]);
    postgres = await openTestDatabase('postgres', 'round_trip');
  }, 240_000);
  afterAll(async () => {
    await learner?.stop();
    await source?.close();
    await postgres?.close();
  });

  it('has something in every table it checks, so the comparison cannot pass on empty tables', () => {
    for (const table of RESTORED_TABLES) expect(original[table], table).not.toHaveLength(0);
    expect(original.messages).toHaveLength(BULK_MESSAGES + 8);
    expect(original.observations?.some((row) => JSON.parse(row).superseded_by !== null)).toBe(true);
    expect(original.open_learning_tasks?.map((row) => JSON.parse(row).status).sort()).toContain('failed');
  });

  it('writes a header, the workspace only, and an end record with the counts written', () => {
    const lines = file
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({
      type: 'header',
      format: 'peermem-export',
      version: 1,
      exported_at: EXPORTED_AT.toISOString(),
      workspaces: [workspace],
    });
    expect(lines.filter((line) => line.type === 'message')).toHaveLength(BULK_MESSAGES + 8);
    expect(lines.some((line) => line.workspace_id === other || line.id === other)).toBe(false);
    expect(lines.at(-1)).toEqual({ type: 'end', records: lines[0].counts });
    // Sub-millisecond times are kept to the microsecond.
    expect(file).toContain('"created_at" : "2023-05-01T00:00:00.123456Z"');
  });

  it('restores into Postgres with every row equal, table by table, and exports the same file again', async () => {
    const summary = await restoreExport(postgres, linesOf(file));
    expect(summary).toMatchObject({ complete: true, interrupted: false, workspaces: [workspace] });
    expect(await workspaceRows(postgres, workspace)).toEqual(original);
    expect(await exportText(postgres, [workspace])).toBe(file);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await rowVersions(postgres, workspace);
    const summary = await restoreExport(postgres, linesOf(file));
    expect(summary.changed).toBe(0);
    expect(await rowVersions(postgres, workspace)).toEqual(before);
    expect(await workspaceRows(postgres, workspace)).toEqual(original);
  });

  it('restores the export of Postgres into a new PGlite with every row equal', async () => {
    const target = openDatabase({ kind: 'memory' });
    try {
      await restoreExport(target, linesOf(await exportText(postgres, [workspace])));
      expect(await workspaceRows(target, workspace)).toEqual(original);
    } finally {
      await target.close();
    }
  });

  it('resumes an interrupted import: run again, it ends with every row equal', async () => {
    const target = openDatabase({ kind: 'memory' });
    try {
      const stop = new AbortController();
      const first = await restoreExport(target, linesOf(file), {
        signal: stop.signal,
        onProgress: ({ written }) => {
          if (written >= 1000) stop.abort();
        },
      });
      expect(first.interrupted).toBe(true);
      const [partial] = await target.query<{ n: number }>('SELECT count(*)::int AS n FROM messages');
      expect(partial?.n).toBeGreaterThan(0);
      expect(partial?.n).toBeLessThan(BULK_MESSAGES);
      const second = await restoreExport(target, linesOf(file));
      expect(second).toMatchObject({ complete: true, interrupted: false });
      expect(await workspaceRows(target, workspace)).toEqual(original);
    } finally {
      await target.close();
    }
  });

  it('restores every workspace of an export of several, each with every row equal', async () => {
    const target = openDatabase({ kind: 'memory' });
    try {
      const both = await exportText(source, [workspace, other]);
      expect(await restoreExport(target, linesOf(both))).toMatchObject({
        complete: true,
        workspaces: [workspace, other],
      });
      expect(await workspaceRows(target, workspace)).toEqual(original);
      expect(await workspaceRows(target, other)).toEqual(await workspaceRows(source, other));
    } finally {
      await target.close();
    }
  });

  it('refuses a file that is not an export, naming the line and the field', async () => {
    const target = openDatabase({ kind: 'memory' });
    try {
      const header = file.split('\n', 1)[0] ?? '';
      await expect(
        restoreExport(target, linesOf(`${header}\n{"type":"message","id":"x"}\n`)),
      ).rejects.toThrow(/^line 2: workspace_id: /);
      await expect(
        restoreExport(target, linesOf(header.replace('"version":1', '"version":2'))),
      ).rejects.toThrow(/^line 1: version: must be 1/);
      // A file cut short restores what it holds and says it did not reach the end.
      const cut = file.split('\n').slice(0, 40).join('\n');
      expect(await restoreExport(target, linesOf(cut))).toMatchObject({ complete: false });
    } finally {
      await target.close();
    }
  });
});
