import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/client';
import { createEngine } from '../src/engine/create-engine.js';
import { openDatabase } from '../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../src/engine/learning/create-learning.js';
import type { BenchStore } from './bench-stores.js';
import type { MessageBatch } from './conversation-plan.js';
import { type Latency, summarize } from './measure-latency.js';
import { callTool } from './stdio-server.js';

export type SeedResult = {
  messages: number;
  elapsedMs: number;
  /** Round trip of each add_messages call. */
  perCall: Latency;
};

/** Appends the batches through a connected MCP client, one add_messages call per batch. */
export async function seedThroughStdio(client: Client, batches: Iterable<MessageBatch>): Promise<SeedResult> {
  return appendTimed(batches, (batch) => callTool(client, 'add_messages', batch));
}

/**
 * Appends the batches with the engine in this process, no MCP server running: the fast way
 * to build a large store. For PGlite this process opens the data folder itself, so no
 * server may hold it meanwhile; it is closed again before returning.
 */
export async function seedThroughEngine(
  store: BenchStore,
  batches: Iterable<MessageBatch>,
): Promise<SeedResult> {
  const database = openDatabase(store.location);
  try {
    // Opening (for PGlite, loading the data folder) is start-up, measured elsewhere: not seeding.
    await database.query('SELECT 1');
    // Only queue what the deriver will learn: seeding measures the writes.
    const engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    const memory = engine.memory(store.workspace);
    return await appendTimed(batches, (batch) => memory.addMessages(batch));
  } finally {
    await database.close();
  }
}

async function appendTimed(
  batches: Iterable<MessageBatch>,
  append: (batch: MessageBatch) => Promise<unknown>,
): Promise<SeedResult> {
  const samples: number[] = [];
  let messages = 0;
  const started = performance.now();
  for (const batch of batches) {
    const before = performance.now();
    await append(batch);
    samples.push(performance.now() - before);
    messages += batch.messages.length;
  }
  const elapsedMs = performance.now() - started;
  return { messages, elapsedMs, perCall: summarize(samples, elapsedMs) };
}
