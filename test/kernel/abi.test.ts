// The host's ABI (src/kernel/abi.ts) is generated from the kernel's (assembly/abi.ts): the
// committed copy must be what `npm run abi:generate` writes (the CI check that neither side moved
// alone); the built kernel must answer its ABI_VERSION, and its AGE_GROUPS must be the host's age groups.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ABI_FILE, ABI_SOURCE_FILE, abiSource } from '../../scripts/kernel-abi.js';
import { ABI } from '../../src/kernel/abi.js';
import { KernelInstance } from '../../src/kernel/instance.js';
import { projectPath } from '../../src/project-path.js';
import { GRID_AXES, ageGroupOf } from '../../src/release/publication-grid.js';
import { AGE_BANDS } from '../../src/release/types.js';

describe('kernel ABI', () => {
  it('src/kernel/abi.ts is the committed output of npm run abi:generate for assembly/abi.ts', () => {
    expect(readFileSync(projectPath(ABI_FILE), 'utf8')).toBe(abiSource(readFileSync(projectPath(ABI_SOURCE_FILE), 'utf8')));
  });

  it('carries every u32 constant of assembly/abi.ts, and refuses a line it cannot read', () => {
    const src = readFileSync(projectPath(ABI_SOURCE_FILE), 'utf8');
    const kernel = Object.fromEntries([...src.matchAll(/^export const (\w+): u32 = (\d+);/gm)].map((m) => [m[1], Number(m[2])]));
    expect(Object.keys(kernel).length).toBeGreaterThan(50);
    expect(ABI).toEqual(kernel);
    expect(() => abiSource(`// header\n\nexport const F: f64 = 1.5;\n`)).toThrow(/line 3/);
  });

  it('the header holds its slots (u32) before the parameters (f64), and both in HEADER_BYTES', () => {
    expect(ABI.SLOTS * 4).toBeLessThanOrEqual(ABI.PARAMS_OFFSET);
    expect(ABI.PARAMS_OFFSET % 8).toBe(0);
    expect(ABI.PARAMS_OFFSET + ABI.PARAMS * 8).toBeLessThanOrEqual(ABI.HEADER_BYTES);
  });

  it('the built kernel answers ABI_VERSION, and carries no bench probe (they build apart, assembly/bench-probes.ts)', async () => {
    const k = await KernelInstance.create();
    expect(k.fn.abiVersion()).toBe(ABI.ABI_VERSION);
    expect(Object.keys(k.fn).filter((name) => name.startsWith('roof'))).toEqual([]);
  });

  it('the kernel age groups are the grupo_idade axis of the principal grid', () => {
    expect(GRID_AXES.principal[0].nome).toBe('grupo_idade');
    expect(GRID_AXES.principal[0].rotulos).toHaveLength(ABI.AGE_GROUPS);
    const groups = Array.from({ length: AGE_BANDS }, (_, b) => ageGroupOf(b));
    expect(new Set(groups).size).toBe(ABI.AGE_GROUPS);
    expect(Math.max(...groups)).toBe(ABI.AGE_GROUPS - 1);
  });
});
