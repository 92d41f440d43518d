import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { DatabaseLocation } from '../src/engine/database/open-database.js';

/** The local server the benchmark uses; its own database, so it never touches real memories. */
const POSTGRES_SERVER = process.env.PEERMEM_BENCH_POSTGRES_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const POSTGRES_DATABASE = process.env.PEERMEM_BENCH_DATABASE ?? 'peermem_bench';

/** Where one benchmark run keeps its memory, told both to the server's flags and to the engine. */
export type BenchStore = {
  label: 'PGlite' | 'Postgres';
  workspace: string;
  /** The storage flags of `peermem mcp`. */
  serverArgs: string[];
  /** The same storage, for seeding with the engine in this process. */
  location: DatabaseLocation;
  /** Removes what the run stored. */
  dispose(): Promise<void>;
};

/** A workspace name of its own for every run: runs never see each other's messages. */
function freshWorkspace(): string {
  return `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Embedded PGlite in a new temp folder, as a first-time user gets it. */
export async function createPgliteStore(): Promise<BenchStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'peermem-bench-'));
  const workspace = freshWorkspace();
  return {
    label: 'PGlite',
    workspace,
    serverArgs: ['--data-dir', dataDir, '--workspace', workspace],
    location: { kind: 'pglite', dataDir },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The peermem_bench database on the local Postgres server, created if missing. Runs share the
 * database, so each run deletes its workspace at the end: leftovers would sit in the same
 * indexes and slow later runs' searches.
 */
export async function createPostgresStore(): Promise<BenchStore> {
  const admin = postgres(`${POSTGRES_SERVER}/postgres`, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [row] = await admin`SELECT 1 FROM pg_database WHERE datname = ${POSTGRES_DATABASE}`;
    if (!row) await admin.unsafe(`CREATE DATABASE ${POSTGRES_DATABASE}`);
  } finally {
    await admin.end({ timeout: 1 });
  }
  const url = `${POSTGRES_SERVER}/${POSTGRES_DATABASE}`;
  const workspace = freshWorkspace();
  return {
    label: 'Postgres',
    workspace,
    serverArgs: ['--database-url', url, '--workspace', workspace],
    location: { kind: 'postgres', url },
    async dispose() {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        // Sessions, peers, members and messages go with it (ON DELETE CASCADE).
        await sql`DELETE FROM workspaces WHERE id = ${workspace}`;
      } finally {
        await sql.end({ timeout: 1 });
      }
    },
  };
}
