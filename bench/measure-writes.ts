import type { Client } from '@modelcontextprotocol/client';
import { type Latency, measureLatency } from './measure-latency.js';
import { callTool } from './stdio-server.js';

/** The session an agent appends to turn by turn while the benchmark measures it. */
const LIVE_SESSION = 'live-chat';

/**
 * One add_messages call per message, as an agent saves each turn as it happens: no created_at,
 * user and assistant alternating in one session.
 */
export function measureSingleMessageWrites(
  client: Client,
  nextText: () => string,
  counts: { warmup: number; iterations: number },
): Promise<Latency> {
  return measureLatency(
    (index) =>
      callTool(client, 'add_messages', {
        session: LIVE_SESSION,
        messages: [{ peer: index % 2 === 0 ? 'user' : 'assistant', content: nextText() }],
      }),
    { ...counts, timeLimitMs: 120_000 },
  );
}
