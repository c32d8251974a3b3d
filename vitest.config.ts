import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Store, queue and population tests share one PostgreSQL and one population cache:
    // files run in parallel workers, tests inside a file in order.
    pool: 'forks',
    maxWorkers: 2,
  },
});
