// `--help` works on every command and subcommand: usage on stdout, exit 0.
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../../cli/main.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';

function commandPaths(c: Command, prefix: string[] = []): string[][] {
  return c.commands.flatMap((sub) => [[...prefix, sub.name()], ...commandPaths(sub, [...prefix, sub.name()])]);
}

describe('campaign-sim --help', () => {
  const paths = commandPaths(buildProgram());

  it('lists the commands', () => {
    expect(paths.map((p) => p.join(' '))).toEqual(expect.arrayContaining(['validate', 'quote', 'simulate', 'calibrate', 'plot', 'serve', 'worker', 'admin', 'release build', 'library case']));
  });

  it.each([[[]], ...paths.map((p) => [p])])('%j --help prints the usage and exits 0', async (path) => {
    const r = await runCliCaptured(...path, '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: campaign-sim/);
  });
});
