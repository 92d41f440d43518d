/** The Postgres server the tests use: 127.0.0.1:5432 unless PEERMEM_TEST_POSTGRES_URL says otherwise. */
const server = process.env.PEERMEM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

/** Dropped and created afresh by each run; PEERMEM_TEST_DATABASE lets two runs share a server. */
export const POSTGRES_TEST_DATABASE = process.env.PEERMEM_TEST_DATABASE ?? 'peermem_test';
export const POSTGRES_ADMIN_URL = `${server}/postgres`;
export const POSTGRES_URL = `${server}/${POSTGRES_TEST_DATABASE}`;
