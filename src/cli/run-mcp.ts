import { type JSONRPCMessage, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { MemoryTool, ToolContext } from '../../tools/tool.js';
import { type Config, ConfigError, isLoopbackHost } from '../config.js';
import type { Database } from '../engine/database/database.js';
import { recordWorkspaceFolder } from '../engine/export/workspace-folders.js';
import { formatBytes } from '../http/format-bytes.js';
import { BoundedFrames } from '../mcp/bounded-frames.js';
import { createMcpServer } from '../mcp/create-mcp-server.js';
import { watchListenStreams } from '../mcp/listen-streams.js';
import { MemoryWatch } from '../mcp/memory-watch.js';
import { chooseTools, type ToolSetting } from '../mcp/tool-profiles.js';
import { LIMITS } from '../schemas/limits.js';
import { memoryWhenOpen, type OpeningStore } from '../service/memory-when-open.js';
import { VERSION } from '../version.js';
import { describeStore, openConfiguredDatabase, reportUnusableDatabase } from './open-store.js';
import { stopOnExit } from './stop-on-exit.js';

/**
 * How long a tool call waits for a store that is still opening. Opening a large data folder on
 * a busy machine takes seconds; a client gives up on a call after a minute or so.
 */
const STORE_WAIT_MS = 30_000;

/**
 * `peermem mcp`: the memory of one workspace, served over stdio or HTTP until told to stop.
 * The server answers at once; the store (the engine's code, the database and its migrations)
 * opens in the background, and only a call that needs it waits for it.
 */
export async function runMcp(config: Config): Promise<void> {
  // Only a wallet pays: embedded, and remote with an API key, nothing is ever spent.
  const listed = toolsOrExit(config, { pays: config.remote && config.wallet !== undefined });
  if (config.remote) return runRemoteMcp(config, listed);
  // Started before anything else loads; what can never open (a bad URL, a folder that cannot be
  // created) throws here, and the server stops with one line saying why.
  const database = openConfiguredDatabase(config);
  reportUnusableDatabase(database);
  const opening = openStore(config, database);
  // So that `peermem workspaces` can name the folder, once the store (and its table) is there; a
  // database that cannot take it is reported above.
  const { workspaceFolder } = config;
  const recording =
    workspaceFolder === undefined
      ? undefined
      : opening
          .then(() => recordWorkspaceFolder(database, config.workspace, workspaceFolder))
          .catch(() => {});
  const context: ToolContext = {
    memory: memoryWhenOpen(opening, { place: describeStore(config), waitMs: STORE_WAIT_MS }),
  };
  // Sees the memory change (also by other processes on the same database) for subscribed clients.
  const watch = new MemoryWatch(context.memory);
  const served = config.http
    ? await serveHttp(context, config, listed, watch)
    : serveOverStdio(context, listed, watch);
  // One line on stderr, so that a person starting it by hand sees what it serves (stdout is MCP's).
  console.error(
    `peermem ${VERSION}: MCP over ${served.where} (workspace "${config.workspace}", ${describeStore(config)}, learning ${config.deriver ? 'on' : 'off'})`,
  );
  const { stop } = served;
  await stopOnExit(
    async () => {
      await stop();
      await watch.close();
      await recording;
      await (await opening.catch(() => undefined))?.stop();
      await database.close();
    },
    { onStdinClose: !config.http },
  );
}

/** The engine over `database`, its code loaded while the server already answers. */
async function openStore(
  config: Config,
  database: Database,
): Promise<OpeningStore & { stop(): Promise<void> }> {
  const { openEngine } = await import('./open-engine.js');
  const { engine } = openEngine(config, { deriver: config.deriver, database });
  let answered = false;
  return {
    memory: engine.memory(config.workspace),
    async ready() {
      if (answered) return;
      await database.query('SELECT 1');
      answered = true;
    },
    stop: () => engine.stop(),
  };
}

/**
 * `peermem mcp --upstream URL`: the same tools, served from the memory the upstream keeps: the
 * wallet's at its gateway, or with `--api-key` a workspace of its platform API. No data folder,
 * database or deriver is opened here.
 */
async function runRemoteMcp(config: Config, listed: readonly MemoryTool[]): Promise<void> {
  const { openUpstreamMemory } = await import('../remote/open-remote-memory.js');
  const remote = await openUpstreamMemory(config);
  const context: ToolContext = { memory: remote.memory };
  const served = config.http ? await serveHttp(context, config, listed) : serveOverStdio(context, listed);
  console.error(`peermem ${VERSION}: MCP over ${served.where} (${remote.description})`);
  await stopOnExit(() => served.stop(), { onStdinClose: !config.http });
}

/** The tools `--tools` chooses; a name no tool has ends the command with one line that lists them. */
function toolsOrExit(config: Config, setting: ToolSetting): readonly MemoryTool[] {
  try {
    return chooseTools(config.tools, setting);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`peermem: ${error.message}`);
    process.exit(2);
  }
}

type Served = { where: string; stop(): Promise<void> };

function serveOverStdio(context: ToolContext, listed: readonly MemoryTool[], watch?: MemoryWatch): Served {
  // Frames past the request limit are dropped as they stream in and answered with an error,
  // where the SDK's own reader would close the transport and leave a server that hears nothing.
  const frames = new BoundedFrames(LIMITS.requestBodyBytes, (id) => {
    console.error(
      `peermem: refused a request over stdio larger than ${formatBytes(LIMITS.requestBodyBytes)}`,
    );
    wire
      .send({
        jsonrpc: '2.0',
        ...(id === undefined ? {} : { id }),
        error: {
          code: ProtocolErrorCode.InvalidRequest,
          message: `Request too large: one message over stdio may be at most ${formatBytes(LIMITS.requestBodyBytes)}. Split it, for example into add_messages calls of fewer messages.`,
        },
      } as JSONRPCMessage)
      .catch((error: Error) => console.error(`peermem: ${error.message}`));
  });
  process.stdin.pipe(frames);
  const wire = new StdioServerTransport(frames, process.stdout, {
    maxBufferSize: 2 * LIMITS.requestBodyBytes,
  });
  const handle = serveStdio(
    ({ era }) => createMcpServer(context, watch && { watch, delivery: 'connection', era }, listed),
    {
      transport: watch ? watchListenStreams(wire, watch) : wire,
      onerror: (error) => console.error(`peermem: ${error.message}`),
    },
  );
  return { where: 'stdio', stop: () => handle.close() };
}

async function serveHttp(
  context: ToolContext,
  config: Config,
  listed: readonly MemoryTool[],
  watch?: MemoryWatch,
): Promise<Served> {
  const [{ createMcpHttpApp }, { listen }] = await Promise.all([
    import('../http/mcp-http-app.js'),
    import('../http/listen.js'),
  ]);
  const { app, close } = createMcpHttpApp(context, {
    token: config.token,
    loopback: isLoopbackHost(config.host),
    watch,
    tools: listed,
  });
  const server = await listen(app.fetch, config.host, config.port);
  return {
    where: `HTTP at ${server.url}/mcp`,
    async stop() {
      await close();
      await server.close();
    },
  };
}
