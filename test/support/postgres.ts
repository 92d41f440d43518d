/** The Postgres server the tests use: 127.0.0.1:5432 unless PEERMEM_TEST_POSTGRES_URL says otherwise. */
const server = process.env.PEERMEM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

/** Dropped and created afresh by each run; PEERMEM_TEST_DATABASE lets two runs share a server. */
export const POSTGRES_TEST_DATABASE = process.env.PEERMEM_TEST_DATABASE ?? 'peermem_test';
export const POSTGRES_ADMIN_URL = `${server}/postgres`;
export const POSTGRES_URL = `${server}/${POSTGRES_TEST_DATABASE}`;

/**
 * A database of its own for a test file whose derivers must not meet another file's work: every
 * deriver claims from the whole queue of its database. Created afresh; returns its URL.
 */
export async function createIsolatedDatabase(suffix: string): Promise<string> {
  const { default: postgres } = await import('postgres');
  const name = `${POSTGRES_TEST_DATABASE}_${suffix}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `${server}/${name}`;
}
