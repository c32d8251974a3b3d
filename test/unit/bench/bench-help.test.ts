// Every built bench answers --help at once (`node dist/bench/<name>.js --help`): exit 0, the usage
// on stdout, nothing written. A bench that ignored the flag would start its work, many minutes
// long: the limit per bench catches it. It is far above a help's time (a bench importing the
// whole service took over 30 s at a load of 27 on 2 cores), so the test does not hang on timing.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../../src/project-path.js';

const LIMIT_MS = 180_000;
const dir = projectPath('dist', 'bench');
const benches = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -'.js'.length)).sort();

/** Runs `node dist/bench/<name>.js --help` with BENCH_OUT in a fresh folder; what it printed and wrote. */
function help(name: string): Promise<{ code: number | null; killed: boolean; stdout: string; stderr: string; wrote: string[] }> {
  const out = mkdtempSync(join(tmpdir(), 'bench-help-'));
  return new Promise((resolve) => {
    execFile(process.execPath, [join(dir, `${name}.js`), '--help'], { cwd: projectPath(), timeout: LIMIT_MS, killSignal: 'SIGKILL', env: { ...process.env, BENCH_OUT: out } }, (err, stdout, stderr) => {
      const wrote = readdirSync(out);
      rmSync(out, { recursive: true, force: true });
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, killed: err?.killed ?? false, stdout, stderr, wrote });
    });
  });
}

describe('every bench answers --help without running', () => {
  it('finds the benches', () => {
    expect(benches).toEqual(expect.arrayContaining(['kernel', 'run', 'shards', 'population']));
  });

  for (const name of benches) {
    it(`${name} --help`, async () => {
      const r = await help(name);
      expect(r.killed, `${name} --help still ran after ${LIMIT_MS / 1000} s`).toBe(false);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: node dist/bench/${name}\\.js `));
      expect(r.wrote).toEqual([]);
    }, LIMIT_MS + 10_000);
  }
});
