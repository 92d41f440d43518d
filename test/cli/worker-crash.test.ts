import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { crashWorkers } from '../../bench/stress/crash-loop.js';
import { DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { makeTempDir } from '../support/temp-dir.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

// One round of `npm run bench:stress -- --crash worker`: a `peermem worker` killed with SIGKILL
// while it holds claimed tasks, then a new one that must take them over once their lease ends.
describe.each(['pglite', 'postgres'] as const)('a worker killed with SIGKILL on %s', (database) => {
  it(
    'loses no acknowledged message, and the next worker learns every message exactly once',
    async () => {
      let storage: {
        database: typeof database;
        args: string[];
        openDirect: () => ReturnType<typeof openDatabase>;
      };
      if (database === 'pglite') {
        const dir = await makeTempDir();
        cleanups.push(dir.remove);
        storage = {
          database,
          args: ['--data-dir', dir.path],
          openDirect: () => openDatabase({ kind: 'pglite', dataDir: dir.path }),
        };
      } else {
        const url = await createIsolatedDatabase('worker_crash');
        storage = {
          database,
          args: ['--database-url', url],
          openDirect: () => openDatabase({ kind: 'postgres', url }),
        };
      }
      const report = await crashWorkers(storage, {
        entry: join(PROJECT_ROOT, 'dist/src/main.js'),
        rounds: 1,
        random: Math.random,
        drainMs: (DEFAULT_DERIVER.leaseSeconds + 60) * 1000,
      });
      expect(report).toMatchObject({ crashes: 1, losses: 0, refusals: 0, failedOpens: 0 });
      expect(report.acknowledged).toBeGreaterThan(0);
      expect(report.learned).toMatchObject({
        messages: report.acknowledged,
        duplicateFacts: 0,
        doubleCitations: 0,
        learnedTwice: 0,
        unlearned: 0,
        open: 0,
        failed: 0,
      });
      expect(report.learned.observations).toBeGreaterThan(0);
    },
    (60 + DEFAULT_DERIVER.leaseSeconds + 60 + 30) * 1000,
  );
});
