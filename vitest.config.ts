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
    // The JSON report feeds the closing "N passed, N failed" line of .ci/run.
    reporters: ['default', ['json', { outputFile: '.cache/vitest-report.json' }]],
  },
});
