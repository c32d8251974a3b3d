// The thread a job runs in (job-runner.ts starts one per job): loading and merging a large
// population and combining the replicas take seconds of CPU, which on the API's own thread
// froze every request while an SP job started. Here they run beside the event loop of the API;
// the kernel tasks run in this thread's simulation pool, or, for a job spread over workers
// (input.spread), come from them through the owner (remote-pool.ts): a simulation's from one
// remote pool, a calibration's from one remote pool a round, the round announced to the owner
// (calibration-tasks.ts enqueues its tasks) once its pool waits. Loaded from dist/ (tsc output),
// like the pool's worker.
import { roundSimulate } from '../../calibration/index.js';
import { closePool } from '../../src/pool/pool.js';
import { runEngineJob } from './engine-job.js';
import { createRemotePool, type RemotePool } from './remote-pool.js';
import { plainError, threadOf, type ThreadSelf } from './thread-messages.js';

async function main(self: ThreadSelf<'job-thread'>): Promise<void> {
  const { input } = self.data;
  const stop = new AbortController();
  const spread = input.spread;
  const remote = spread && 'tarefas' in spread ? createRemotePool(spread.tarefas) : undefined;
  // a spread calibration's round pools, by round; a round's counts come only once it is announced
  const rounds = new Map<number, RemotePool>();
  self.onMessage((m) => {
    if (m.kind === 'abort') stop.abort();
    else if (m.rodada !== undefined) rounds.get(m.rodada)?.deliver(m);
    else remote?.deliver(m);
  });
  const simulate = spread && 'rodadas' in spread
    ? roundSimulate((cenario, parametros) => {
      // numbered in the order run; a round's pool stays to the end (empty once its counts are read)
      const n = rounds.size;
      const pool = createRemotePool(cenario.replicas);
      rounds.set(n, pool);
      self.post({ kind: 'round', rodada: { n, cenario, parametros } });
      return pool;
    })
    : undefined;
  try {
    const result = await runEngineJob(input, { signal: stop.signal, pool: remote, simulate, progress: (p) => self.post({ kind: 'progress', progress: p }) });
    self.post({ kind: 'done', result });
  } catch (err) {
    self.post({ kind: 'failed', error: plainError(err) });
  } finally {
    await closePool();
    self.close();
  }
}

const self = threadOf('job-thread');
if (self) void main(self);
