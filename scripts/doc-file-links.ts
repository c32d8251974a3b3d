// The file paths the shipped docs name (README.md, CHANGELOG.md, docs/, as `npm pack` packs them)
// either are in the package or link to the repository: most name sources, tests and benches,
// which the package leaves out, so in an installed copy a bare `src/contract/schemas.ts` pointed
// nowhere. Run `npm run docs:links` after writing docs: it turns each backticked path of a file or
// folder of the repository that the package leaves out into a link to it on the repository's
// main branch (REPOSITORY_URL, from package.json `repository`), and changes nothing else.
// test/integration/package-contents.test.ts checks the docs against the same rules
// (docFileMentions) and fails on a path that is neither packed, linked, nor a local output
// (git-ignored: bench/out/, data/pglite/); the path of a file that is gone must be fixed by hand
// (docs/README.md, "Links").
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { runAsMain } from '../bench/lib/run-as-main.js';
import { projectPath } from '../src/project-path.js';

/** The repository's web address, from package.json `repository.url` (git+https://github.com/o/r.git -> https://github.com/o/r). */
export const REPOSITORY_URL = ((): string => {
  const repository = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { repository: { url: string } }).repository;
  return repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
})();

/** The branch the docs link to. */
export const REPOSITORY_BRANCH = 'main';

interface PackReport { files: { path: string }[] }

/** The files `npm pack` puts in the tarball (package.json "files"); `--ignore-scripts` skips the prepare build. */
export function packedPaths(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: projectPath(), encoding: 'utf8', maxBuffer: 1 << 26 });
  return (JSON.parse(out) as PackReport[])[0].files.map((f) => f.path);
}

/** The shipped docs among the packed paths. */
export function shippedDocs(paths: readonly string[]): string[] {
  return paths.filter((p) => p === 'README.md' || p === 'CHANGELOG.md' || /^docs\/.+\.md$/.test(p));
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: projectPath(), encoding: 'utf8', maxBuffer: 1 << 26 });
}

/** The repository's tracked files, for what a path names. */
export function trackedPaths(): string[] {
  return git('ls-files').split('\n').filter((p) => p !== '');
}

/** Whether `list` has the file `path`, or files under the folder `path` (a glob names its folder: `views/*.eta` -> `views`). */
export function names(list: readonly string[], path: string): boolean {
  const p = path.split('/*')[0].replace(/\/$/, '');
  return list.includes(p) || list.some((f) => f.startsWith(`${p}/`));
}

/** Whether git ignores `path` (a local output such as bench/out/x.json or data/pglite/). */
export function ignored(path: string): boolean {
  const p = path.replace(/\/$/, '');
  for (const candidate of [p, `${p}/x`]) {
    try {
      git('check-ignore', '-q', '--no-index', candidate);
      return true;
    } catch {
      // not ignored (exit 1)
    }
  }
  return false;
}

/** The web address of a repository path on the branch: blob for a file, tree for a folder. */
export function repositoryLink(path: string, tracked: readonly string[]): string {
  const p = path.replace(/\/$/, '');
  return `${REPOSITORY_URL}/${tracked.includes(p) ? 'blob' : 'tree'}/${REPOSITORY_BRANCH}/${p}`;
}

export interface FileMention {
  /** The path as written between the backticks. */
  path: string;
  /** Offsets of the backticked span in the text. */
  start: number;
  end: number;
  /** The span is the whole text of a link to this address, or undefined. */
  link?: string;
}

const PATH = /^[\w.@-]+(\/[\w.@*-]+)*\/?$/;

/**
 * The backticked spans of `text` outside fenced code blocks that name a repository path: the
 * first segment is a top-level entry of the repository (`roots`), and the span has a folder in it
 * or a file extension (`src/index.ts`, `bench/out/`, `tsconfig.json`; not `campaign-sim/internals`).
 */
export function docFileMentions(text: string, roots: ReadonlySet<string>): FileMention[] {
  const out: FileMention[] = [];
  let fenced = false;
  let offset = 0;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) {
      for (const m of line.matchAll(/`([^`]+)`/g)) {
        const path = m[1];
        if (!PATH.test(path) || !roots.has(path.split('/')[0]) || !(path.includes('/') || /\.\w+$/.test(path))) continue;
        const start = offset + m.index;
        const end = start + m[0].length;
        const linked = text[start - 1] === '[' && text[end] === ']' && text[end + 1] === '(' ? /^\(([^)\s]+)\)/.exec(text.slice(end + 1)) : null;
        out.push({ path, start, end, link: linked?.[1] });
      }
    }
    offset += line.length + 1;
  }
  return out;
}

/** The top-level entries of the repository. */
export function repositoryRoots(tracked: readonly string[]): Set<string> {
  return new Set(tracked.map((p) => p.split('/')[0]));
}

/** Whether `link` is the repository's address of `path` (any branch or commit). */
export function linksTo(link: string | undefined, path: string): boolean {
  const p = path.replace(/\/$/, '');
  return link !== undefined && new RegExp(`^${REPOSITORY_URL.replace(/[.]/g, '\\.')}/(blob|tree)/[\\w.-]+/${p.replace(/[.*]/g, '\\$&')}/?$`).test(link);
}

/** `text` with each backticked path that the package leaves out and the repository tracks written as a link to the repository. */
export function linkRepositoryPaths(text: string, packed: readonly string[], tracked: readonly string[]): string {
  let out = '';
  let at = 0;
  for (const m of docFileMentions(text, repositoryRoots(tracked))) {
    if (m.link !== undefined || names(packed, m.path) || !names(tracked, m.path) || m.path.includes('*')) continue;
    out += `${text.slice(at, m.start)}[${text.slice(m.start, m.end)}](${repositoryLink(m.path, tracked)})`;
    at = m.end;
  }
  return out + text.slice(at);
}

async function main(): Promise<void> {
  const packed = packedPaths();
  const tracked = trackedPaths();
  for (const doc of shippedDocs(packed)) {
    const text = readFileSync(projectPath(doc), 'utf8');
    const linked = linkRepositoryPaths(text, packed, tracked);
    if (linked !== text) {
      writeFileSync(projectPath(doc), linked);
      process.stdout.write(`${doc}: ${docFileMentions(linked, repositoryRoots(tracked)).filter((m) => m.link !== undefined).length - docFileMentions(text, repositoryRoots(tracked)).filter((m) => m.link !== undefined).length} paths linked\n`);
    }
  }
}

runAsMain(import.meta.url, main);
