// The layering of docs/architecture.md ("Stages"): every source file belongs to one stage and
// imports only files of its own stage or of a stage below it, and no files import each other in
// a circle. Read from the imports themselves (import-graph.ts), so it stays true as code moves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-path.js';
import { importCircles, readImportGraph } from './import-graph.js';

interface Stage {
  stage: string;
  /** Folders (ending in '/') and single files. */
  paths: string[];
}

/** Stages from 'name: path path ...' entries, bottom first. */
function stages(...entries: string[]): Stage[] {
  return entries.map((e) => {
    const [stage, paths] = e.split(': ');
    return { stage, paths: paths.split(' ') };
  });
}

/**
 * The stages, from the bottom up: a file may import files of its own stage and of the stages
 * before it, never of a later one. Keep this order and the table of docs/architecture.md the same
 * (the last test below compares them).
 */
const STAGES: readonly Stage[] = stages(
  'assembly: assembly/',
  'base: src/errors.ts src/project-path.ts src/package-version.ts src/steps.ts',
  'release: src/release/', 'population: src/population/', 'read: src/release/release.ts', 'tracts: src/tracts/', 'contract: src/contract/', 'kernel: src/kernel/', 'models: src/models/',
  'checks: src/contract/validate-scenario.ts src/contract/scenario-rules.ts src/contract/answer-contract.ts src/contract/job-limits.ts src/contract/quotes.ts src/contract/index.ts',
  'plan: src/plan/', 'pool: src/pool/',
  'simulate: src/simulate.ts', 'findings: src/findings/', 'job: src/run-simulation-job.ts', 'research: src/research/', 'context: src/context/', 'entry: src/index.ts src/internals.ts',
  'calibration: calibration/', 'library: library/',
  'store: service/store/', 'accounts: service/accounts/', 'webhooks: service/webhooks/', 'jobs: service/jobs/', 'execution: service/execution/',
  'service context: service/service-context.ts', 'operations: service/operations/', 'http: service/http/', 'oauth: service/oauth/', 'mcp: service/mcp/',
  'console: service/console/', 'app: service/app.ts', 'worker: service/worker/', 'server: service/server.ts',
  'cli: cli/', 'tools: bench/ scripts/ test/',
);

/** The top-level folders, bottom first: each holds consecutive stages of STAGES, in this order. */
const FOLDERS = ['assembly', 'src', 'calibration', 'library', 'service', 'cli', 'bench', 'scripts', 'test'];

/** FOLDERS index of a stage path's top-level folder. */
function folderOf(path: string): number {
  return FOLDERS.indexOf(path.split('/')[0]);
}

/** Stage number of a file: its most specific path in STAGES; -1 when none holds it. */
function stageOf(file: string): number {
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

  it('stacks the top-level folders in the order of the stages, so no folder imports one above it', () => {
    const order = STAGES.flatMap((s) => s.paths.map(folderOf));
    expect(order.every((f) => f >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const up = edges.filter((e) => folderOf(e.to) > folderOf(e.from) && !(FOLDERS[folderOf(e.from)] === 'bench' && FOLDERS[folderOf(e.to)] === 'test'))
      .map((e) => `${e.from} -> ${e.to}`);
    expect(up).toEqual([]);
  });

  it('has no circle of files that import each other', () => {
    expect(importCircles(files, edges)).toEqual([]);
  });

  it('reads every import it checks from a file that exists', () => {
    const fileSet = new Set(files);
    expect(edges.filter((e) => !fileSet.has(e.to)).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('is the order the table of docs/architecture.md documents', () => {
    const doc = readFileSync(projectPath('docs/architecture.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Stages'), doc.indexOf('\n#', doc.indexOf('## Stages') + 1));
    const documented = section.split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| stage '))
      .map((l) => {
        const [stage, paths] = l.split('|').slice(1, 3).map((c) => c.trim());
        return { stage, paths: [...paths.matchAll(/`([^`]+)`/g)].map((m) => m[1]) };
      });
    expect(documented).toEqual(STAGES);
  });
});
