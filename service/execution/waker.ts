// A wait that a notification cuts short, for a loop that polls behind notifications it may miss
// (the owner reading its tasks' counts, job-tasks.ts; the worker's loops, service/worker/run-loop.ts):
// pause(ms) ends after `ms`, at a wake(), or at the signal's abort. A wake() that comes while
// the loop works ends its next pause at once, so no notification is lost between a look and the wait.
export interface Waker {
  wake(): void;
  pause(ms: number): Promise<void>;
}

export function createWaker(signal: AbortSignal): Waker {
  let poke: (() => void) | null = null;
  let poked = false;
  return {
    wake() { poked = true; poke?.(); },
    pause(ms) {
      if (poked || signal.aborted) { poked = false; return Promise.resolve(); }
      return new Promise((resolve) => {
        const t = setTimeout(done, ms);
        function done() { clearTimeout(t); signal.removeEventListener('abort', done); poke = null; poked = false; resolve(); }
        poke = done;
        signal.addEventListener('abort', done, { once: true });
      });
    },
  };
}
