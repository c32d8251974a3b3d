// What the engine asks of the machine it runs on, in one interface with a Node side (host.ts) and a
// browser side (browser-host.ts): the package's data files, the compiled kernel, the cores and
// memory, the population cache files, SHA-256, and the threads that run the kernel's tasks. Every
// other file of the engine is the same code on both (docs/browser.md); the browser build swaps
// host.ts for browser-host.ts (package.json "browser").

/** An open cache file: its size and positioned reads into a caller's array. */
export interface CacheFile {
  readonly size: number;
  /** Reads up to `length` bytes at file position `position` into `into` at `offset`; the bytes read (0 at the end). */
  read(into: Uint8Array, offset: number, length: number, position: number): number;
  close(): void;
}

/** Files kept between runs (the populations of the UFs, src/population/population-store.ts), by name ('v2.0.0/populacao-RR.bin'). */
export interface CacheFiles {
  /** The file, or undefined when there is none. */
  open(name: string): CacheFile | undefined;
  /** Writes the file whole from its parts, replacing any (a reader never sees half of it). */
  write(name: string, parts: readonly Uint8Array[]): void;
  remove(name: string): void;
  /** Where the file is, for messages (a path on Node). */
  where(name: string): string;
}

/** Threads running src/pool/kernel-thread.ts, each taking one message at a time. */
export interface KernelThreads {
  readonly size: number;
  /** Posts `message` (its SharedArrayBuffer-backed arrays shared, the rest copied) to a free thread; the thread's answer. */
  run(message: unknown): Promise<unknown>;
  /** Threads running now. */
  alive(): number;
  close(): Promise<void>;
}

/** What a kernel thread's task answers: `value`, with the buffers of `transfer` moved rather than copied. */
export interface ThreadAnswer {
  value: unknown;
  transfer: ArrayBuffer[];
}

export interface Host {
  /** A file of the package by its path from the package root ('data/br/estados.csv'), as text; throws when it cannot be read. */
  packageText(path: string): string;
  /** Whether the package has the file (the optional files of a release: caso-midia.json, ...). */
  packageHas(path: string): boolean;
  /** build/kernel.wasm, compiled once per thread. */
  kernelModule(): Promise<WebAssembly.Module>;
  /** Cores the engine may use by default. */
  cores(): number;
  /** Memory of the machine, in bytes (what the defaults take a share of). */
  totalMemory(): number;
  cache: CacheFiles;
  /** SHA-256 of the parts, in order. */
  sha256(parts: readonly Uint8Array[]): Promise<Uint8Array>;
  /** Up to `threads` kernel threads, each ending after `idleSeconds` without work. */
  startThreads(threads: number, idleSeconds: number): KernelThreads;
  /** The kernel thread's entry: what the thread runtime calls with each message (src/pool/kernel-thread.ts exports it). */
  threadEntry(run: (message: never) => Promise<ThreadAnswer>): unknown;
}
