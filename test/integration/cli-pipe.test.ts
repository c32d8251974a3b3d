// A reader that closes the pipe early (`campaign-sim ... | head -1`) ends the command quietly:
// exit 0 and nothing on stderr, not an unhandled EPIPE stack. The read end is closed before the
// command writes its first line, so every write meets a closed pipe.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-path.js';

async function runWithClosedStdout(...args: string[]): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, [projectPath('bin/campaign-sim.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let err = '';
  child.stderr.on('data', (d) => { err += String(d); });
  const [code] = await once(child, 'close');
  return { code, err };
}

describe('a closed stdout pipe', () => {
  it('ends release list quietly', async () => {
    expect(await runWithClosedStdout('release', 'list')).toEqual({ code: 0, err: '' });
  });

  it('ends simulate quietly after its run', async () => {
    expect(await runWithClosedStdout('simulate', projectPath('examples/adocao-rr.json'), '--param', 'horizonte.dias=7', '--replicas', '1', '--threads', '1'))
      .toEqual({ code: 0, err: '' });
  });
});
