import { execFileSync } from 'node:child_process';
import postgres from 'postgres';
import { POSTGRES_ADMIN_URL, POSTGRES_TEST_DATABASE } from './support/postgres.js';

/**
 * Once per run: build the package (spawned servers run the built `npm start`) and create the
 * Postgres test database afresh. Each test uses its own workspace inside it.
 */
export default async function setup(): Promise<void> {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    // A new database each run: the schema the tests see is the one the migrations build today.
    await admin.unsafe(`DROP DATABASE IF EXISTS ${POSTGRES_TEST_DATABASE} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${POSTGRES_TEST_DATABASE}`);
  } finally {
    await admin.end();
  }
}
