import { Client, type Progress, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.js';
import { type Listening, listen } from '../../src/http/listen.js';
import { createMcpHttpApp } from '../../src/http/mcp-http-app.js';
import { MemoryWatch } from '../../src/mcp/memory-watch.js';
import { LIMITS } from '../../src/schemas/limits.js';
import { callOk, sharedTestEngine, spawnServer } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { uniqueWorkspace } from '../support/temp-dir.js';

type Notified = { method: string; params: Record<string, unknown> };

/** Records the change, log and list notifications a client receives. */
function record(client: Client): Notified[] {
  const seen: Notified[] = [];
  for (const method of [
    'notifications/resources/updated',
    'notifications/resources/list_changed',
    'notifications/message',
  ] as const) {
    client.setNotificationHandler(method, (notification) => {
      seen.push({ method, params: (notification.params ?? {}) as Record<string, unknown> });
    });
  }
  return seen;
}

const updated = (seen: Notified[], uri: string) =>
  seen.filter((n) => n.method === 'notifications/resources/updated' && n.params.uri === uri).length;
const listChanges = (seen: Notified[]) =>
  seen.filter((n) => n.method === 'notifications/resources/list_changed').length;
const logLines = (seen: Notified[], level?: string) =>
  seen.filter(
    (n) => n.method === 'notifications/message' && (level === undefined || n.params.level === level),
  );

const message = (peer: string, content: string) => ({ peer, content });

/** The protocol revision of `subscriptions/listen`, pinned: a probing client may settle on 2025 when the server starts slowly. */
const MODERN = '2026-07-28';

describe('over stdio, a subscriber sees changes made by another process on the same database', () => {
  let databaseUrl: string;
  const workspace = uniqueWorkspace('notify');
  const watcher = new Client({ name: 'watcher', version: '1.0.0' });
  const writer = new Client({ name: 'writer', version: '1.0.0' });
  let seen: Notified[];

  beforeAll(async () => {
    databaseUrl = await createIsolatedDatabase('mcpnotify');
    const storage = ['--workspace', workspace, '--database-url', databaseUrl];
    seen = record(watcher);
    // The watcher learns (its deriver on); the writer is a second process that only writes.
    await watcher.connect(spawnServer(storage));
    await writer.connect(spawnServer([...storage, '--deriver', 'off']));
  });
  afterAll(async () => {
    await watcher.close();
    await writer.close();
  });

  it('declares logging, resource subscriptions and list changes', () => {
    expect(watcher.getServerCapabilities()).toMatchObject({
      logging: {},
      resources: { subscribe: true, listChanged: true },
    });
  });

  it('sends updates of a subscribed session and card, and list changes, each once per change', async () => {
    await callOk(writer, 'add_messages', {
      session: 'trip',
      messages: [message('ada', 'We leave on Monday.')],
    });
    const messagesUri = 'memory://sessions/trip/messages';
    const cardUri = 'memory://peers/ada/card';
    await watcher.subscribeResource({ uri: messagesUri });
    await watcher.subscribeResource({ uri: cardUri });

    await callOk(writer, 'add_messages', { session: 'trip', messages: [message('ada', 'Pack the tent.')] });
    await expect.poll(() => updated(seen, messagesUri), { timeout: 10_000 }).toBe(1);

    await callOk(writer, 'set_peer_card', { peer: 'ada', card: ['Name: Ada', 'Likes camping'] });
    await expect.poll(() => updated(seen, cardUri), { timeout: 10_000 }).toBe(1);
    expect(updated(seen, messagesUri)).toBe(1);

    const lists = listChanges(seen);
    await callOk(writer, 'add_messages', { session: 'another', messages: [message('bo', 'Hello.')] });
    await expect.poll(() => listChanges(seen), { timeout: 10_000 }).toBe(lists + 1);

    // A write through the watcher's own process is told at once, not at the next look.
    const started = performance.now();
    await callOk(watcher, 'add_messages', { session: 'trip', messages: [message('ada', 'And the map.')] });
    await expect.poll(() => updated(seen, messagesUri), { timeout: 10_000 }).toBe(2);
    expect(performance.now() - started).toBeLessThan(900);

    // Unsubscribed: the next write to the session is not told. The two list changes after it are
    // two later looks of the watch, so an update of that write would have arrived before them.
    await watcher.unsubscribeResource({ uri: messagesUri });
    await callOk(writer, 'add_messages', { session: 'trip', messages: [message('ada', 'Unwatched.')] });
    for (const session of ['barrier-1', 'barrier-2']) {
      const before = listChanges(seen);
      await callOk(writer, 'add_messages', { session, messages: [message('bo', 'Hi.')] });
      await expect.poll(() => listChanges(seen), { timeout: 10_000 }).toBe(before + 1);
    }
    expect(updated(seen, messagesUri)).toBe(2);
  });

  it('sends updates on a subscriptions/listen stream of a 2026-07-28 client', async () => {
    const modern = new Client(
      { name: 'modern', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: MODERN } } },
    );
    const modernSeen = record(modern);
    await modern.connect(
      spawnServer(['--workspace', workspace, '--database-url', databaseUrl, '--deriver', 'off']),
    );
    try {
      const cardUri = 'memory://peers/bo/card';
      const subscription = await modern.listen({
        resourceSubscriptions: [cardUri],
        resourcesListChanged: true,
      });
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual([cardUri]);
      await callOk(writer, 'set_peer_card', { peer: 'bo', card: ['Name: Bo'] });
      await expect.poll(() => updated(modernSeen, cardUri), { timeout: 10_000 }).toBe(1);
      // Only what the stream names: the watcher's subscribed session is not sent here.
      await callOk(writer, 'add_messages', { session: 'trip', messages: [message('ada', 'Modern times.')] });
      await callOk(writer, 'set_peer_card', { peer: 'bo', card: ['Name: Bo', 'Plays chess'] });
      await expect.poll(() => updated(modernSeen, cardUri), { timeout: 10_000 }).toBe(2);
      expect(modernSeen.filter((n) => n.method === 'notifications/resources/updated').length).toBe(2);
      await subscription.close();
    } finally {
      await modern.close();
    }
  });

  it('logs learning progress at info, and nothing below the level the client sets', async () => {
    await watcher.setLoggingLevel('info');
    await callOk(writer, 'add_messages', {
      session: 'learned',
      messages: [message('ada', 'I moved to Lisbon last spring.'), message('bo', 'Lovely city.')],
    });
    await expect
      .poll(() => logLines(seen, 'info').map((line) => (line.params.data as { message: string }).message), {
        timeout: 30_000,
      })
      .toContainEqual(expect.stringMatching(/^learning done: /));
    for (const line of logLines(seen)) expect(line.params.logger).toBe('peermem');

    await watcher.setLoggingLevel('error');
    const infoBefore = logLines(seen, 'info').length;
    await callOk(writer, 'add_messages', {
      session: 'learned',
      messages: [message('ada', 'I cycle to work.')],
    });
    await expect
      .poll(
        async () => {
          const status = await callOk<{ pending: number; in_progress: number }>(
            watcher,
            'get_deriver_status',
          );
          return status.pending + status.in_progress;
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    for (const session of ['barrier-3', 'barrier-4']) {
      const before = listChanges(seen);
      await callOk(writer, 'add_messages', { session, messages: [message('bo', 'Hi.')] });
      await expect.poll(() => listChanges(seen), { timeout: 10_000 }).toBe(before + 1);
    }
    expect(logLines(seen, 'info').length).toBe(infoBefore);
  });

  it('reports progress on add_messages when the client asks for it', async () => {
    const progress: Progress[] = [];
    const count = LIMITS.messagesPerCall;
    const messages = Array.from({ length: count }, (_, index) => message('ada', `Line ${index}.`));
    const result = await watcher.callTool(
      { name: 'add_messages', arguments: { session: 'bulk', messages } },
      { onprogress: (update) => progress.push(update) },
    );
    expect(result.isError).toBeFalsy();
    const sent = [
      { progress: 0, total: count, message: `saving ${count} message(s)` },
      { progress: count, total: count, message: `saved ${count} message(s)` },
    ];
    // The server sends both before its answer, but the SDK client runs a notification's handler a
    // microtask later and forgets the request's handler when the answer is read: the last update,
    // read in the same chunk as the answer, can be dropped by the client. The start always arrives.
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress).toEqual(sent.slice(0, progress.length));
  });

  it('answers an unknown resource with the resources that exist', async () => {
    const read = watcher.readResource({ uri: 'memory://session/trip/messages' });
    await expect(read).rejects.toThrow(/Unknown resource memory:\/\/session\/trip\/messages/);
    for (const resource of resources)
      await expect(read).rejects.toThrow('uri' in resource ? resource.uri : resource.template);
  });
});

