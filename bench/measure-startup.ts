import { performance } from 'node:perf_hooks';
import { median } from './measure-latency.js';
import { callTool, startStdioServer } from './stdio-server.js';

export type StartupTimes = {
  launches: number;
  /** Spawn to the answer of the first tools/list (after the initialize handshake), median. */
  toolsListMs: number;
  /** Spawn to the result of a first list_sessions call, which needs the database open, median. */
  firstResultMs: number;
};

/**
 * Launches the server `launches` times, one after another, as an editor does when it starts
 * a session. Each launch waits for the previous server to exit, so every one opens the store
 * from cold (for PGlite: takes the data folder's lock and opens the database itself).
 */
export async function measureStartup(
  serverArgs: readonly string[],
  launches: number,
  options: { learning: boolean },
): Promise<StartupTimes> {
  const toolsList: number[] = [];
  const firstResult: number[] = [];
  for (let launch = 0; launch < launches; launch++) {
    const spawned = performance.now();
    const server = await startStdioServer(serverArgs, options);
    try {
      await server.client.listTools();
      toolsList.push(performance.now() - spawned);
      await callTool(server.client, 'list_sessions', {});
      firstResult.push(performance.now() - spawned);
    } finally {
      await server.close();
    }
  }
  return { launches, toolsListMs: median(toolsList), firstResultMs: median(firstResult) };
}
