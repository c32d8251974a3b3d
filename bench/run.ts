// `npm run bench`: runs every benchmark suite in bench/ (each bench/<name>.ts, built to
// dist/bench/<name>.js) one after the other, each in its own process writing its JSON to
// bench/out/ (git-ignored; bench/lib/bench-output.ts) and its log to bench/out/<name>.log, then
// prints a short table of what changed against the committed bench/results/, with the machine's
// load average (the machine is shared: a change under load may be the load).
// `node dist/bench/run.js kernel peers` runs only the named suites. pix and kernel-ab are left out
// unless named: pix refits the release's Pix case (`npm run bench:pix`, a release artefact it
// writes in place); kernel-ab compares two kernel builds (its --base), A/A by default; contributions
// runs the reception example's 9 variants in RR and AP (a model check, minutes).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join, relative } from 'node:path';
import { projectPath } from '../src/project-path.js';
import { oneOf, parseBenchArgs } from './lib/bench-args.js';
import { benchOutputDir } from './lib/bench-output.js';
import { NEEDS_SERVICE_EXIT } from './lib/need-postgres.js';
import { measuredChanges, shortNumber } from './lib/compare-results.js';

const ONLY_WHEN_NAMED = ['pix', 'kernel-ab', 'contributions'];
/** Rows per result file in the table of changes. */
const ROWS_PER_FILE = 4;

const dir = projectPath('dist', 'bench');
const known = readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'run.js').map((f) => basename(f, '.js')).sort();
const { positionals: wanted } = parseBenchArgs({
  name: 'run',
  measures: `Runs benchmark suites one after the other, each in its own process (\`node dist/bench/<suite>.js\` with its defaults), then prints what changed against the committed bench/results/ and the load average at the start and the end. Without suites: every one but ${ONLY_WHEN_NAMED.join(', ')}.`,
  results: ['<suite>.json', '<suite>.log'],
  positionals: { name: 'SUITE', description: `run only these suites; found in dist/bench: ${known.join(', ')}`, check: oneOf(known) },
  options: {},
});
const out = benchOutputDir();
const suites = known.filter((name) => (wanted.length === 0 ? !ONLY_WHEN_NAMED.includes(name) : wanted.includes(name)));

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const loadBefore = load();
mkdirSync(out, { recursive: true });
const started = Date.now();
const failed: string[] = [];
const skipped: string[] = [];
for (const name of suites) {
  const log = join(out, `${name}.log`);
  const fd = openSync(log, 'w');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(dir, `${name}.js`)], { stdio: ['ignore', fd, fd], env: { ...process.env, BENCH_OUT: out } });
  closeSync(fd);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  if (r.status === NEEDS_SERVICE_EXIT) {
    // the suite said in one line what it needs (bench/lib/need-postgres.ts)
    const why = readFileSync(log, 'utf8').trim().split('\n').at(-1) ?? '';
    process.stdout.write(`bench ${name.padEnd(14)} skipped ${secs.padStart(7)} s  ${why}\n`);
    skipped.push(name);
    continue;
  }
  process.stdout.write(`bench ${name.padEnd(14)} ${r.status === 0 ? 'done  ' : `FAILED (exit ${r.status ?? r.signal})`} ${secs.padStart(7)} s  log ${relative(projectPath(), log)}\n`);
  if (r.status !== 0) failed.push(name);
}

// The table: result files this run wrote (not those left from an earlier run), against the
// committed ones of the same name; none when this run wrote over the committed ones.
const rows: string[][] = [['file', 'measure', 'committed', 'now', 'change']];
const written = out === projectPath('bench', 'results') ? [] : readdirSync(out).filter((f) => f.endsWith('.json') && statSync(join(out, f)).mtimeMs >= started).sort();
for (const file of written) {
  const committed = projectPath('bench', 'results', file);
  const fresh = join(out, file);
  if (!existsSync(committed)) {
    rows.push([file, '(new: nothing committed to compare)', '', '', '']);
    continue;
  }
  const changes = measuredChanges(JSON.parse(readFileSync(committed, 'utf8')), JSON.parse(readFileSync(fresh, 'utf8')));
  for (const c of changes.slice(0, ROWS_PER_FILE)) {
    rows.push([file, c.path, shortNumber(c.committed), shortNumber(c.now), `${c.relative >= 0 ? '+' : ''}${(c.relative * 100).toFixed(1)}%`]);
  }
  if (changes.length > ROWS_PER_FILE) rows.push([file, `(${changes.length - ROWS_PER_FILE} more measures changed less)`, '', '', '']);
}
const width = rows[0].map((_, j) => Math.max(...rows.map((r) => r[j].length)));
process.stdout.write(`\nChanges against bench/results/ (largest first; times: lower is better, rates: higher is better)\n`);
process.stdout.write(`load average 1/5/15 min: ${loadBefore} at the start, ${load()} at the end\n`);
for (const r of rows) process.stdout.write(`${r.map((c, j) => (j < 2 ? c.padEnd(width[j]) : c.padStart(width[j]))).join('  ').trimEnd()}\n`);
process.stdout.write(`\nFull results in ${relative(projectPath(), out)}/; to refresh the committed ones: BENCH_OUT=bench/results npm run bench\n`);

if (skipped.length) process.stdout.write(`skipped suites (a service they need is absent): ${skipped.join(', ')}\n`);
if (failed.length) {
  process.stdout.write(`failed suites: ${failed.join(', ')} (see their logs)\n`);
  process.exitCode = 1;
}
