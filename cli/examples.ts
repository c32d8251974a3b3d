// `campaign-sim examples list | show NAME`: the example scenarios and files shipped in the
// package's examples/ (package.json "files"), so a README command works after `npm install`:
// `npx campaign-sim examples show adocao-rr > adocao-rr.json`.
import { readdir } from 'node:fs/promises';
import { extname, basename } from 'node:path';
import type { Command } from 'commander';
import { ServiceError } from '../src/errors.js';
import { projectPath } from '../src/project-path.js';
import { readInputText } from './input-file.js';

async function exampleFiles(): Promise<string[]> {
  return (await readdir(projectPath('examples'))).sort();
}

export function registerExamples(program: Command): void {
  const examples = program.command('examples').description('The example scenarios shipped with the package (examples/)');
  examples
    .command('list')
    .description('List the examples (name, then file)')
    .action(async () => {
      for (const f of await exampleFiles()) process.stdout.write(`${basename(f, extname(f)).padEnd(24)} ${f}\n`);
    });
  examples
    .command('show')
    .description('Print an example on stdout (e.g. campaign-sim examples show adocao-rr > adocao-rr.json)')
    .argument('<name>', 'example name (campaign-sim examples list), with or without its extension')
    .action(async (name: string) => {
      const files = await exampleFiles();
      const file = files.find((f) => f === name) ?? files.find((f) => basename(f, extname(f)) === name);
      if (!file) throw new ServiceError('invalid_request', `no example ${JSON.stringify(name)}; the examples are ${files.map((f) => basename(f, extname(f))).join(', ')}`);
      process.stdout.write(await readInputText(projectPath('examples', file)));
    });
}
