import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { claimTasks } from '../../../src/engine/deriver/claim-tasks.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import type { Learning } from '../../../src/engine/learning/learning.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

const LEASE_SECONDS = 2;

describe.each(['pglite', 'postgres'] as const)('the deriver renews its lease while it lives (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind, 'lease');
  });
  afterAll(() => database.close());

  it('keeps the claim of a task that outlasts the lease; a claim nobody renews lapses within it', async () => {
    const offline = createLearning(OFFLINE_LEARNING);
    // The offline reasoner, made to take three leases over each extraction: a slow model's pace.
    let extracting: (() => void) | undefined;
    const slow: Learning = {
      ...offline,
      reasoner: {
        ...offline.reasoner,
        async extractObservations(speaker, messages) {
          extracting?.();
          await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_SECONDS * 1000));
          return offline.reasoner.extractObservations(speaker, messages);
        },
      },
    };
    const workspace = uniqueWorkspace('lease');
    const engine = createEngine(database, {
      learning: slow,
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, leaseSeconds: LEASE_SECONDS, pollMs: 50 },
    });
    try {
      const started = new Promise<void>((resolve) => {
        extracting = resolve;
      });
      await engine.memory(workspace).addMessages({
        session: 's',
        messages: [{ peer: 'Ada', content: 'I keep bees on the roof of my building.' }],
      });
      engine.deriver?.nudge();
      await started;
      // Two leases into the task, another worker still finds nothing to take over.
      await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_SECONDS * 1000));
      const taken = await claimTasks(database, {
        limit: 10,
        leaseSeconds: LEASE_SECONDS,
        claimToken: 'other',
      });
      expect(taken.filter((task) => task.workspace_id === workspace)).toEqual([]);
      await expect
        .poll(() => engine.memory(workspace).getDeriverStatus({}), { timeout: 20_000 })
        .toMatchObject({ pending: 0, in_progress: 0, done: 1 });
    } finally {
      await engine.stop();
    }

    // A claim whose deriver is gone is renewed by nobody: after one lease, another worker takes it.
    const orphan = uniqueWorkspace('orphan');
    await createEngine(database, { learning: offline, contextTokens: 8192, deriver: false })
      .memory(orphan)
      .addMessages({ session: 's', messages: [{ peer: 'Ada', content: 'I play the cello on Sundays.' }] });
    const [dead] = (
      await claimTasks(database, { limit: 10, leaseSeconds: LEASE_SECONDS, claimToken: 'dead' })
    ).filter((task) => task.workspace_id === orphan);
    expect(dead).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 1) * 1000));
    const retaken = await claimTasks(database, {
      limit: 10,
      leaseSeconds: LEASE_SECONDS,
      claimToken: 'survivor',
    });
    expect(retaken.map((task) => task.id)).toContain(dead?.id);
  }, 60_000);
});
