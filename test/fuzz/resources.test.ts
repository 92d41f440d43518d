import { afterEach, describe, it } from 'vitest';
import { resourceFuzzTarget } from '../../bench/stress/resource-fuzz.js';
import { runFuzz } from '../../bench/stress/run-fuzz.js';
import { seedMemory } from '../../bench/stress/tool-fuzz.js';
import { type ConnectedClient, connectClient, type DatabaseKind } from '../support/mcp-targets.js';
import { CALL_TIMEOUT_MS, expectNoFailures, FUZZ_TEST_TIMEOUT_MS, testBudget } from './fuzz-budget.js';

describe.each(['pglite', 'postgres'] satisfies DatabaseKind[])(
  'every resource, read with hostile ids (%s)',
  (database) => {
    let connected: ConnectedClient | undefined;
    afterEach(async () => {
      await connected?.close();
      connected = undefined;
    });

    it(
      'answers the resource or a resource error in its own words, never an internal or database error',
      async () => {
        connected = await connectClient('in-process', database);
        await seedMemory(connected.client);
        const target = resourceFuzzTarget(
          `resources in-process ${database}`,
          connected.client,
          CALL_TIMEOUT_MS,
        );
        expectNoFailures(await runFuzz(target, testBudget(60)), 'test/fuzz/resources.test.ts');
      },
      FUZZ_TEST_TIMEOUT_MS,
    );
  },
);
