// Starts a thread of the service (thread-messages.ts names its kinds and what they say), and
// aborts, terminates and revives it: the job runner's thread of a job (job-runner.ts) and a
// worker's task thread (task-worker.ts) both live through here, as the kernel threads live
// through Piscina (src/pool/pool.ts). A thread is the module dist/service/execution/<kind>.js
// (tsc output, also under vitest).
import { Worker } from 'node:worker_threads';
import { projectPath } from '../../src/project-path.js';
import type { ThreadData, ThreadInput, ThreadKind, ThreadMessage, WorkerData } from './thread-messages.js';

export interface ServiceThread<K extends ThreadKind> {
  /** Posts to the thread; to one started with `revive`, starting it again first if it has ended. Otherwise a post to an ended thread is dropped. */
  post(m: ThreadInput<K>): void;
  /** Calls `listener` with every message of the thread (of every life of a revived one). */
  onMessage(listener: (m: ThreadMessage<K>) => void): void;
  /** Calls `listener` each time the thread ends, with why: the error it died of, its exit, or its abort's grace run out. */
  onEnd(listener: (why: Error) => void): void;
  /** Posts `message`, which asks the thread to stop, and terminates the thread if it has not ended `graceMs` later. */
  abort(message: ThreadInput<K>, graceMs: number): void;
  /** Ends the thread now. */
  terminate(): Promise<void>;
}

/** Starts a `kind` thread with `data`; `revive`: a post after it ended starts it again (a worker's task thread). */
export function startThread<K extends ThreadKind>(kind: K, data: ThreadData<K>, opts: { revive?: boolean } = {}): ServiceThread<K> {
  const name = `the ${kind.replace('-', ' ')}`;
  const messageListeners: Array<(m: ThreadMessage<K>) => void> = [];
  const endListeners: Array<(why: Error) => void> = [];
  let life: { worker: Worker; grace?: NodeJS.Timeout; terminatedWhy?: Error } | null = null;

  function start() {
    const worker = new Worker(projectPath(`dist/service/execution/${kind}.js`), { workerData: { thread: kind, ...data } satisfies WorkerData<K> });
    const current: NonNullable<typeof life> = { worker };
    let ended = false;
    const end = (why: Error) => {
      if (ended) return;
      ended = true;
      clearTimeout(current.grace);
      if (life === current) life = null;
      for (const listener of endListeners) listener(current.terminatedWhy ?? why);
    };
    worker.on('message', (m: ThreadMessage<K>) => { for (const listener of messageListeners) listener(m); });
    worker.on('error', end);
    worker.on('exit', (code) => end(new Error(`${name} exited (code ${code})`)));
    life = current;
  }

  start();
  return {
    post(m) {
      if (!life && opts.revive) start();
      life?.worker.postMessage(m);
    },
    onMessage(listener) { messageListeners.push(listener); },
    onEnd(listener) { endListeners.push(listener); },
    abort(message, graceMs) {
      const current = life;
      if (!current) return;
      current.worker.postMessage(message);
      current.grace ??= setTimeout(() => {
        current.terminatedWhy = new Error(`${name} did not stop within ${graceMs} ms of its abort and was terminated`);
        void current.worker.terminate();
      }, graceMs);
    },
    async terminate() {
      const current = life;
      life = null;
      await current?.worker.terminate();
    },
  };
}
