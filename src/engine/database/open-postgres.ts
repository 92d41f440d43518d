import type postgres from 'postgres';
import type { Database } from './database.js';
import { enablePgvector, PGVECTOR_SESSION_SETTINGS } from './enable-pgvector.js';
import { migrate } from './migrate.js';

const passJsonText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Connects to a Postgres server and brings its schema up to date. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const { default: connect } = await import('postgres');
  const settings = {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'peermem' } as Record<string, string>,
    // The engine passes JSON parameters already serialised (one form for both drivers).
    types: { jsonText: { to: 3802, from: [114, 3802], serialize: passJsonText, parse: JSON.parse } },
  };
  let sql = connect(url, settings);
  try {
    await migrate((body) =>
      sql.begin(async (tx) => {
        await body(async (text) => [...(await tx.unsafe(text))]);
      }),
    );
    if (await enablePgvector(async (text) => [...(await sql.unsafe(text))])) {
      // Session settings go in each connection's start-up message: connect again with them.
      await sql.end({ timeout: 5 });
      sql = connect(url, {
        ...settings,
        connection: { ...settings.connection, ...PGVECTOR_SESSION_SETTINGS },
      });
    }
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw error;
  }
  return {
    kind: 'postgres',
    async query<Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) {
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
      return rows as unknown as Row[];
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
