import { expect, it } from 'vitest';
import { openPglite } from '../../../src/engine/database/open-pglite.js';

it('runs PGlite sized for one person on their own machine, not for a server', async () => {
  const database = await openPglite('memory');
  try {
    const setting = async (name: string) =>
      (await database.query<{ value: string }>('SELECT current_setting($1) AS value', [name]))[0]?.value;
    // Shared buffers are zeroed at start, so resident from the first second: 32 MB, not 128.
    expect(await setting('shared_buffers')).toBe('32MB');
    // WebAssembly memory never shrinks after an index build.
    expect(await setting('maintenance_work_mem')).toBe('16MB');
    // The planner keeps a spinning disk's page cost: with a local disk's (1.1), search at 10,000
    // messages was faster but LoCoMo's held-out recall fell (R@10 70.8 -> 70.6 %), most likely
    // through pgvector's approximate index taken in small workspaces scanned exactly before.
    expect(await setting('random_page_cost')).toBe('4');
  } finally {
    await database.close();
  }
});
