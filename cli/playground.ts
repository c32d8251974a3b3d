// `campaign-sim playground --out DIR [--release vX.Y.Z]`: writes the playground (service/playground/)
// as a static site, to publish anywhere: the engine runs in the visitor's browser. The host must
// send COOP same-origin and COEP require-corp for the page to share memory between its threads
// (without them it runs, copying the population to each thread). Builds the small UFs'
// populations when they are not in the cache yet.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';

export function registerPlayground(program: Command): void {
  program
    .command('playground')
    .description('Write the playground (a page that runs campaigns in the browser, on the small UFs) as a static site into DIR')
    .requiredOption('--out <dir>', 'the folder to write (made when missing)')
    .option('--release <versao>', 'the release (default: the newest)')
    .action(async (opts: { out: string; release?: string }) => {
      const { playground } = await import('../service/playground/site.js');
      const site = playground(opts.release);
      let bytes = 0;
      for (const path of site.paths()) {
        const f = (await site.file(path))!;
        const target = join(opts.out, ...path.split('/'));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, f.body);
        bytes += typeof f.body === 'string' ? Buffer.byteLength(f.body) : f.body.length;
      }
      process.stdout.write(`${opts.out}: ${site.paths().length} files, ${(bytes / 2 ** 20).toFixed(1)} MiB (release ${site.release}); serve it with COOP same-origin and COEP require-corp\n`);
      const { closePool } = await import('../src/pool/pool.js');
      await closePool();
    });
}
