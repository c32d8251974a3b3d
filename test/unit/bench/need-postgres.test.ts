// Without the PostgreSQL server a bench needs, the suite says so in one line and `npm run bench`
// reports it skipped, instead of a connection-refused stack (bench/lib/need-postgres.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../../src/project-path.js';

const run = promisify(execFile);
// port 1: nothing listens there, the connection is refused at once
const env = { ...process.env, BENCH_OUT: mkdtempSync(join(tmpdir(), 'bench-pg-')), BENCH_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' };

describe('a bench without its PostgreSQL server', () => {
  it('is reported skipped by bench/run.js in one line naming what it needs', async () => {
    const { stdout } = await run(process.execPath, [projectPath('dist/bench/run.js'), 'webhooks'], { cwd: projectPath(), env });
    expect(stdout).toMatch(/^bench webhooks +skipped +[\d.]+ s {2}bench webhooks: needs a PostgreSQL server at postgres:\/\/127\.0\.0\.1:1\/test \(set BENCH_DATABASE_URL\); none answered \(ECONNREFUSED\)$/m);
    expect(stdout).toMatch(/^skipped suites \(a service they need is absent\): webhooks$/m);
    expect(stdout).not.toMatch(/FAILED|at .*\.js:\d+/);
  });
});
