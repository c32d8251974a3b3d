// The examples of the README and of the library's pages (docs/research.md, docs/library.md), run:
// every ```sh, ```ts and ```js block is extracted and either run or named below with the reason it
// is not, so a command that stops working, a block added without a plan, or a plan whose block is
// gone fails here.
//
// How the shell blocks run (bash, set -eo pipefail, each block a script in a fresh folder holding a
// copy of examples/ and links to data/ and test/): `npx campaign-sim` is this repository's bin
// (node bin/campaign-sim.js, what npx runs in a clone once it has installed the clone in its cache:
// README, Quick start); `simulate` and `sweep` get `--plan-only
// --replicas 1` appended, so the flags, files and paths are checked at a fraction of the run (the
// numbers are the golden and simulate tests'); `/tmp/` is a folder of the test's own; every `npm`
// command is not run (installs, the test suite, builds, benches) but recorded, and the recorded list
// is pinned. The service blocks run against `campaign-sim serve` on a free port, their
// 127.0.0.1:8080 pointed at it. The TypeScript blocks are type-checked together (a block that uses
// a `scenario` it does not define gets one declared), then run as ES modules at the repository root,
// except the ones named in TS_NOT_RUN.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-path.js';

interface Block { file: string; lang: string; code: string; line: number; first: string }

const DOCS = ['README.md', 'docs/research.md', 'docs/library.md'];

function codeBlocks(file: string): Block[] {
  const markdown = readFileSync(projectPath(file), 'utf8');
  return [...markdown.matchAll(/^```(\w+)\n([\s\S]*?)^```/gm)].map((m) => ({
    file, lang: m[1], code: m[2], line: markdown.slice(0, m.index).split('\n').length, first: m[2].split('\n')[0],
  }));
}

const blocks = DOCS.flatMap(codeBlocks);
const shell = blocks.filter((b) => b.lang === 'sh');
const key = (b: Block) => `${b.file}: ${b.first}`;
const scripts = blocks.filter((b) => b.lang === 'ts' || b.lang === 'js');

/** Each shell block by its file and first line: run it, run it against the service, or why not. */
const SH_PLAN: Record<string, 'run' | 'service' | { skip: string }> = {
  'docs/research.md: npx campaign-sim examples list                                   # the scenarios shipped in the package': 'run',
  'docs/research.md: npx campaign-sim examples show recepcao-rr > recepcao-rr.json': 'run',
  'docs/library.md: npx campaign-sim library list                                   # templates and cases': 'run',
  'README.md: npm ci && node bin/campaign-sim.js serve   # install, build once (prepare), serve http://127.0.0.1:8080 on the embedded store (prints a dev API key)':
    { skip: '.ci/run runs npm ci and npm test on a clean clone; `node bin/campaign-sim.js serve` is started for the service blocks below' },
  'README.md: npm install campaign-sim                                  # from the registry, once published':
    { skip: 'installs: test/integration/package-install.test.ts installs the packed tarball and runs examples show and simulate from it' },
  'README.md: npx campaign-sim release list': 'run',
  'README.md: npx campaign-sim validate test/fixtures/contract/valid-recepcao.json   # normalised JSON, exit 0': 'run',
  'README.md: npx campaign-sim simulate examples/adocao-rr.json                  # progress bar, then the published KPIs and each variant\'s weekly curve': 'run',
  'README.md: npm run tsbuild': { skip: 'calibrate runs 27 rounds of RR (about 25 s on 2 cores): test/integration/calibration-cli.test.ts runs calibrate through the CLI and checks this request' },
  'README.md: { echo \'periodo;municipio;valor\'; awk -F, \'$4 == "RR" && $1 >= 202012 && $1 <= 202105 { print $1 ";" $2 ";" $9 }\' data/br/pix/pix_municipio_mensal_202011_202212.csv | sort -t\';\' -k2,2 -k1,1n; } > examples/calibracao-rr-serie.csv': 'run',
  'README.md: npx campaign-sim library list': 'run',
  'README.md: npx campaign-sim library case pix          # per-UF verdicts and the aggregate numbers': 'run',
  'README.md: npx campaign-sim release margins --uf RR --json   # internet and daily media use by segment (persons 10+)': 'run',
  'README.md: export KEY=svc_...   # the key from the line "API key: svc_..."': 'service',
  'README.md: node bin/campaign-sim.js admin org create --nome "Instituto X"           # -> organization id':
    { skip: 'placeholders (<orgId>, postgres://...): test/service/store/admin-cli.test.ts runs admin on a store of its own' },
  'README.md: npm run bench                        # every suite but pix and kernel-ab, one process each; logs and JSON in bench/out/': { skip: 'benchmarks take minutes: npm run bench' },
};

