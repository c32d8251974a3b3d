// What `npm pack` ships (package.json "files"): the built library, CLI, browser bundles, kernel and the data read
// at run time, the examples and docs the README points to; never local state (the embedded store, population caches, profiles) nor the built
// tests and benches. `--ignore-scripts` skips the prepare build: `npm test` has built already.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-path.js';

interface PackReport { files: { path: string }[] }

function packedPaths(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: projectPath(), encoding: 'utf8', maxBuffer: 1 << 26 });
  return (JSON.parse(out) as PackReport[])[0].files.map((f) => f.path);
}

describe('npm pack', () => {
  const paths = packedPaths();

  it('ships the library, the CLI, the kernel, the data read at run time and the licence', () => {
    for (const p of [
      'package.json', 'README.md', 'LICENSE', 'bin/campaign-sim.js', 'build/kernel.wasm',
      'dist/src/index.js', 'dist/src/index.d.ts', 'dist/cli/main.js', 'dist/src/pool/kernel-thread.js', 'dist/service/server.js',
      'dist/calibration/run.js', 'data/br/municipios.csv', 'data/releases/fontes.json', 'service/console/views/layout.eta',
      'dist/src/internals.js', 'dist/browser/index.js', 'dist/browser/kernel-worker.js', 'dist/browser/playground.js',
      'service/playground/static/index.html', 'examples/adocao-rr.json', 'docs/README.md', 'docs/research.md', 'CHANGELOG.md', 'CITATION.cff',
    ]) expect(paths, p).toContain(p);
  });

  it('resolves every relative link of the README and of docs/ inside the package', () => {
    const broken: string[] = [];
    for (const doc of ['README.md', ...paths.filter((p) => /^docs\/[^/]+\.md$/.test(p))]) {
      const dir = doc.includes('/') ? doc.slice(0, doc.lastIndexOf('/') + 1) : '';
      for (const m of readFileSync(projectPath(doc), 'utf8').matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)) {
        const target = new URL(m[1], `file:///${dir}`).pathname.slice(1);
        if (!paths.includes(target) && !paths.some((p) => p.startsWith(`${target.replace(/\/$/, '')}/`))) broken.push(`${doc} -> ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('leaves out local state, tests, benches and sources', () => {
    const unwanted = [/^service\/(?!console\/(views|static)\/|playground\/static\/(index\.html|playground\.css)$)/, /^data\/pglite\//, /^data\/cache\//, /^data-dev\//, /^\.cache\//, /\.dump$/, /^dist\/test\//, /^dist\/bench\//, /^bench\//, /^test\//, /^assembly\//, /^src\//, /\.tgz$/];
    expect(paths.filter((p) => unwanted.some((u) => u.test(p)))).toEqual([]);
  });
});
