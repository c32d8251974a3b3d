// The host's ABI mirror (src/kernel/abi.ts) must equal the kernel's constants (assembly/abi.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ABI } from '../../src/kernel/abi.js';
import { projectPath } from '../../src/project-path.js';

describe('kernel ABI', () => {
  it('src/kernel/abi.ts mirrors assembly/abi.ts constant for constant', () => {
    const src = readFileSync(projectPath('assembly/abi.ts'), 'utf8');
    const kernel = Object.fromEntries([...src.matchAll(/export const (\w+): u32 = (\d+);/g)].map((m) => [m[1], Number(m[2])]));
    expect(Object.keys(kernel).length).toBeGreaterThan(50);
    expect(ABI).toEqual(kernel);
  });
});
