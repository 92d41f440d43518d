import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../src/engine/create-engine.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { listen } from '../../src/http/listen.js';
import { createMcpHttpApp } from '../../src/http/mcp-http-app.js';
import { createMcpServer } from '../../src/mcp/create-mcp-server.js';
import { POSTGRES_URL } from './postgres.js';
import { makeTempDir, uniqueWorkspace } from './temp-dir.js';

export type DatabaseKind = 'pglite' | 'postgres';
export type TransportKind = 'in-process' | 'stdio' | 'http';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type ConnectedClient = {
  client: Client;
  workspace: string;
  /** The engine behind an in-process or HTTP server (its deriver can be drained); none over stdio. */
  engine: Engine | undefined;
  close(): Promise<void>;
};

/** A real MCP client connected to a real server over the given transport and database. */
export async function connectClient(
  transport: TransportKind,
  database: DatabaseKind,
): Promise<ConnectedClient> {
  const workspace = uniqueWorkspace(`${transport}-${database}`);
  const client = new Client({ name: 'peermem-tests', version: '1.0.0' });
  if (transport === 'stdio') return connectOverStdio(client, workspace, database);

  const engine = sharedTestEngine(database);
  const memory = engine.memory(workspace);
  if (transport === 'in-process') {
    const handler = createMcpHandler(() => createMcpServer({ memory }));
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://in-process.test/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    return {
      client,
      workspace,
      engine,
      async close() {
        await client.close();
        await handler.close();
      },
    };
  }
  const { app, close } = createMcpHttpApp({ memory }, { loopback: true });
  const server = await listen(app.fetch, '127.0.0.1', 0);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  return {
    client,
    workspace,
    engine,
    async close() {
      await client.close();
      await close();
      await server.close();
    },
  };
}

const sharedEngines = new Map<DatabaseKind, Engine>();

/**
 * One engine per database kind and test worker (an in-memory PGlite, or a pool to the test
 * Postgres server), learning offline as a real server does: clients get a fresh workspace
 * each, as the users of one server do, and no test waits for a database to open.
 */
export function sharedTestEngine(kind: DatabaseKind): Engine {
  let engine = sharedEngines.get(kind);
  if (!engine) {
    const database =
      kind === 'pglite'
        ? openDatabase({ kind: 'memory' })
        : openDatabase({ kind: 'postgres', url: POSTGRES_URL });
    engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, pollMs: 200 },
    });
    sharedEngines.set(kind, engine);
  }
  return engine;
}

async function connectOverStdio(
  client: Client,
  workspace: string,
  database: DatabaseKind,
): Promise<ConnectedClient> {
  const dataDir = await makeTempDir();
  const storage = database === 'pglite' ? ['--data-dir', dataDir.path] : ['--database-url', POSTGRES_URL];
  await client.connect(spawnServer(['--workspace', workspace, ...storage]));
  return {
    client,
    workspace,
    engine: undefined,
    async close() {
      await client.close();
      await dataDir.remove();
    },
  };
}

/** `npm start -- <args>` as a child process, its stdio the MCP channel. */
export function spawnServer(args: readonly string[], env: Record<string, string> = {}): StdioClientTransport {
  return new StdioClientTransport({
    command: 'npm',
    args: ['start', '--silent', '--', ...args],
    cwd: PROJECT_ROOT,
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
}

/** The structured result of a tool call that must succeed. */
export async function callOk<Output = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Output> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) {
    const text = (result.content as { text?: string }[]).map((block) => block.text).join('\n');
    throw new Error(`${name} failed: ${text}`);
  }
  return result.structuredContent as Output;
}

/** The error text of a tool call that must fail. */
export async function callError(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError)
    throw new Error(`${name} succeeded but was expected to fail: ${JSON.stringify(result)}`);
  return (result.content as { text?: string }[]).map((block) => block.text).join('\n');
}
