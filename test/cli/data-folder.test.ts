import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceForDir } from '../../src/config.js';
import { callOk, spawnServer } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

type Page = { items: { content: string }[]; total: number };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataFolder(): Promise<string> {
  const dir = await makeTempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

/** `npm start` on a data folder, as an editor would launch it, with a real MCP client. */
async function startServer(args: string[]): Promise<Client> {
  const client = new Client({ name: 'data-folder-test', version: '1.0.0' });
  await client.connect(spawnServer(args));
  cleanups.push(() => client.close());
  return client;
}

describe('the embedded data folder', () => {
  it('keeps memory across a restart', async () => {
    const dataDir = await dataFolder();
    const first = await startServer(['--data-dir', dataDir]);
    await callOk(first, 'add_messages', {
      session: 'diary',
      messages: [{ peer: 'me', content: 'I adopted a cat.' }],
    });
    await callOk(first, 'set_peer_card', { peer: 'me', card: ['Has a cat'] });
    await first.close();

    const second = await startServer(['--data-dir', dataDir]);
    const page = await callOk<Page>(second, 'list_messages', { session: 'diary' });
    expect(page.items.map((m) => m.content)).toEqual(['I adopted a cat.']);
    expect(await callOk(second, 'get_peer_card', { peer: 'me' })).toEqual({ peer_card: ['Has a cat'] });
  });

  it('serves two processes at once without losing a write, and survives the first one exiting', async () => {
    const dataDir = await dataFolder();
    // `a` opens the folder first, so `b` goes through it, and must take over when `a` exits.
    const a = await startServer(['--data-dir', dataDir]);
    await callOk(a, 'list_sessions');
    const b = await startServer(['--data-dir', dataDir]);
    const write = (client: Client, who: string, i: number) =>
      callOk(client, 'add_messages', {
        session: 'shared',
        messages: [{ peer: who, content: `${who} turn ${i}` }],
      });
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => [write(a, 'window-a', i), write(b, 'window-b', i)]).flat(),
    );
    for (const client of [a, b]) {
      const page = await callOk<Page>(client, 'list_messages', { session: 'shared', size: 100 });
      expect(page.total).toBe(50);
      expect(new Set(page.items.map((m) => m.content)).size).toBe(50);
    }

    await a.close();
    await write(b, 'window-b', 25);
    expect((await callOk<Page>(b, 'list_messages', { session: 'shared', size: 100 })).total).toBe(51);
    await b.close();

    const later = await startServer(['--data-dir', dataDir]);
    expect((await callOk<Page>(later, 'list_messages', { session: 'shared', size: 100 })).total).toBe(51);
    // Three servers start, one takes over the folder: on two busy cores that passed 60 s once.
  }, 150_000);

  it('keeps one memory per project folder: two projects never see each other’s data', async () => {
    const dataDir = await dataFolder();
    const projectA = await dataFolder();
    const projectB = await dataFolder();
    const a = await startServer(['--data-dir', dataDir, '--workspace-from-dir', projectA]);
    const b = await startServer(['--data-dir', dataDir, '--workspace-from-dir', projectB]);
    await callOk(a, 'add_messages', {
      session: 'notes',
      messages: [{ peer: 'dev', content: 'secret of project A' }],
    });
    expect(await callOk(b, 'list_sessions')).toMatchObject({ items: [], total: 0 });
    expect(await callOk(b, 'search', { query: 'secret project' })).toEqual({ messages: [] });
    expect(workspaceForDir(projectA)).not.toBe(workspaceForDir(projectB));
  });
});
