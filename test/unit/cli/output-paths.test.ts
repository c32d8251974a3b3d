// Output paths are checked before a command runs (cli/output-file.ts): a folder that does not
// exist, a path through a file, a directory named as a file, or a file system that takes no new
// file there (/proc) is one line and exit 2 with nothing run; a path that can be written is left
// as it was. The scenarios here would run for many seconds if they ran: nothing on stdout says
// they did not.
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputDir, checkOutputFile } from '../../../cli/output-file.js';
import { projectPath } from '../../../src/project-path.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';

const example = projectPath('examples/adocao-rr.json');
const dir = mkdtempSync(join(tmpdir(), 'cli-out-'));
writeFileSync(join(dir, 'arquivo.txt'), 'kept');

describe('outputs checked before the run', () => {
  it.each([
    [['simulate', example, '--csv', join(dir, 'falta', 'x.csv')], /^campaign-sim: --csv .*: the folder .*falta does not exist \(checked before the run\)\n$/],
    [['simulate', example, '--jsonl', dir], /^campaign-sim: --jsonl .*: cannot write there: it is a directory/],
    [['simulate', example, '--out', join(dir, 'arquivo.txt', 'sub')], /^campaign-sim: --out .*: cannot write there: a part of the path is not a directory/],
    [['sweep', example, '--grid', 'beta0=-7,-6', '-o', join(dir, 'falta', 's.csv')], /^campaign-sim: --output .*falta does not exist/],
    [['plot', projectPath('test/baselines/weekly-rows-small.csv'), '-o', join(dir, 'falta', 'p.svg')], /^campaign-sim: --output .*falta does not exist/],
  ])('%j is refused on one line, exit 2, nothing run', async (args, message) => {
    const r = await runCliCaptured(...args);
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err).toMatch(message);
  });

  it.runIf(existsSync('/proc/self'))('refuses --out under /proc at once (Node\'s recursive mkdir loops there)', async () => {
    const r = await runCliCaptured('simulate', example, '--out', '/proc/nao-existe/run');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--out \/proc\/nao-existe\/run: cannot write there/);
  });

  it('leaves a writable path as it was: no new file, an existing file untouched, a folder made', async () => {
    await checkOutputFile('--csv', join(dir, 'novo.csv'));
    await checkOutputFile('--csv', join(dir, 'arquivo.txt'));
    await checkOutputDir('--out', join(dir, 'a', 'b'));
    expect(readdirSync(dir).sort()).toEqual(['a', 'arquivo.txt']);
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual([]);
    expect(readFileSync(join(dir, 'arquivo.txt'), 'utf8')).toBe('kept');
  });
});