/** The npm commands of the blocks that run, recorded instead of run. */
const NPM_NOT_RUN = ['npm run bench:pix', 'npm run bench:pix-residuals', 'npm run bench:midia'];

/** The TypeScript blocks type-checked but not run, by first line. */
const TS_NOT_RUN: Record<string, string> = {
  'README.md: // an ES module at the repository root (e.g. calibrate.mjs: top-level await), after npm run tsbuild':
    'a calibration of 27 rounds (about 25 s on 2 cores): test/integration/calibration-cli.test.ts runs this request',
};

/** The scenario the TypeScript blocks that use one get: examples/recepcao-rr.json, one replica, two weeks. */
const SCENARIO_PRELUDE = `const scenario = JSON.parse((await import('node:fs')).readFileSync('examples/recepcao-rr.json', 'utf8'));
scenario.replicas = 1; scenario.horizonte.dias = 14;
scenario.canais = [{ canal: 'tv', dia_inicio: 1, dia_fim: 10, intensidade: 0.6 }, { canal: 'radio', dia_inicio: 2, dia_fim: 14, intensidade: 0.5 }];
`;
const usesScenario = (b: Block) => /\bscenario\b/.test(b.code) && !/\b(const|let) scenario\b/.test(b.code);

let tmp: string;
let server: ChildProcess | undefined;
let serverUrl = '';
let apiKey = '';

const PRELUDE = `set -eo pipefail
npx() { if [ "$1" = campaign-sim ]; then shift; case "$1" in simulate|sweep) node "$REPO/bin/campaign-sim.js" "$@" --plan-only --replicas 1;; *) node "$REPO/bin/campaign-sim.js" "$@";; esac; else echo "npx $*" >> "$NOT_RUN"; fi; }
npm() { echo "npm $*" >> "$NOT_RUN"; }
curl() { command curl "\${@//127.0.0.1:8080/$SERVICE}"; }
`;

