import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Spawned servers and PGlite start-up take seconds on two cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Test files open their own databases; two at a time keeps two cores busy without thrashing.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});
