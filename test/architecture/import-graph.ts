// The project's import graph, read from the sources as text: every relative import, export-from,
// side-effect import and dynamic import() of every .ts file under the given folders (TypeScript's
// own pre-processor finds them, type-only imports included: a type is a dependency too).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import: both ends as paths relative to the project root, with '/' separators. */
export interface ImportEdge {
  from: string;
  to: string;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The file an import specifier names: sources import './x.js' for './x.ts' (NodeNext). */
function resolveSpecifier(fromFile: string, spec: string): string {
  const target = resolve(dirname(fromFile), spec);
  for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return target;
}

/** Relative imports of every source file under `folders` (package imports are not the project's). */
export function readImportGraph(root: string, folders: readonly string[]): { files: string[]; edges: ImportEdge[] } {
  const rel = (p: string) => relative(root, p).split('\\').join('/');
  const files = folders.flatMap((f) => sourceFiles(join(root, f)));
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (fileName.startsWith('.')) edges.push({ from: rel(file), to: rel(resolveSpecifier(file, fileName)) });
    }
  }
  return { files: files.map(rel), edges };
}

/** Strongly connected components of two or more files (Tarjan): each is a circle of imports. */
export function importCircles(files: readonly string[], edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return circles;
}
