// The "started as `node dist/bench/X.js`" check the benches share (a bench module can also be
// imported, to call its run function, without running it): runs main, then exits 0, or 1 with the
// error on stderr. The exit is explicit because a bench may leave pool threads or timers behind.
// In bench/lib/ so that bench/run.ts, which runs every dist/bench/*.js, does not take it for a suite.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function runAsMain(moduleUrl: string, main: () => Promise<unknown>): void {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== resolve(process.argv[1])) return;
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}
