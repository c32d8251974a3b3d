// The layering of docs/architecture.md ("Stages"): every source file belongs to one stage and
// imports only files of its own stage or of a stage below it, and no files import each other in
// a circle. Read from the imports themselves (import-graph.ts), so it stays true as code moves.
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-path.js';
import { importCircles, readImportGraph } from './import-graph.js';

/**
 * Stages from the bottom up; a stage is a list of folders (ending in '/') and single files.
 * Keep this list and the table of docs/architecture.md the same.
 */
export const STAGES: ReadonlyArray<{ stage: string; paths: readonly string[] }> = [
  { stage: 'assembly', paths: ['assembly/'] },
  { stage: 'base', paths: ['src/errors.ts', 'src/project-path.ts', 'src/package-version.ts'] },
  { stage: 'release', paths: ['src/release/'] },
  { stage: 'contract', paths: ['src/contract/'] },
  { stage: 'kernel', paths: ['src/kernel/'] },
  { stage: 'plan', paths: ['src/plan/'] },
  { stage: 'pool', paths: ['src/pool/'] },
  { stage: 'simulate', paths: ['src/simulate.ts'] },
  { stage: 'findings', paths: ['src/findings/'] },
  { stage: 'job', paths: ['src/run-simulation-job.ts'] },
  { stage: 'calibration', paths: ['calibration/'] },
  { stage: 'entry', paths: ['src/index.ts'] },
  { stage: 'service', paths: ['service/'] },
  { stage: 'cli', paths: ['src/cli/'] },
  { stage: 'tools', paths: ['bench/', 'test/'] },
];

const FOLDERS = ['assembly', 'src', 'calibration', 'service', 'bench', 'test'];

/** Stage number of a file: its most specific path in STAGES; -1 when none holds it. */
export function stageOf(file: string): number {
  let best = -1;
  let bestLength = -1;
  STAGES.forEach((s, i) => {
    for (const p of s.paths) {
      const holds = p.endsWith('/') ? file.startsWith(p) : file === p;
      if (holds && p.length > bestLength) {
        best = i;
        bestLength = p.length;
      }
    }
  });
  return best;
}

describe('layering (docs/architecture.md)', () => {
  const { files, edges } = readImportGraph(projectPath(), FOLDERS);

  it('places every source file in a stage', () => {
    expect(files.filter((f) => stageOf(f) < 0)).toEqual([]);
  });

  it('imports only from the own stage or below', () => {
    const up = edges
      .filter((e) => stageOf(e.to) > stageOf(e.from))
      .map((e) => `${e.from} (${STAGES[stageOf(e.from)].stage}) -> ${e.to} (${STAGES[stageOf(e.to)]?.stage ?? 'outside'})`);
    expect(up).toEqual([]);
  });

  it('has no circle of files that import each other', () => {
    expect(importCircles(files, edges)).toEqual([]);
  });

  it('reads every import it checks from a file that exists', () => {
    const fileSet = new Set(files);
    expect(edges.filter((e) => !fileSet.has(e.to)).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });
});
