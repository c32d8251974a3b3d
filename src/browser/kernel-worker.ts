// A kernel thread of the engine in a browser: the module Web Worker that src/platform/browser-host.ts
// starts. Its first message holds the compiled kernel and the package's files the page fetched;
// the engine's modules are loaded after (some read those files when they load), then each message
// is a task of src/pool/kernel-thread.ts, answered with its arrays transferred. It says when it is
// ready (its modules loaded).
import { holdKernel, holdPackageFiles } from '../platform/browser-host.js';
import type { ThreadAnswer } from '../platform/types.js';

type Entry = (message: unknown) => Promise<ThreadAnswer>;
interface WorkerScope {
  onmessage: ((e: { data: { kernel?: WebAssembly.Module; files?: Record<string, string | null>; message?: unknown } }) => void) | null;
  postMessage(data: unknown, transfer: unknown[]): void;
}
const scope = globalThis as unknown as WorkerScope;
let entry: Promise<Entry> | undefined;

scope.onmessage = (e) => {
  if (e.data.kernel) {
    holdPackageFiles(e.data.files ?? {});
    holdKernel(e.data.kernel);
    entry = import('../pool/kernel-thread.js').then((m) => m.default as Entry);
    // ready: the engine's modules are loaded, so its tasks fetch nothing
    void entry.then(() => scope.postMessage({ ready: true }, []));
    return;
  }
  void entry!.then((run) => run(e.data.message)).then(({ value, transfer }) => scope.postMessage({ value }, transfer));
};
