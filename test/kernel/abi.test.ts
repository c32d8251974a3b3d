// The host's ABI mirror (src/kernel/abi.ts) must equal the kernel's constants (assembly/abi.ts),
// the built kernel must answer its ABI_VERSION, and its AGE_GROUPS must be the host's age groups.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ABI } from '../../src/kernel/abi.js';
import { KernelInstance } from '../../src/kernel/instance.js';
import { projectPath } from '../../src/project-path.js';
import { GRID_AXES, ageGroupOf } from '../../src/release/publication-grid.js';
import { AGE_BANDS } from '../../src/release/types.js';

describe('kernel ABI', () => {
  it('src/kernel/abi.ts mirrors assembly/abi.ts constant for constant', () => {
    const src = readFileSync(projectPath('assembly/abi.ts'), 'utf8');
    const kernel = Object.fromEntries([...src.matchAll(/export const (\w+): u32 = (\d+);/g)].map((m) => [m[1], Number(m[2])]));
    expect(Object.keys(kernel).length).toBeGreaterThan(50);
    expect(ABI).toEqual(kernel);
  });

  it('the header holds its slots (u32) before the parameters (f64), and both in HEADER_BYTES', () => {
    expect(ABI.SLOTS * 4).toBeLessThanOrEqual(ABI.PARAMS_OFFSET);
    expect(ABI.PARAMS_OFFSET % 8).toBe(0);
    expect(ABI.PARAMS_OFFSET + ABI.PARAMS * 8).toBeLessThanOrEqual(ABI.HEADER_BYTES);
  });

  it('the built kernel answers ABI_VERSION', async () => {
    const k = await KernelInstance.create();
    expect(k.fn.abiVersion()).toBe(ABI.ABI_VERSION);
  });

  it('the kernel age groups are the grupo_idade axis of the principal grid', () => {
    expect(GRID_AXES.principal[0].nome).toBe('grupo_idade');
    expect(GRID_AXES.principal[0].rotulos).toHaveLength(ABI.AGE_GROUPS);
    const groups = Array.from({ length: AGE_BANDS }, (_, b) => ageGroupOf(b));
    expect(new Set(groups).size).toBe(ABI.AGE_GROUPS);
    expect(Math.max(...groups)).toBe(ABI.AGE_GROUPS - 1);
  });
});
