// What `npm pack` ships (package.json "files"): the built library, CLI, browser bundles, kernel and the data read
// at run time, the examples and docs the README points to; never local state (the embedded store, population caches, profiles) nor the built
// tests and benches. `--ignore-scripts` skips the prepare build: `npm test` has built already.
// The file paths the shipped docs name are in the package or link to the repository
// (scripts/doc-file-links.ts, `npm run docs:links`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  docFileMentions, ignored, linksTo, names, packedPaths, REPOSITORY_BRANCH, repositoryRoots, shippedDocs, trackedPaths,
} from '../../scripts/doc-file-links.js';
import { projectPath } from '../../src/project-path.js';

/** Whether the commit `ref` has the file or folder `path`. */
function gitHas(ref: string, path: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${ref}:${path.replace(/\/$/, '')}`], { cwd: projectPath(), stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('npm pack', () => {
  const paths = packedPaths();

  it('ships the library, the CLI, the kernel, the data read at run time and the licence', () => {
    for (const p of [
      'package.json', 'README.md', 'LICENSE', 'bin/campaign-sim.js', 'build/kernel.wasm',
      'dist/src/index.js', 'dist/src/index.d.ts', 'dist/cli/main.js', 'dist/src/pool/kernel-thread.js', 'dist/service/server.js',
      'dist/calibration/run.js', 'data/br/municipios.csv', 'data/releases/fontes.json', 'service/console/views/layout.eta',
      'dist/src/internals.js', 'dist/browser/index.js', 'dist/browser/kernel-worker.js', 'dist/browser/playground.js',
      'service/playground/static/index.eta', 'examples/adocao-rr.json', 'docs/README.md', 'docs/research.md', 'CHANGELOG.md', 'CITATION.cff',
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

  it('has every backticked file path of the shipped docs in the package, linked to the repository, or git-ignored (a local output)', () => {
    const tracked = trackedPaths();
    const roots = repositoryRoots(tracked);
    const docs = shippedDocs(paths);
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'docs/research.md', 'docs/experiments/kernel-speed.md']));
    const unlinked: string[] = [];
    const stale: string[] = [];
    let mentions = 0;
    for (const doc of docs) {
      for (const m of docFileMentions(readFileSync(projectPath(doc), 'utf8'), roots)) {
        mentions++;
        if (m.link !== undefined && linksTo(m.link, m.path)) {
          // the link names a file of the branch, or of the commit it pins
          const ref = m.link.split('/')[6];
          const there = ref === REPOSITORY_BRANCH ? names(tracked, m.path) : gitHas(ref, m.path);
          if (!there) stale.push(`${doc}: ${m.link}`);
        } else if (!names(paths, m.path) && !ignored(m.path)) unlinked.push(`${doc}: ${m.path}`);
      }
    }
    expect(mentions).toBeGreaterThan(400);
    expect(unlinked, 'npm run docs:links links the ones the repository has').toEqual([]);
    expect(stale).toEqual([]);
  });

  it('leaves out local state, tests, benches and sources', () => {
    const unwanted = [/^service\/(?!console\/(views|static)\/|playground\/static\/(index\.eta|playground\.css)$)/, /^data\/pglite\//, /^data\/cache\//, /^data-dev\//, /^\.cache\//, /\.dump$/, /^dist\/test\//, /^dist\/bench\//, /^bench\//, /^test\//, /^assembly\//, /^src\//, /\.tgz$/];
    expect(paths.filter((p) => unwanted.some((u) => u.test(p)))).toEqual([]);
  });
});
