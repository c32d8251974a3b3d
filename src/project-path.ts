// Absolute paths inside the installed package, the same from src/ (vitest) and dist/src/ (built).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = resolve(dir, '..');
    if (up === dir) throw new Error('campaign-sim: package.json not found above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot();

export function projectPath(...parts: string[]): string {
  return join(PROJECT_ROOT, ...parts);
}
