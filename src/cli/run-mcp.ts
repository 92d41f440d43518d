import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { ToolContext } from '../../tools/tool.js';
import { type Config, isLoopbackHost } from '../config.js';
import { listen } from '../http/listen.js';
import { createMcpHttpApp } from '../http/mcp-http-app.js';
import { createMcpServer } from '../mcp/create-mcp-server.js';
import { openEngine } from './open-engine.js';
import { stopOnExit } from './stop-on-exit.js';

/** `peermem mcp`: the memory of one workspace, served over stdio or HTTP until told to stop. */
export async function runMcp(config: Config): Promise<void> {
  const { database, engine } = openEngine(config, { deriver: config.deriver });
  // Report an unusable database at once, not only at the first tool call.
  database.query('SELECT 1').catch((error: Error) => console.error(`peermem: ${error.message}`));
  const context: ToolContext = { memory: engine.memory(config.workspace) };
  const stop = config.http ? await serveHttp(context, config) : serveOverStdio(context);
  await stopOnExit(
    async () => {
      await stop();
      await engine.stop();
      await database.close();
    },
    { onStdinClose: !config.http },
  );
}

function serveOverStdio(context: ToolContext): () => Promise<void> {
  const handle = serveStdio(() => createMcpServer(context), {
    onerror: (error) => console.error(`peermem: ${error.message}`),
  });
  return () => handle.close();
}

async function serveHttp(context: ToolContext, config: Config): Promise<() => Promise<void>> {
  const { app, close } = createMcpHttpApp(context, {
    token: config.token,
    loopback: isLoopbackHost(config.host),
  });
  const server = await listen(app.fetch, config.host, config.port);
  console.error(`peermem: MCP over HTTP at ${server.url}/mcp (workspace "${config.workspace}")`);
  return async () => {
    await close();
    await server.close();
  };
}
