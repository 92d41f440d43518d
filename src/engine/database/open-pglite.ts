import { mkdir } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import type { Database } from './database.js';
import { enablePgvector, PGVECTOR_SESSION_SETTINGS } from './enable-pgvector.js';
import { migrate } from './migrate.js';
import { unpackPgdataTemplate } from './pgdata-template.js';

/**
 * PostgreSQL's memory inside PGlite, sized for one person's memory on their own machine rather
 * than a server's defaults. Shared buffers are allocated and zeroed at start-up, so the default
 * 128 MB was resident from the first second; with 32 MB a page read less often comes from the
 * operating system's file cache instead. WebAssembly
 * memory never shrinks: what an index build takes (`maintenance_work_mem`, 64 MB by default)
 * stays resident until the process ends, and an HNSW build past the limit goes on on disk.
 */
const PGLITE_MEMORY = {
  shared_buffers: '32MB',
  maintenance_work_mem: '16MB',
} as const;

/**
 * V8 compiles PGlite's WebAssembly (9 MB of PostgreSQL) on as many background threads as it has,
 * and each thread's allocator keeps the memory its compilations took: one thread compiling
 * left ~30 MB less resident after the database opened, in no more time (measured on 2 cores).
 * Read when a module is compiled, so it holds for PGlite's if set before the first open.
 */
const ONE_WASM_COMPILATION_THREAD = '--wasm-num-compilation-tasks=1';

/** Opens (creating if needed) an embedded PGlite database in `dataDir`, or in memory, and migrates it. */
export async function openPglite(dataDir: string | 'memory'): Promise<Database> {
  if (dataDir !== 'memory') {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await unpackPgdataTemplate(dataDir);
  }
  setFlagsFromString(ONE_WASM_COMPILATION_THREAD);
  // Loaded on first use: the MCP handshake should not wait for the WASM module.
  const [{ PGlite }, { vector }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-pgvector'),
  ]);
  const pglite = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, {
    extensions: { vector },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_MEMORY).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  try {
    await migrate((body) =>
      pglite.transaction(async (tx) => {
        await body(async (sql) => (await tx.exec(sql)).at(-1)?.rows ?? []);
      }),
    );
    const execute = async (sql: string) => (await pglite.exec(sql)).at(-1)?.rows ?? [];
    if (await enablePgvector(execute)) {
      // PGlite is one connection: its session settings hold for every query, relayed ones too.
      for (const [name, value] of Object.entries(PGVECTOR_SESSION_SETTINGS)) {
        await pglite.exec(`SET ${name} = '${value}'`);
      }
    }
  } catch (error) {
    await pglite.close();
    throw error;
  }
  return {
    kind: 'pglite',
    async query<Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) {
      const result = await pglite.query<Row>(text, params as unknown[]);
      return result.rows;
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
