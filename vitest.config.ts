import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // why: PGlite opens are CPU-heavy and the machines have 2 cores; a few forks keep the suite fast without thrashing
    pool: 'forks',
    maxWorkers: 2,
  },
});
