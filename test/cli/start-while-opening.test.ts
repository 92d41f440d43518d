import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, expect, it } from 'vitest';
import { callOk, PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { startProxy } from '../support/tcp-proxy.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('answers initialize and the lists while its database is still opening, and a tool call waits for it', async () => {
  const database = new URL(await createIsolatedDatabase('opening'));
  const proxy = await startProxy({ host: database.hostname, port: Number(database.port || 5432) });
  cleanups.push(proxy.cut);
  // The database accepts the connection and says nothing until released: a slow store.
  proxy.hold();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      join(PROJECT_ROOT, 'dist/src/main.js'),
      '--database-url',
      `postgres://${database.username}@127.0.0.1:${proxy.port()}${database.pathname}`,
    ],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'start-while-opening-test', version: '1.0.0' });
  await client.connect(transport);
  cleanups.push(() => client.close());

  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['add_messages', 'list_messages']));
  expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0);
  expect((await client.listResourceTemplates()).resourceTemplates.length).toBeGreaterThan(0);

  let written = false;
  const writing = callOk(client, 'add_messages', {
    session: 'diary',
    messages: [{ peer: 'me', content: 'I planted tomatoes.' }],
  }).then((output) => {
    written = true;
    return output;
  });
  // Another round trip: the server is answering, and the write still waits for its database.
  await client.listTools();
  expect(written).toBe(false);

  proxy.release();
  await writing;
  const messages = await callOk<{ items: { content: string }[] }>(client, 'list_messages', {
    session: 'diary',
  });
  expect(messages.items.map((message) => message.content)).toEqual(['I planted tomatoes.']);
}, 60_000);
