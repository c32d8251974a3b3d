// Writes src/kernel/abi.ts, the host's copy of the kernel's ABI, from its one declaration,
// assembly/abi.ts (AssemblyScript, which the TypeScript build cannot import). Run: npm run
// abi:generate. test/kernel/abi.test.ts regenerates the file in memory and fails when the committed
// copy differs, so a slot changed on one side only cannot reach a build.
//
// assembly/abi.ts is read line by line after its opening comment: a `// ...` line is kept as a
// comment, a blank line as a blank line, and `export const NAME: u32 = 123; // why` becomes
// `NAME: 123, // why` of the host's ABI object. Any other line is refused: the generator states
// no more of the AssemblyScript grammar than the file uses.
import { readFileSync, writeFileSync } from 'node:fs';
import { projectPath } from '../src/project-path.js';
import { runAsMain } from '../bench/lib/run-as-main.js';

export const ABI_SOURCE_FILE = 'assembly/abi.ts';
export const ABI_FILE = 'src/kernel/abi.ts';

const CONSTANT = /^export const (\w+): u32 = (\d+);(?: (\/\/ .*))?$/;

/** The source of src/kernel/abi.ts from the text of assembly/abi.ts. */
export function abiSource(assembly: string): string {
  const lines = assembly.split('\n');
  const body = lines.slice(lines.findIndex((l) => l.trim() === ''));
  const out: string[] = [];
  for (const [k, line] of body.entries()) {
    const c = CONSTANT.exec(line);
    if (c) out.push(`  ${c[1]}: ${c[2]},${c[3] ? ` ${c[3]}` : ''}`);
    else if (line.startsWith('//')) out.push(`  ${line}`);
    else if (line.trim() === '') out.push('');
    else throw new SyntaxError(`${ABI_SOURCE_FILE}: line ${lines.length - body.length + k + 1} is neither a u32 constant nor a comment: ${line}`);
  }
  while (out.at(-1) === '') out.pop();
  while (out[0] === '') out.shift();
  return [
    '// Generated from assembly/abi.ts by `npm run abi:generate` (scripts/kernel-abi.ts): do not edit;',
    '// change assembly/abi.ts and rerun. The host\'s view of the kernel\'s ABI: header slots (u32),',
    '// parameter slots (f64), random streams and the sizes both sides lay arrays out by.',
    '',
    'export const ABI = {',
    ...out,
    '} as const;',
    '',
  ].join('\n');
}

function main(): Promise<void> {
  writeFileSync(projectPath(ABI_FILE), abiSource(readFileSync(projectPath(ABI_SOURCE_FILE), 'utf8')));
  process.stdout.write(`wrote ${ABI_FILE}\n`);
  return Promise.resolve();
}

runAsMain(import.meta.url, main);
