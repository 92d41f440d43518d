import { mkdir } from 'node:fs/promises';
import type { Database } from './database.js';
import { enablePgvector, PGVECTOR_SESSION_SETTINGS } from './enable-pgvector.js';
import { migrate } from './migrate.js';

/** Opens (creating if needed) an embedded PGlite database in `dataDir`, or in memory, and migrates it. */
export async function openPglite(dataDir: string | 'memory'): Promise<Database> {
  if (dataDir !== 'memory') await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // Loaded on first use: the MCP handshake should not wait for the WASM module.
  const [{ PGlite }, { vector }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-pgvector'),
  ]);
  const pglite = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, { extensions: { vector } });
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
