import type postgres from 'postgres';
import type { Database } from './database.js';
import { migrate } from './migrate.js';

const passJsonText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Connects to a Postgres server and brings its schema up to date. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const { default: connect } = await import('postgres');
  const sql = connect(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'peermem' },
    // The engine passes JSON parameters already serialised (one form for both drivers).
    types: { jsonText: { to: 3802, from: [114, 3802], serialize: passJsonText, parse: JSON.parse } },
  });
  try {
    await migrate((body) =>
      sql.begin(async (tx) => {
        await body(async (text) => [...(await tx.unsafe(text))]);
      }),
    );
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
