// `campaign-sim quote FILE`: validates a campaign scenario or a calibration request body and
// prints its quote as JSON (exit 0), or the refusal envelope (exit 2), like `validate`.
import type { Command } from 'commander';
import { printOrRefuse, readAndValidate } from './validate.js';

export function registerQuote(program: Command): void {
  program
    .command('quote')
    .description('Quote a campaign scenario (simulation quote) or a calibration request body (calibration quote); prints JSON, exit 2 with the refusal envelope when the contract refuses it')
    .argument('<file>', 'JSON file')
    .action(async (file: string) => {
      await printOrRefuse(async () => {
        const v = await readAndValidate(file);
        if (v.kind === 'calibracao') return (await import('../calibration/quote.js')).quoteCalibration(v.doc);
        return (await import('../src/contract/quotes.js')).quoteSimulation(v.doc);
      });
    });
}
