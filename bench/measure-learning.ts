import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/client';
import { type Latency, measureLatency } from './measure-latency.js';
import { callTool } from './stdio-server.js';

type Status = {
  pending: number;
  in_progress: number;
  done: number;
  learning_thread?: string;
  vector_search?: string;
};

const status = async (client: Client, session?: string) =>
  (await callTool(client, 'get_deriver_status', session === undefined ? {} : { session })) as Status;

/** How the server learns and searches, as get_deriver_status reports it. */
export async function learningPaths(client: Client): Promise<string> {
  const { learning_thread, vector_search } = await status(client);
  return `learning on the ${learning_thread ?? '?'} thread, vectors ${vector_search ?? '?'}`;
}

/** Waits until the deriver has learned everything queued; returns how long that took. */
export async function waitForLearning(client: Client, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { pending, in_progress } = await status(client);
    if (pending + in_progress === 0) return performance.now() - started;
    if (performance.now() - started > timeoutMs)
      throw new Error(`learning did not catch up within ${timeoutMs / 1000} s (${pending} tasks pending)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Deriver lag: one single-turn write to a new session, then the time until that session's task
 * is learned (get_deriver_status polled every 20 ms). The median of `rounds` writes.
 */
export async function measureLag(client: Client, nextTurn: () => string, rounds: number): Promise<number> {
  const lags: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const session = `lag-${Date.now().toString(36)}-${round}`;
    const started = performance.now();
    await callTool(client, 'add_messages', { session, messages: [{ peer: 'user', content: nextTurn() }] });
    while ((await status(client, session)).done < 1) {
      if (performance.now() - started > 60_000)
        throw new Error('a single-turn write was not learned within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    lags.push(performance.now() - started);
  }
  return lags.sort((a, b) => a - b)[Math.floor(lags.length / 2)] ?? Number.NaN;
}

/** add_messages calls of `size` turns each to one live session, one after another. */
export function measureWrites(
  client: Client,
  nextTurn: () => string,
  size: number,
  iterations: number,
): Promise<Latency> {
  const session = `live-${size}-${Date.now().toString(36)}`;
  return measureLatency(
    (index) =>
      callTool(client, 'add_messages', {
        session,
        messages: Array.from({ length: size }, (_, i) => ({
          peer: (index * size + i) % 2 === 0 ? 'user' : 'assistant',
          content: nextTurn(),
        })),
      }),
    { warmup: 5, iterations, timeLimitMs: 60_000 },
  );
}

/** The process's peak resident memory in MB (Linux), or NaN where /proc is not there. */
export function peakRssMb(pid: number | null): number {
  if (pid === null) return Number.NaN;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
