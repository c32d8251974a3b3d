// Where a bench writes its JSON result: bench/out/ (git-ignored) by default, so running a bench
// never changes the committed results in bench/results/, which `npm run bench` compares against.
// BENCH_OUT=bench/results refreshes the committed results on purpose. (bench:pix is apart: its
// results are a release artefact, written by bench/pix.ts itself.)
import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { projectPath } from '../../src/project-path.js';

/** The output folder: $BENCH_OUT (relative to the project), else bench/out. */
export function benchOutputDir(): string {
  const dir = process.env.BENCH_OUT;
  if (!dir) return projectPath('bench', 'out');
  return isAbsolute(dir) ? dir : projectPath(dir);
}

/** Writes `doc` as JSON to <output folder>/<file> and returns the path. */
export async function writeBenchResult(file: string, doc: unknown): Promise<string> {
  const dir = benchOutputDir();
  await mkdir(dir, { recursive: true });
  const path = join(dir, file);
  await writeFile(path, `${JSON.stringify(doc, null, 2)}\n`);
  return path;
}
