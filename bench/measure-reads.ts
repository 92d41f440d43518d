import type { Client } from '@modelcontextprotocol/client';
import { type Latency, type LatencyOptions, measureLatency } from './measure-latency.js';
import { callTool } from './stdio-server.js';

export type ReadLatencies = { listMessages: Latency; search: Latency; getContext: Latency };

/**
 * The three reads an agent makes most, each repeated on its own so their latencies do not mix:
 * a page of a long session, a search over the whole workspace, a prompt's worth of context.
 */
export async function measureReads(
  client: Client,
  target: { session: string; queries: readonly string[] },
  options: LatencyOptions,
): Promise<ReadLatencies> {
  const listMessages = await measureLatency(
    () => callTool(client, 'list_messages', { session: target.session, size: 50 }),
    options,
  );
  // The queries take turns, so no single lucky or unlucky query decides the percentiles.
  const search = await measureLatency(
    (index) =>
      callTool(client, 'search', { query: target.queries[index % target.queries.length], limit: 10 }),
    options,
  );
  const getContext = await measureLatency(
    () => callTool(client, 'get_context', { session: target.session, tokens: 2048 }),
    options,
  );
  return { listMessages, search, getContext };
}
