import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';

const POSTGRES_SERVER = process.env.PEERMEM_BENCH_POSTGRES_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
/** The stress runs' own database, created afresh for each loop and dropped after it. */
const STRESS_DATABASE = process.env.PEERMEM_STRESS_DATABASE ?? 'peermem_stress_bench';

/** A fresh memory for one stress loop: the server flags that name it, and a way in for checks. */
export type StressStorage = {
  database: 'pglite' | 'postgres';
  args: string[];
  openDirect(): Database;
  remove(): Promise<void>;
};

export async function createStressStorage(database: 'pglite' | 'postgres'): Promise<StressStorage> {
  if (database === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'peermem-stress-'));
    return {
      database,
      args: ['--data-dir', dir],
      openDirect: () => openDatabase({ kind: 'pglite', dataDir: dir }),
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const recreate = async (create: boolean) => {
    const admin = postgres(`${POSTGRES_SERVER}/postgres`, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${STRESS_DATABASE} WITH (FORCE)`);
      if (create) await admin.unsafe(`CREATE DATABASE ${STRESS_DATABASE}`);
    } finally {
      await admin.end();
    }
  };
  await recreate(true);
  const url = `${POSTGRES_SERVER}/${STRESS_DATABASE}`;
  return {
    database,
    args: ['--database-url', url],
    openDirect: () => openDatabase({ kind: 'postgres', url }),
    remove: () => recreate(false),
  };
}