describe('over HTTP, a subscriber listens on a subscriptions/listen stream', () => {
  const engine = sharedTestEngine('pglite');
  const workspace = uniqueWorkspace('notify-http');
  const memory = engine.memory(workspace);
  const watch = new MemoryWatch(memory, { intervalMs: 250 });
  let server: Listening;
  let closeApp: () => Promise<void>;

  beforeAll(async () => {
    const { app, close } = createMcpHttpApp({ memory }, { loopback: true, watch });
    closeApp = close;
    server = await listen(app.fetch, '127.0.0.1', 0);
  });
  afterAll(async () => {
    await watch.close();
    await closeApp();
    await server.close();
  });

  const connect = async (options: ConstructorParameters<typeof Client>[1] = {}) => {
    const client = new Client({ name: 'http-test', version: '1.0.0' }, options);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    return client;
  };

  it('sends updates of the resources the stream names, and list changes, from this process and from outside it', async () => {
    await memory.addMessages({ session: 'trip', messages: [message('ada', 'We leave on Monday.')] });
    const watcher = await connect({ versionNegotiation: { mode: { pin: MODERN } } });
    const writer = await connect();
    const seen = record(watcher);
    const messagesUri = 'memory://sessions/trip/messages';
    const subscription = await watcher.listen({
      resourceSubscriptions: [messagesUri],
      resourcesListChanged: true,
    });
    try {
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual([messagesUri]);
      await callOk(writer, 'add_messages', { session: 'trip', messages: [message('ada', 'Pack the tent.')] });
      await expect.poll(() => updated(seen, messagesUri), { timeout: 10_000 }).toBe(1);

      // Written past the MCP server, as another process would: seen by the watch's next look.
      await memory.addMessages({ session: 'trip', messages: [message('ada', 'And the map.')] });
      await expect.poll(() => updated(seen, messagesUri), { timeout: 10_000 }).toBe(2);

      await memory.addMessages({ session: 'new-session', messages: [message('bo', 'Hello.')] });
      await expect.poll(() => listChanges(seen), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    } finally {
      await subscription.close();
      await watcher.close();
      await writer.close();
    }
  });

  it('reports progress on add_messages, and refuses resources/subscribe with the way to listen', async () => {
    const client = await connect();
    try {
      const progress: Progress[] = [];
      await client.callTool(
        {
          name: 'add_messages',
          arguments: { session: 'bulk', messages: [message('ada', 'One.'), message('bo', 'Two.')] },
        },
        { onprogress: (update) => progress.push(update) },
      );
      // As over stdio, the client may drop the last update when it arrives with the answer.
      expect(progress.length).toBeGreaterThanOrEqual(1);
      expect(progress.map(({ progress, total }) => [progress, total])).toEqual(
        [
          [0, 2],
          [2, 2],
        ].slice(0, progress.length),
      );
      await expect(client.subscribeResource({ uri: 'memory://sessions/bulk/messages' })).rejects.toThrow(
        /subscriptions\/listen/,
      );
    } finally {
      await client.close();
    }
  });
});
