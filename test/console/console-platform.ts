import { createEngine, DEFAULT_DERIVER, type Engine } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { createConsoleStore } from '../../src/engine/platform/create-console-store.js';
import { createPlatformBackend } from '../../src/engine/platform/create-platform-backend.js';
import { createKeyStore } from '../../src/engine/platform/keys-store.js';
import { createUsageStore } from '../../src/engine/usage/create-usage-store.js';
import { createUsageRecorder, type UsageRecorder } from '../../src/engine/usage/usage-recorder.js';
import { startWebhookDeliveries } from '../../src/engine/webhooks/run-webhook-deliveries.js';
import { loadConsoleAssets } from '../../src/http/console/console-assets.js';
import { serveGateway } from '../../src/http/gateway/serve-gateway.js';
import { createIsolatedDatabase } from '../support/postgres.js';

export const CONSOLE_ADMIN_KEY = 'console-admin-key-for-tests-0123456789';

export type ConsolePlatform = {
  url: string;
  database: Database;
  engine: Engine;
  /** A platform API request with a bearer key (the admin key unless another is given). */
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whichever fields of an answer it checks
  call(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; json: any }>;
  /** Learns from everything queued, as the deriver of `serve` would in the background. */
  learn(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The platform API with its console, as `peermem serve` serves them, in this process on a
 * loopback port, over a Postgres database of its own (PGlite's part is `peermem console`'s test);
 * its deriver learns when told to (`learn`), so a test
 * waits on learning without sleeping. Webhooks may go to this machine (a receiver of the test).
 */
export async function startConsolePlatform(): Promise<ConsolePlatform> {
  const database = openDatabase({ kind: 'postgres', url: await createIsolatedDatabase('console_pages') });
  await database.query('SELECT 1');
  const learning = createLearning(OFFLINE_LEARNING);
  // Usage is recorded as serve records it; GET /v3/usage writes what is counted before it reads.
  const recorder: UsageRecorder = createUsageRecorder(database, { retentionDays: 1, log: () => {} });
  const engine = createEngine(database, {
    learning,
    contextTokens: 8192,
    onMessagesWritten: (workspace, messages, tokens) => recorder.messagesWritten(workspace, messages, tokens),
    deriver: { ...DEFAULT_DERIVER, background: false },
  });
  const assets = await loadConsoleAssets();
  if (assets === undefined) throw new Error('dist/console is missing: the global setup builds it');
  const server = await serveGateway({
    backend: createGatewayBackend(database, engine),
    platform: {
      backend: createPlatformBackend(database, engine, learning.embedder, { allowPrivateWebhooks: true }),
      adminKey: CONSOLE_ADMIN_KEY,
      keys: createKeyStore(database),
      console: { store: createConsoleStore(database), assets, secureCookies: false },
      usage: {
        recorder,
        store: createUsageStore(database, {
          recorder,
          version: '0.0.0-test',
          startedAt: new Date(),
          location: 'the test database',
        }),
      },
    },
    host: '127.0.0.1',
    port: 0,
  });
  const webhooks = startWebhookDeliveries(database, { allowPrivate: true, log: () => {} });
  return {
    url: server.url,
    database,
    engine,
    async call(method, path, body, key = CONSOLE_ADMIN_KEY) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
    },
    async learn() {
      // Each pass learns what is ready; a summary task may follow its messages' tasks.
      while (((await engine.deriver?.drain()) ?? 0) > 0);
    },
    async close() {
      await server.close();
      await recorder.stop();
      await webhooks.stop();
      await engine.stop();
      await database.close();
    },
  };
}

// Stored text that would run as markup: each page must show it as text and run nothing.
export const IMG_ATTACK = '<img src=x onerror=globalThis.__pwned=true>';
export const SCRIPT_ATTACK = '<script>globalThis.__pwned = true</script>';

/**
 * What the console's pages are tested on, written through the API: the workspace acme (two
 * sessions, 20-odd messages so a timeline has two pages, stored markup in messages, a card and
 * metadata, a fact that changes so history has something) and another workspace out of a scoped
 * key's reach. Answers how many messages acme holds.
 */
export async function seedConsoleData(platform: ConsolePlatform): Promise<number> {
  let written = 0;
  const call: ConsolePlatform['call'] = async (method, path, body) => {
    const answer = await platform.call(method, path, body);
    if (path.startsWith('/v3/workspaces/acme/') && path.endsWith('/messages'))
      written += (answer.json as unknown[]).length;
    return answer;
  };
  await call('POST', '/v3/workspaces', { id: 'acme', metadata: { plan: 'pro', note: IMG_ATTACK } });
  await call('POST', '/v3/workspaces/acme/sessions', {
    id: 'chat-1',
    peers: { alice: {}, bob: {} },
    metadata: { channel: SCRIPT_ATTACK },
  });
  const filler = Array.from({ length: 22 }, (_, index) => ({
    peer_id: index % 2 === 0 ? 'bob' : 'alice',
    content: `Small talk number ${index + 1}.`,
    created_at: `2024-03-02T10:${String(index).padStart(2, '0')}:00Z`,
  }));
  await call('POST', '/v3/workspaces/acme/sessions/chat-1/messages', {
    messages: [
      {
        peer_id: 'alice',
        content: 'I live in Lisbon and I work as a nurse.',
        created_at: '2024-03-01T09:00:00Z',
      },
      { peer_id: 'bob', content: IMG_ATTACK, created_at: '2024-03-01T09:01:00Z' },
      {
        peer_id: 'alice',
        content: `${SCRIPT_ATTACK} I enjoy tea.`,
        metadata: { tag: IMG_ATTACK },
        created_at: '2024-03-01T09:02:00Z',
      },
      ...filler,
      {
        peer_id: 'alice',
        content: 'I moved to Porto. I live in Porto now.',
        created_at: '2024-04-01T09:00:00Z',
      },
    ],
  });
  await call('PUT', '/v3/workspaces/acme/peers/alice/card', {
    peer_card: ['Works as a nurse', IMG_ATTACK],
  });
  await call('POST', '/v3/workspaces/acme/sessions', { id: 'chat-2', peers: { dave: {} } });
  await call('POST', '/v3/workspaces/acme/sessions/chat-2/messages', {
    messages: [{ peer_id: 'dave', content: 'Dave was only passing by.' }],
  });
  await call('POST', '/v3/workspaces', { id: 'other' });
  await call('POST', '/v3/workspaces/other/sessions/secret/messages', {
    messages: [{ peer_id: 'eve', content: 'A secret of another workspace.' }],
  });
  await platform.learn();
  return written;
}
