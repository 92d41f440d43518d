import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { listen } from '../../src/http/listen.js';
import { createMcpHttpApp } from '../../src/http/mcp-http-app.js';
import { callOk } from '../support/mcp-targets.js';
import { openTestDatabase } from '../support/test-database.js';

const CLIENTS = 8;
const CALLS = 25;
const PER_CALL = 2;
const TOTAL = CLIENTS * CALLS * PER_CALL;

type Page = { items: { id: string; content: string }[]; total: number };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listAll(client: Client, size: number, reverse = false): Promise<Page['items']> {
  const items: Page['items'] = [];
  for (let page = 1; ; page++) {
    const result = await callOk<Page>(client, 'list_messages', { session: 'crowd', page, size, reverse });
    expect(result.total).toBe(TOTAL);
    items.push(...result.items);
    if (result.items.length < size) return items;
  }
}

describe.each(['pglite', 'postgres'] as const)('writers to one session at once on %s', (kind) => {
  it(`${CLIENTS} MCP clients over HTTP, ${CALLS} writes each: none lost, each in its order, pages consistent`, async () => {
    const database = await openTestDatabase(kind, 'concurrent_writers');
    const engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    const { app, close } = createMcpHttpApp({ memory: engine.memory('crowd') }, { loopback: true });
    const server = await listen(app.fetch, '127.0.0.1', 0);
    cleanups.push(async () => {
      await close();
      await server.close();
      await engine.stop();
      await database.close();
    });

    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const client = new Client({ name: 'concurrent-writers-test', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
        cleanups.push(() => client.close());
        return client;
      }),
    );
    // Each client writes its calls one after another; the clients all at once.
    await Promise.all(
      clients.map(async (client, writer) => {
        for (let call = 0; call < CALLS; call++) {
          await callOk(client, 'add_messages', {
            session: 'crowd',
            messages: Array.from({ length: PER_CALL }, (_, part) => ({
              peer: `writer-${writer}`,
              content: `writer ${writer} message ${call * PER_CALL + part}`,
            })),
          });
        }
      }),
    );

    const reader = clients[0] as Client;
    const all = await listAll(reader, 100);
    expect(all).toHaveLength(TOTAL);
    expect(new Set(all.map((m) => m.id)).size).toBe(TOTAL);
    // The writes did overlap: the session is not one writer's messages after another's.
    const authors = all.map((m) => m.content.split(' ')[1]);
    const switches = authors.filter((author, i) => i > 0 && author !== authors[i - 1]).length;
    expect(switches).toBeGreaterThan(CLIENTS * 2);
    for (let writer = 0; writer < CLIENTS; writer++) {
      const own = all.filter((m) => m.content.startsWith(`writer ${writer} `)).map((m) => m.content);
      expect(own).toEqual(
        Array.from({ length: CALLS * PER_CALL }, (_, i) => `writer ${writer} message ${i}`),
      );
    }
    // Pages of another size, and read backwards, cut the same order at other boundaries.
    expect((await listAll(reader, 7)).map((m) => m.id)).toEqual(all.map((m) => m.id));
    expect((await listAll(reader, 33, true)).map((m) => m.id).reverse()).toEqual(all.map((m) => m.id));
    // 200 writes and their reads through one embedded store: past a minute on a loaded machine.
  }, 240_000);
});
