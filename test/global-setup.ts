import { execFileSync } from 'node:child_process';
import postgres from 'postgres';
import { POSTGRES_ADMIN_URL, POSTGRES_TEST_DATABASE } from './support/postgres.js';

/**
 * Once per run: build the package (spawned servers run the built `npm start`), and make sure
 * the Postgres test database exists. Each test uses its own workspace, so runs never collide.
 */
export default async function setup(): Promise<void> {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`SELECT 1 AS found FROM pg_database WHERE datname = ${POSTGRES_TEST_DATABASE}`;
    if (!row) await admin.unsafe(`CREATE DATABASE ${POSTGRES_TEST_DATABASE}`);
  } finally {
    await admin.end();
  }
}
