// A bench that drives the service as a child process of its own file (so the bench's client and
// the service do not share an event loop): the child is the same file started with
// `--serve <dataDir>`. Used by bench/api-during-job.ts, bench/heavy-read.ts and bench/hostile-body.ts.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { runAsMain } from './run-as-main.js';

export type ServiceChild = ChildProcessByStdio<null, Readable, null>;

/** Runs `serve(dataDir)` when this process is the bench's service child, else the bench's `main`. */
export function runBenchWithServiceChild(moduleUrl: string, serve: (dataDir: string) => Promise<void>, main: () => Promise<unknown>): void {
  if (process.argv[2] === '--serve') {
    serve(process.argv[3]).catch((err) => { process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`); process.exit(1); });
  } else {
    runAsMain(moduleUrl, main);
  }
}

/** Starts the service child on a fresh data directory, runs `use`, then kills the child if it still runs and removes the directory. */
export async function withServiceChild<T>(prefix: string, use: (child: ServiceChild, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const child = spawn(process.execPath, [process.argv[1], '--serve', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    return await use(child, dataDir);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
