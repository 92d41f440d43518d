import { expect, it } from 'vitest';
import { openPglite } from '../../../src/engine/database/open-pglite.js';

it('runs PGlite sized and planned for one person on their own machine, not for a server', async () => {
  const database = await openPglite('memory');
  try {
    const setting = async (name: string) =>
      (await database.query<{ value: string }>('SELECT current_setting($1) AS value', [name]))[0]?.value;
    // Shared buffers are zeroed at start, so resident from the first second: 32 MB, not 128.
    expect(await setting('shared_buffers')).toBe('32MB');
    // WebAssembly memory never shrinks after an index build.
    expect(await setting('maintenance_work_mem')).toBe('16MB');
    // The files are on the local disk, mostly cached: a long question's words are taken from the
    // full-text index instead of testing every message against them.
    expect(await setting('random_page_cost')).toBe('1.1');
  } finally {
    await database.close();
  }
});
