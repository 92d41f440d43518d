import { afterEach, describe, expect, it } from 'vitest';
import { postgresPlace } from '../../../src/engine/database/database-unavailable.js';
import { openDatabase } from '../../../src/engine/database/open-database.js';
import { operationErrorResponse } from '../../../src/http/gateway/gateway-error-response.js';
import { toolErrorResult } from '../../../src/mcp/tool-error-result.js';
import { UnavailableError } from '../../../src/service/errors.js';
import { deadPort } from '../../support/dead-port.js';
import { POSTGRES_URL } from '../../support/postgres.js';
import { startProxy } from '../../support/tcp-proxy.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('a Postgres server that cannot be reached', () => {
  it('is one UnavailableError: a 503 on the gateway and an isError tool result, naming the server, never the password', async () => {
    const port = await deadPort();
    const database = openDatabase({
      kind: 'postgres',
      url: `postgres://ada:hunter2@127.0.0.1:${port}/notes`,
    });
    cleanups.push(() => database.close());
    const error = await failureOf(database.query('SELECT 1'));
    expect(error).toBeInstanceOf(UnavailableError);

    const response = operationErrorResponse(error);
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body).toEqual({
      error: {
        code: 'unavailable',
        message: `the database at 127.0.0.1:${port} refused the connection`,
        hint: 'Is Postgres running? Check DATABASE_URL (--database-url).',
      },
    });

    const result = toolErrorResult(error, 'list_sessions');
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: 'text',
        text: `unavailable: the database at 127.0.0.1:${port} refused the connection\nIs Postgres running? Check DATABASE_URL (--database-url).`,
      },
    ]);
    expect(JSON.stringify([body, result])).not.toContain('hunter2');
  });

  it('opens on the next query once the server is there', async () => {
    const port = await deadPort();
    const target = new URL(POSTGRES_URL);
    const database = openDatabase({
      kind: 'postgres',
      url: `postgres://${target.username}@127.0.0.1:${port}${target.pathname}`,
    });
    cleanups.push(() => database.close());
    expect(await failureOf(database.query('SELECT 1'))).toBeInstanceOf(UnavailableError);

    // Now something answers on that port: a pass-through to the test server.
    const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) }, port);
    cleanups.push(proxy.cut);
    expect(await database.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

describe('postgresPlace', () => {
  it('keeps the host, port and database name and drops the credentials', () => {
    expect(postgresPlace('postgres://ada:hunter2@db.example/notes?sslmode=require')).toEqual({
      kind: 'postgres',
      address: 'db.example:5432',
      database: 'notes',
    });
    expect(postgresPlace('postgresql://ada:hunter2@h1:5433,h2:5434/notes')).toEqual({
      kind: 'postgres',
      address: 'h1:5433,h2:5434',
      database: 'notes',
    });
  });

  it('refuses, at once, a URL that can never connect', () => {
    const url = 'postgres://ada:hunter2@db.example:99999/notes';
    expect(() => openDatabase({ kind: 'postgres', url })).toThrow(UnavailableError);
    expect(() => openDatabase({ kind: 'postgres', url })).toThrow(
      'the database URL is not a valid postgres:// URL',
    );
  });
});
