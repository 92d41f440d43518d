import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openPglite } from '../../../src/engine/database/open-pglite.js';
import { PGDATA_TEMPLATE_FILE, unpackPgdataTemplate } from '../../../src/engine/database/pgdata-template.js';
import { PROJECT_ROOT } from '../../support/mcp-targets.js';
import { makeTempDir } from '../../support/temp-dir.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function newFolder(): Promise<string> {
  const folder = await makeTempDir();
  cleanups.push(folder.remove);
  return folder.path;
}

// The test setup builds the package, the template with it.
it('the build leaves a template of a new database', () => {
  expect(existsSync(join(PROJECT_ROOT, PGDATA_TEMPLATE_FILE))).toBe(true);
});

it('a new data folder is laid from the template: migrated, with pgvector, nothing left beside it', async () => {
  const parent = await newFolder();
  const pgdata = join(parent, 'pgdata');
  expect(await unpackPgdataTemplate(pgdata)).toBe(true);
  expect(await readdir(parent)).toEqual(['pgdata']);
  const database = await openPglite(pgdata);
  try {
    const applied = await database.query<{ id: string }>('SELECT id FROM peermem_migrations ORDER BY id');
    expect(applied.map((row) => row.id)).toContain('0001_initial');
    const [vector] = await database.query(`SELECT 1 AS present FROM pg_extension WHERE extname = 'vector'`);
    expect(vector).toEqual({ present: 1 });
  } finally {
    await database.close();
  }
});

it('a folder that holds a database keeps it: nothing is unpacked over it', async () => {
  const pgdata = join(await newFolder(), 'pgdata');
  const first = await openPglite(pgdata);
  await first.query('CREATE TABLE kept (note text)');
  await first.query(`INSERT INTO kept VALUES ('still here')`);
  await first.close();

  expect(await unpackPgdataTemplate(pgdata)).toBe(false);
  const again = await openPglite(pgdata);
  try {
    expect(await again.query('SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
  } finally {
    await again.close();
  }
});
