// The `campaign-sim` command. Each subcommand lives in its own file in cli/ and exports
// `register<Name>(program)`; add one import and one call below per subcommand. A subcommand file
// imports only commander and light modules at its top and loads the engine, Fastify, PGlite or
// mathjs inside its action, so `--version`, `--help` and `validate` start fast
// (bench/cli-startup.ts measures them).
import { Command, CommanderError } from 'commander';
import { ServiceError } from '../src/errors.js';
import { readPackageJson, readPackageVersion } from '../src/package-version.js';
import { registerRelease } from './release.js';
import { registerServe } from './serve.js';
import { registerAdmin } from './admin.js';
import { registerWorker } from './worker-command.js';
import { registerValidate } from './validate.js';
import { registerQuote } from './quote.js';
import { registerSimulate } from './simulate.js';
import { registerCalibrate } from './calibrate.js';
import { registerLibrary } from './library.js';
import { registerPlot } from './plot.js';
import { registerExport } from './export.js';
import { registerSweep } from './sweep.js';
import { registerSensitivity } from './sensitivity.js';
import { registerExamples } from './examples.js';
import { registerParams } from './params.js';
import { InputFileError } from './input-file.js';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('campaign-sim')
    .description('Campaign simulation engine for Brazil: synthetic population, adoption and reception models, service.')
    .version(readPackageVersion())
    // one line and a pointer, not the whole help, after a wrong flag or argument (subcommands inherit it)
    .showHelpAfterError('(see campaign-sim --help, or campaign-sim <command> --help)')
    .exitOverride();
  registerRelease(program);
  registerServe(program);
  registerAdmin(program);
  registerWorker(program);
  registerValidate(program);
  registerQuote(program);
  registerSimulate(program);
  registerCalibrate(program);
  registerLibrary(program);
  registerPlot(program);
  registerExport(program);
  registerSweep(program);
  registerSensitivity(program);
  registerExamples(program);
  registerParams(program);
  return program;
}

/**
 * The package a command could not load when it is one of the service's dependencies, which
 * package.json lists as optional so that a library-only install can leave them out
 * (`npm install campaign-sim --omit=optional`; docs/architecture.md, "Dependencies").
 */
function missingServicePackage(err: unknown): string | undefined {
  if ((err as NodeJS.ErrnoException | undefined)?.code !== 'ERR_MODULE_NOT_FOUND') return undefined;
  const name = /Cannot find package '([^']+)'/.exec((err as Error).message)?.[1];
  return name !== undefined && name in (readPackageJson().optionalDependencies ?? {}) ? name : undefined;
}

let pipeWatched = false;

/**
 * A reader that closes the pipe early (`campaign-sim simulate ... | head -1`) has what it wanted:
 * the command ends quietly, exit 0, instead of an unhandled EPIPE stack (Node ignores SIGPIPE).
 */
function endQuietlyOnClosedPipe(): void {
  if (pipeWatched) return;
  pipeWatched = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
}

/** Runs the CLI and resolves to the process exit code (2 for refused input, 1 for failures). */
export async function runCli(argv: string[]): Promise<number> {
  endQuietlyOnClosedPipe();
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof InputFileError) {
      process.stderr.write(`campaign-sim: ${err.message}\n`);
      return 2;
    }
    if (err instanceof ServiceError) {
      process.stderr.write(`campaign-sim: ${err.code}: ${err.message}\n`);
      return err.status === 422 || err.status === 404 ? 2 : 1;
    }
    const missing = missingServicePackage(err);
    if (missing !== undefined) {
      process.stderr.write(`campaign-sim: this command needs the service's dependencies (${missing} is missing: installed with --omit=optional?); npm install campaign-sim without --omit=optional installs them\n`);
      return 1;
    }
    // a failure outside the user's input (a database that refuses the connection, a disk full):
    // one line; the stack only when asked for, for a bug report
    const debug = process.env.CAMPAIGN_SIM_DEBUG === '1';
    const text = err instanceof Error ? (debug ? err.stack ?? err.message : err.message) : String(err);
    process.stderr.write(`campaign-sim: ${text}${debug ? '' : ' (CAMPAIGN_SIM_DEBUG=1 prints the stack)'}\n`);
    return 1;
  }
}
