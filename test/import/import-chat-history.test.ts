import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportedSession } from '../../src/import/chat-history.js';
import { importChatHistory } from '../../src/import/import-chat-history.js';
import { parseChatHistory } from '../../src/import/parse-chat-history.js';
import type { Message } from '../../src/schemas/message.js';
import type { MemoryService } from '../../src/service/memory-service.js';
import { type DatabaseKind, PROJECT_ROOT, sharedTestEngine } from '../support/mcp-targets.js';
import { uniqueWorkspace } from '../support/temp-dir.js';

/** Every message of a session, read back a whole page of 5 at a time (never cut). */
async function everyMessage(memory: MemoryService, session: string): Promise<Message[]> {
  const messages: Message[] = [];
  for (let page = 1; ; page++) {
    const answer = await memory.listMessages({ session, page, size: 5, reverse: false });
    messages.push(...answer.items);
    if (answer.items.length < 5) return messages;
  }
}

const numbered = (session: string, count: number, content: (index: number) => string): ImportedSession => ({
  id: session,
  messages: Array.from({ length: count }, (_, index) => ({
    peer: index % 2 === 0 ? 'ada' : 'grace',
    content: content(index),
    source: `line ${index + 1}`,
  })),
});

/** Imports, aborting once `afterMessages` are written: what an interrupted run leaves. */
async function interruptedImport(memory: MemoryService, sessions: ImportedSession[], afterMessages: number) {
  const stop = new AbortController();
  return importChatHistory(memory, sessions, {
    signal: stop.signal,
    onProgress: ({ written }) => {
      if (written >= afterMessages) stop.abort();
    },
  });
}

describe.each<DatabaseKind>(['pglite', 'postgres'])('importChatHistory on %s', (kind) => {
  const memoryOf = () => sharedTestEngine(kind).memory(uniqueWorkspace('import'));

  it('writes each fixture: its sessions, its peers, its times, in order', async () => {
    const memory = memoryOf();
    const content = readFileSync(
      join(PROJECT_ROOT, 'test/fixtures/import/claude/conversations.json'),
      'utf8',
    );
    const { sessions } = parseChatHistory(content, { fileName: 'conversations.json', format: 'auto' });
    const summary = await importChatHistory(memory, sessions);
    expect(summary).toEqual({ written: 5, skipped: 0, sessions: 2, peers: 2, interrupted: false });
    const stored = await everyMessage(memory, 'claude-5c0e7a10-0001-4d2c-8f00-9e3b2a000001');
    expect(stored.map((message) => [message.peer_id, message.created_at])).toEqual([
      ['user', '2025-02-10T18:04:22.600Z'],
      ['claude', '2025-02-10T18:04:31.101Z'],
      ['user', '2025-02-10T18:06:02.000Z'],
    ]);
    const { items } = await memory.listPeers({ page: 1, size: 50, reverse: false });
    expect(items.map((peer) => peer.id).sort()).toEqual(['claude', 'user']);
  });

  it('an interrupted import run again writes the rest and nothing twice', async () => {
    const memory = memoryOf();
    const sessions = [
      numbered('first', 250, (index) => `note ${index}`),
      numbered('second', 30, (index) => `reply ${index}`),
    ];
    expect(await interruptedImport(memory, sessions, 100)).toMatchObject({ written: 100, interrupted: true });
    expect((await memory.listMessages({ session: 'first', page: 1, size: 1, reverse: false })).total).toBe(
      100,
    );

    expect(await importChatHistory(memory, sessions)).toEqual({
      written: 180,
      skipped: 100,
      sessions: 2,
      peers: 2,
      interrupted: false,
    });
    for (const session of sessions)
      expect((await everyMessage(memory, session.id)).map((message) => message.content)).toEqual(
        session.messages.map((message) => message.content),
      );
    expect(await importChatHistory(memory, sessions)).toMatchObject({ written: 0, skipped: 280 });
  });

  it('repeated messages count: the session keeps as many as the file holds, beside what it held before', async () => {
    const memory = memoryOf();
    await memory.addMessages({ session: 'chat', messages: [{ peer: 'ada', content: 'ok' }] });
    const session = numbered('chat', 4, () => 'ok');
    expect(await importChatHistory(memory, [session])).toMatchObject({ written: 3, skipped: 1 });
    expect(await everyMessage(memory, 'chat')).toHaveLength(4);
  });

  it('a session named twice in a file is one session, resumed as one', async () => {
    const memory = memoryOf();
    const twice = [
      numbered('twice', 150, (index) => `a ${index}`),
      numbered('twice', 50, (index) => `b ${index}`),
    ];
    expect(await interruptedImport(memory, twice, 100)).toMatchObject({ written: 100, sessions: 1 });
    expect(await importChatHistory(memory, twice)).toMatchObject({ written: 100, skipped: 100 });
    expect((await everyMessage(memory, 'twice')).map((message) => message.content)).toEqual(
      twice.flatMap((session) => session.messages.map((message) => message.content)),
    );
  });

  it('a time in the file tells apart the same words said twice', async () => {
    const memory = memoryOf();
    const at = (created_at: string) => ({
      peer: 'ada',
      content: 'good morning',
      created_at,
      source: 'line 1',
    });
    const monday = { id: 'days', messages: [at('2025-01-06T08:00:00.000Z')] };
    const both = { id: 'days', messages: [at('2025-01-06T08:00:00.000Z'), at('2025-01-07T08:00:00.000Z')] };
    await importChatHistory(memory, [monday]);
    expect(await importChatHistory(memory, [both])).toMatchObject({ written: 1, skipped: 1 });
    expect((await everyMessage(memory, 'days')).map((message) => message.created_at)).toEqual([
      '2025-01-06T08:00:00.000Z',
      '2025-01-07T08:00:00.000Z',
    ]);
  });

  it('long messages, which a page of 100 returns cut, are recognised all the same', async () => {
    const memory = memoryOf();
    const long = numbered('long', 130, (index) => `${index} ${'lorem ipsum '.repeat(2_000)}`);
    await interruptedImport(memory, [long], 100);
    expect(await importChatHistory(memory, [long])).toMatchObject({ written: 30, skipped: 100 });
    expect(await everyMessage(memory, 'long')).toHaveLength(130);
  });
});
