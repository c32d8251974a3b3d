// The browser side of the engine's host (src/platform/types.ts), in place of host.ts in the browser
// build (package.json "browser"). A page fetches what a run reads before it starts
// (src/browser.ts): the package's data files, the kernel and the populations' cache files are held
// here in memory, so a run makes no request. Kernel threads are module Web Workers running
// src/browser/kernel-worker.ts, each handed the compiled kernel and the files when it starts.
import type { CacheFiles, Host, KernelThreads } from './types.js';

// The browser's API this file uses, declared here: the project compiles without the DOM's types.
interface WebWorker {
  postMessage(data: unknown, transfer?: unknown[]): void;
  terminate(): void;
  onmessage: ((e: { data: { value: unknown } }) => void) | null;
  onerror: ((e: { message: string; preventDefault(): void }) => void) | null;
}
interface BrowserGlobals {
  Worker: new (url: URL, opts: { type: 'module' }) => WebWorker;
  navigator: { hardwareConcurrency?: number; deviceMemory?: number };
}
const browser = globalThis as unknown as BrowserGlobals;

/** The package's files fetched for this page: text, or null for a file the package does not have. */
const packageFiles = new Map<string, string | null>();
const cacheFiles = new Map<string, Uint8Array>();
let kernel: Promise<WebAssembly.Module> | undefined;
let threadScript: URL | undefined;

/** Holds the package's files a run reads (null: the package has none of that name). */
export function holdPackageFiles(files: Record<string, string | null>): void {
  for (const [path, text] of Object.entries(files)) packageFiles.set(path, text);
}

/** Holds a cache file (a UF's population file, checked when it is read). */
export function holdCacheFile(name: string, bytes: Uint8Array): void {
  cacheFiles.set(name, bytes);
}

/** The compiled kernel, and on the page the URL of the kernel thread's bundle (src/browser/kernel-worker.ts). */
export function holdKernel(module: WebAssembly.Module, thread?: URL): void {
  kernel = Promise.resolve(module);
  threadScript = thread;
}

/** The package's files held, for a kernel thread to hold the same. */
export function heldPackageFiles(): Record<string, string | null> {
  return Object.fromEntries(packageFiles);
}

const cache: CacheFiles = {
  open(name) {
    const bytes = cacheFiles.get(name);
    if (!bytes) return undefined;
    return {
      size: bytes.length,
      read(into, offset, length, position) {
        const part = bytes.subarray(position, Math.min(bytes.length, position + length));
        into.set(part, offset);
        return part.length;
      },
      close() {},
    };
  },
  write(name, parts) {
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { bytes.set(p, at); at += p.length; }
    cacheFiles.set(name, bytes);
  },
  remove: (name) => { cacheFiles.delete(name); },
  where: (name) => `memória da página: ${name}`,
};

/** Kernel threads started with the page's data (startSpareThreads), taken by the first pools. */
const spare: WebWorker[] = [];

/** A kernel thread handed the kernel and the files; settles once it has loaded the engine's modules (so a run fetches none). */
function startWorker(script: URL, module: WebAssembly.Module): Promise<WebWorker> {
  const w = new browser.Worker(script, { type: 'module' });
  return new Promise((resolve, reject) => {
    w.onmessage = () => resolve(w);
    w.onerror = (e) => reject(new Error(`kernel thread failed to start: ${e.message}`));
    w.postMessage({ kernel: module, files: heldPackageFiles() });
  });
}

/** Starts `n` kernel threads now, while the page loads its data, so that a run asks the server for nothing. */
export async function startSpareThreads(n: number): Promise<void> {
  if (!threadScript || !kernel) throw new Error('campaign-sim/browser: the engine is not loaded (loadEngine)');
  const module = await kernel;
  const script = threadScript;
  spare.push(...(await Promise.all(Array.from({ length: n }, () => startWorker(script, module)))));
}

interface Pending { message: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }
interface Thread { worker: WebWorker; job?: Pending }

/**
 * A page's kernel threads stay until the page closes (idle ones are not ended, as on Node): a thread
 * started again would fetch its scripts during a run.
 */
function startThreads(size: number): KernelThreads {
  if (!threadScript || !kernel) throw new Error('campaign-sim/browser: the engine is not loaded (loadEngine)');
  const script = threadScript;
  const module = kernel;
  const threads: Thread[] = [];
  const queue: Pending[] = [];
  const stop = (t: Thread) => {
    t.worker.terminate();
    threads.splice(threads.indexOf(t), 1);
  };
  const give = (t: Thread, job: Pending) => {
    t.job = job;
    t.worker.postMessage({ message: job.message });
  };
  /** Gives thread `t` (in `threads` already, holding its first job) a worker, then the job. */
  const start = async (t: Thread): Promise<void> => {
    t.worker = spare.shift() ?? (await startWorker(script, await module));
    t.worker.onmessage = (e) => {
      const job = t.job!;
      t.job = undefined;
      job.resolve(e.data.value);
      next(t);
    };
    t.worker.onerror = (e) => {
      e.preventDefault();
      const job = t.job;
      stop(t);
      job?.reject(new Error(`kernel thread failed: ${e.message}`));
    };
    give(t, t.job!);
  };
  const next = (t: Thread) => {
    const job = queue.shift();
    if (job) give(t, job);
  };
  return {
    size,
    run: (message) => new Promise((resolve, reject) => {
      const job = { message, resolve, reject };
      const free = threads.find((t) => !t.job);
      if (free) give(free, job);
      else if (threads.length < size) {
        // taken now, with its job, so that a second run() does not start a thread of its own for it
        const t: Thread = { worker: undefined as never, job };
        threads.push(t);
        start(t).catch((e: unknown) => {
          threads.splice(threads.indexOf(t), 1);
          reject(e);
        });
      } else queue.push(job);
    }),
    alive: () => threads.length,
    close: async () => { for (const t of [...threads]) if (t.worker) stop(t); },
  };
}

export const host: Host = {
  packageText(path) {
    const text = packageFiles.get(path);
    if (text == null) throw new Error(`campaign-sim/browser: ${path} ${text === null ? 'is not in the package' : 'was not fetched with the page\'s data'}`);
    return text;
  },
  packageHas(path) {
    if (!packageFiles.has(path)) throw new Error(`campaign-sim/browser: ${path} was not fetched with the page's data`);
    return packageFiles.get(path) !== null;
  },
  kernelModule() {
    if (!kernel) throw new Error('campaign-sim/browser: the kernel is not loaded (loadEngine)');
    return kernel;
  },
  cores: () => browser.navigator.hardwareConcurrency || 2,
  // navigator.deviceMemory (GiB, Chromium only, at most 8); 4 GiB elsewhere
  totalMemory: () => (browser.navigator.deviceMemory ?? 4) * 2 ** 30,
  cache,
  async sha256(parts) {
    // SubtleCrypto reads no shared memory: one plain copy
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { all.set(p, at); at += p.length; }
    return new Uint8Array(await crypto.subtle.digest('SHA-256', all));
  },
  startThreads,
  // the thread's bundle (src/browser/kernel-worker.ts) posts what `run` answers
  threadEntry: (run) => run,
};
