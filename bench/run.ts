// `npm run bench`: runs every benchmark suite in bench/ (each bench/<name>.ts, built to
// dist/bench/<name>.js, is a script that writes bench/results/<name>.json), one after the other
// in its own process. `node dist/bench/run.js kernel population` runs only the named suites.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { projectPath } from '../src/project-path.js';

const dir = projectPath('dist', 'bench');
const wanted = process.argv.slice(2);
const suites = readdirSync(dir)
  .filter((f) => f.endsWith('.js') && f !== 'run.js')
  .map((f) => basename(f, '.js'))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

const failed: string[] = [];
for (const name of suites) {
  process.stdout.write(`\n== bench ${name}\n`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(dir, `${name}.js`)], { stdio: 'inherit' });
  process.stdout.write(`== ${name}: ${r.status === 0 ? 'done' : `failed (exit ${r.status ?? r.signal})`} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  if (r.status !== 0) failed.push(name);
}
if (wanted.length && suites.length !== wanted.length) {
  process.stdout.write(`unknown suites: ${wanted.filter((w) => !suites.includes(w)).join(', ')}; known: ${suites.join(', ')}\n`);
  process.exitCode = 2;
}
if (failed.length) {
  process.stdout.write(`failed suites: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
