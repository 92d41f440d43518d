import { afterEach, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { UnavailableError } from '../../src/service/errors.js';
import { memoryWhenOpen } from '../../src/service/memory-when-open.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { startProxy } from '../support/tcp-proxy.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('a call on a store still opening fails after its wait, naming the store; once it opens, calls go through', async () => {
  const url = new URL(await createIsolatedDatabase('when_open'));
  const proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
  cleanups.push(proxy.cut);
  // The server accepts the connection and says nothing until released: a store still opening.
  proxy.hold();
  const database = openDatabase({
    kind: 'postgres',
    url: `postgres://${url.username}@127.0.0.1:${proxy.port()}${url.pathname}`,
  });
  cleanups.push(() => database.close());
  const engine = createEngine(database, {
    learning: createLearning(OFFLINE_LEARNING),
    contextTokens: 8192,
    deriver: false,
  });
  const memory = memoryWhenOpen(
    Promise.resolve({
      memory: engine.memory('default'),
      ready: async () => {
        await database.query('SELECT 1');
      },
    }),
    { place: 'Postgres database "when_open" at 127.0.0.1', waitMs: 300 },
  );

  const failed = await memory.listSessions({ page: 1, size: 10, reverse: false }).catch((error) => error);
  expect(failed).toBeInstanceOf(UnavailableError);
  expect(failed.message).toBe(
    'the memory in the Postgres database "when_open" at 127.0.0.1 is still opening after 0.3 s',
  );
  expect(failed.hint).toContain('Try again in a moment');

  proxy.release();
  // Opening goes on in the background; once it is done, calls go through the same memory.
  await database.query('SELECT 1');
  await memory.addMessages({ session: 'diary', messages: [{ peer: 'me', content: 'I planted tomatoes.' }] });
  const sessions = await memory.listSessions({ page: 1, size: 10, reverse: false });
  expect(sessions.items.map((session) => session.id)).toEqual(['diary']);
});

it('a store that failed to open is named in the error, and tried again by the next call', async () => {
  let attempts = 0;
  const database = openDatabase({ kind: 'memory' });
  cleanups.push(() => database.close());
  const memory = memoryWhenOpen(
    Promise.resolve({
      memory: createEngine(database, {
        learning: createLearning(OFFLINE_LEARNING),
        contextTokens: 8192,
        deriver: false,
      }).memory('default'),
      // The first opening fails as PGlite's does on a damaged folder; the second succeeds.
      ready: async () => {
        attempts++;
        if (attempts === 1) throw new Error('PGlite failed to initialize properly');
        await database.query('SELECT 1');
      },
    }),
    { place: 'data folder /nowhere/peermem', waitMs: 60_000 },
  );
  const failed = await memory.listPeers({ page: 1, size: 50, reverse: false }).catch((error) => error);
  expect(failed).toBeInstanceOf(UnavailableError);
  expect(failed.message).toBe(
    'the data folder /nowhere/peermem could not be opened: PGlite failed to initialize properly',
  );
  expect(await memory.listPeers({ page: 1, size: 50, reverse: false })).toEqual({
    items: [],
    page: 1,
    size: 50,
    total: 0,
  });
  expect(attempts).toBe(2);
});
