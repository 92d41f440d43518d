import { afterEach, describe, it } from 'vitest';
import { runFuzz } from '../../bench/stress/run-fuzz.js';
import { seedMemory, toolFuzzTarget } from '../../bench/stress/tool-fuzz.js';
import {
  type ConnectedClient,
  connectClient,
  type DatabaseKind,
  type TransportKind,
} from '../support/mcp-targets.js';
import { CALL_TIMEOUT_MS, expectNoFailures, FUZZ_TEST_TIMEOUT_MS, testBudget } from './fuzz-budget.js';

/** Most cases in process; a smaller run over stdio, where each call crosses a real pipe to `npm start`. */
const RUNS: Record<Exclude<TransportKind, 'http'>, number> = { 'in-process': 120, stdio: 25 };

describe.each(['pglite', 'postgres'] satisfies DatabaseKind[])('every tool, fuzzed (%s)', (database) => {
  let connected: ConnectedClient | undefined;
  afterEach(async () => {
    await connected?.close();
    connected = undefined;
  });

  it.each(['in-process', 'stdio'] as const)(
    'over %s: answers in time, stays up, refuses with the field named, stores nothing when refused',
    async (transport) => {
      connected = await connectClient(transport, database);
      await seedMemory(connected.client);
      const target = await toolFuzzTarget(
        `tools ${transport} ${database}`,
        connected.client,
        CALL_TIMEOUT_MS,
      );
      expectNoFailures(await runFuzz(target, testBudget(RUNS[transport])), 'test/fuzz/tools.test.ts');
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
