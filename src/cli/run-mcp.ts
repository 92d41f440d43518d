import { type JSONRPCMessage, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { ToolContext } from '../../tools/tool.js';
import { type Config, isLoopbackHost } from '../config.js';
import { formatBytes } from '../http/format-bytes.js';
import { listen } from '../http/listen.js';
import { createMcpHttpApp } from '../http/mcp-http-app.js';
import { BoundedFrames } from '../mcp/bounded-frames.js';
import { createMcpServer } from '../mcp/create-mcp-server.js';
import { watchListenStreams } from '../mcp/listen-streams.js';
import { MemoryWatch } from '../mcp/memory-watch.js';
import { openUpstreamMemory } from '../remote/open-remote-memory.js';
import { LIMITS } from '../schemas/limits.js';
import { VERSION } from '../version.js';
import { describeStore, openEngine, reportUnusableDatabase } from './open-engine.js';
import { stopOnExit } from './stop-on-exit.js';

/** `peermem mcp`: the memory of one workspace, served over stdio or HTTP until told to stop. */
export async function runMcp(config: Config): Promise<void> {
  if (config.remote) return runRemoteMcp(config);
  const { database, engine } = openEngine(config, { deriver: config.deriver });
  reportUnusableDatabase(database);
  const context: ToolContext = { memory: engine.memory(config.workspace) };
  // Sees the memory change (also by other processes on the same database) for subscribed clients.
  const watch = new MemoryWatch(context.memory);
  const served = config.http ? await serveHttp(context, config, watch) : serveOverStdio(context, watch);
  // One line on stderr, so that a person starting it by hand sees what it serves (stdout is MCP's).
  console.error(
    `peermem ${VERSION}: MCP over ${served.where} (workspace "${config.workspace}", ${describeStore(config)}, learning ${config.deriver ? 'on' : 'off'})`,
  );
  const { stop } = served;
  await stopOnExit(
    async () => {
      await stop();
      await watch.close();
      await engine.stop();
      await database.close();
    },
    { onStdinClose: !config.http },
  );
}

/**
 * `peermem mcp --upstream URL`: the same tools, served from the memory the upstream keeps: the
 * wallet's at its gateway, or with `--api-key` a workspace of its platform API. No data folder,
 * database or deriver is opened here.
 */
async function runRemoteMcp(config: Config): Promise<void> {
  const remote = await openUpstreamMemory(config);
  const context: ToolContext = { memory: remote.memory };
  const served = config.http ? await serveHttp(context, config) : serveOverStdio(context);
  console.error(`peermem ${VERSION}: MCP over ${served.where} (${remote.description})`);
  await stopOnExit(() => served.stop(), { onStdinClose: !config.http });
}

type Served = { where: string; stop(): Promise<void> };

function serveOverStdio(context: ToolContext, watch?: MemoryWatch): Served {
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
    ({ era }) => createMcpServer(context, watch && { watch, delivery: 'connection', era }),
    {
      transport: watch ? watchListenStreams(wire, watch) : wire,
      onerror: (error) => console.error(`peermem: ${error.message}`),
    },
  );
  return { where: 'stdio', stop: () => handle.close() };
}

async function serveHttp(context: ToolContext, config: Config, watch?: MemoryWatch): Promise<Served> {
  const { app, close } = createMcpHttpApp(context, {
    token: config.token,
    loopback: isLoopbackHost(config.host),
    watch,
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