/** Runs a shell block in a fresh folder; returns its output and the npm/npx commands it did not run. */
function runShell(b: Block, env: Record<string, string> = {}): { out: string; notRun: string[] } {
  const dir = mkdtempSync(join(tmp, 'block-'));
  cpSync(projectPath('examples'), join(dir, 'examples'), { recursive: true });
  for (const d of ['data', 'test', 'bin']) symlinkSync(projectPath(d), join(dir, d));
  mkdirSync(join(dir, 'tmp'));
  const notRun = join(dir, 'not-run.txt');
  writeFileSync(notRun, '');
  const script = PRELUDE + b.code.replaceAll('/tmp/', `${dir}/tmp/`);
  try {
    const out = execFileSync('bash', ['-c', script], {
      cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REPO: projectPath(), NOT_RUN: notRun, SERVICE: serverUrl.replace(/^http:\/\//, ''), ...env },
    });
    return { out, notRun: readFileSync(notRun, 'utf8').split('\n').filter(Boolean) };
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    throw new Error(`${b.file} line ${b.line} (${b.first}): ${stderr ?? e}${stdout ? `\nstdout: ${stdout.slice(0, 2000)}` : ''}`);
  }
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'readme-doctest-'));
});
afterAll(() => {
  server?.kill();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the examples of README.md and the library\'s pages', () => {
  it('has a plan for every shell block and no plan without its block', () => {
    expect(shell.map(key).filter((k) => !(k in SH_PLAN))).toEqual([]);
    expect(Object.keys(SH_PLAN).filter((k) => !shell.some((b) => key(b) === k))).toEqual([]);
    expect(Object.keys(TS_NOT_RUN).filter((k) => !scripts.some((b) => key(b) === k))).toEqual([]);
  });

  const notRun: string[] = [];
  for (const b of shell.filter((x) => SH_PLAN[key(x)] === 'run')) {
    it(`runs ${b.file} line ${b.line} as written`, () => {
      // the validate block's second command is refused on purpose (exit 2): run the block line by line
      if (b.first.startsWith('npx campaign-sim validate')) {
        const [ok, refused, quote] = b.code.trimEnd().split('\n').map((line) => ({ ...b, code: `${line}\n` }));
        expect(JSON.parse(runShell(ok).out).versao_contrato).toBe(3);
        expect(() => runShell(refused)).toThrow(/kpis/);
        expect(runShell(quote).out).toMatch(/\S/);
        return;
      }
      notRun.push(...runShell(b).notRun);
    }, 600_000);
  }

  it('leaves out only the npm commands it names', () => {
    expect(notRun).toEqual(NPM_NOT_RUN);
  });

  it('makes the example series with the command it gives', () => {
    const b = shell.find((x) => x.first.startsWith('{ echo'))!;
    const dir = runShell({ ...b, code: `${b.code}cat examples/calibracao-rr-serie.csv\n` }).out;
    expect(dir).toBe(readFileSync(projectPath('examples/calibracao-rr-serie.csv'), 'utf8'));
  });

  it('type-checks every TypeScript and JavaScript block against the package', () => {
    const dir = projectPath('.cache', 'readme-doctest');
    mkdirSync(dir, { recursive: true });
    const files = scripts.map((b, i) => {
      const file = join(dir, `block-${i}.${b.lang === 'ts' ? 'mts' : 'mjs'}`);
      writeFileSync(file, `${usesScenario(b) ? "declare const scenario: import('campaign-sim').Scenario;\n" : ''}${b.code}export {};\n`);
      return file;
    });
    const program = ts.createProgram(files, {
      module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022,
      strict: true, noEmit: true, skipLibCheck: true, allowJs: true, checkJs: false, types: ['node'],
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(errors).toEqual([]);
  }, 300_000);

  it('runs the TypeScript blocks as ES modules at the repository root', () => {
    const dir = projectPath('.cache', 'readme-doctest');
    mkdirSync(dir, { recursive: true });
    for (const [i, b] of scripts.entries()) {
      if (b.lang !== 'ts' || key(b) in TS_NOT_RUN) continue;
      const js = ts.transpileModule((usesScenario(b) ? SCENARIO_PRELUDE : '') + b.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
      const file = join(dir, `run-${i}.mjs`);
      writeFileSync(file, js);
      try {
        execFileSync(process.execPath, [file], { cwd: projectPath(), encoding: 'utf8', stdio: 'pipe' });
      } catch (e) {
        throw new Error(`${b.file} line ${b.line} (${b.first}): ${(e as { stderr?: string }).stderr ?? e}`);
      }
    }
  }, 600_000);

  describe('against campaign-sim serve', () => {
    beforeAll(async () => {
      const dir = mkdtempSync(join(tmp, 'serve-'));
      server = spawn(process.execPath, [projectPath('bin/campaign-sim.js'), 'serve', '--threads', '1'], { cwd: dir, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      await new Promise<void>((resolve, reject) => {
        server!.stdout!.on('data', (d) => {
          out += String(d);
          const url = /campaign-sim service on (http:\/\/\S+)/.exec(out);
          if (url) {
            serverUrl = url[1];
            apiKey = /API key: (\S+)/.exec(out)![1];
            resolve();
          }
        });
        server!.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
    }, 120_000);

    it('answers the curl session of the README with the key serve printed', () => {
      const b = shell.find((x) => SH_PLAN[key(x)] === 'service')!;
      const code = b.code.replace(b.first, 'export KEY="$DOCTEST_KEY"');
      const { out } = runShell({ ...b, code }, { DOCTEST_KEY: apiKey });
      expect(out).toMatch(/"organizacao|"organization|"projeto/);
      expect(out).not.toMatch(/"code":\s*"(unauthorized|forbidden|invalid_request)"/);
    });

    it('runs the MCP client of the README', () => {
      const b = scripts.find((x) => x.lang === 'js')!;
      const file = projectPath('.cache', 'readme-doctest', 'mcp.mjs');
      writeFileSync(file, b.code.replace('http://127.0.0.1:8080', serverUrl));
      const out = execFileSync(process.execPath, [file], { cwd: projectPath(), encoding: 'utf8', env: { ...process.env, KEY: apiKey } });
      expect(out).toMatch(/list_releases/);
      expect(out).toMatch(/v1\.0\.0/);
    });
  });
});
