// The Node side of the engine's host (src/platform/types.ts): the package's files from disk, the
// kernel from build/kernel.wasm, the population cache under $CAMPAIGN_SIM_CACHE, node:crypto, and
// Piscina threads. The browser build replaces this file with browser-host.ts (package.json "browser").
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, homedir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';
import { projectPath } from '../project-path.js';
import type { CacheFiles, Host, ThreadAnswer } from './types.js';

/**
 * Root of the population cache: $CAMPAIGN_SIM_CACHE, else $XDG_CACHE_HOME/campaign-sim, else
 * ~/.cache/campaign-sim. Never inside the package: an installed package may be read-only, and a
 * cache there would be packed and published.
 */
export function cacheRoot(): string {
  return process.env.CAMPAIGN_SIM_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'campaign-sim');
}

const cache: CacheFiles = {
  open(name) {
    let fd: number;
    try { fd = openSync(cache.where(name), 'r'); } catch { return undefined; }
    return {
      size: fstatSync(fd).size,
      read: (into, offset, length, position) => readSync(fd, into, offset, length, position),
      close: () => closeSync(fd),
    };
  },
  write(name, parts) {
    const path = cache.where(name);
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.tmp-${process.pid}`;
    const fd = openSync(tmp, 'w');
    try {
      for (const b of parts) { let w = 0; while (w < b.length) w += writeSync(fd, b, w); }
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  },
  remove: (name) => rmSync(cache.where(name), { force: true }),
  where: (name) => join(cacheRoot(), ...name.split('/')),
};

let compiled: Promise<WebAssembly.Module> | undefined;
let recording: Map<string, string | null> | undefined;

/**
 * From now on, every package file this thread reads or looks for, by path: its text, or null when
 * the package has none. A fresh thread that records a run gets the files a web page must hold for
 * one (service/playground/record-reads.ts).
 */
export function recordPackageReads(): ReadonlyMap<string, string | null> {
  recording = new Map();
  return recording;
}

export const host: Host = {
  packageText(path) {
    const text = readFileSync(projectPath(path), 'utf8');
    recording?.set(path, text);
    return text;
  },
  packageHas(path) {
    const has = existsSync(projectPath(path));
    recording?.set(path, has ? readFileSync(projectPath(path), 'utf8') : null);
    return has;
  },
  /**
   * V8 first runs a wasm function in its baseline tier (Liftoff) and moves to the optimizing tier
   * only at a later call, while each kernel export is one long loop called once per task or day: a
   * task's first reset on PA took 1.45 s instead of 0.48. So Liftoff is turned off before the
   * compile. V8 flags are per process (and lazy compilation reads this one at a function's first
   * call), so it stays off for every wasm module the process compiles after this; they are
   * compiled optimized from the start, with the same results.
   */
  kernelModule() {
    compiled ??= readFile(projectPath('build/kernel.wasm')).then((b) => {
      setFlagsFromString('--no-liftoff');
      return WebAssembly.compile(b);
    });
    return compiled;
  },
  cores: () => availableParallelism(),
  totalMemory: () => totalmem(),
  cache,
  sha256: async (parts) => {
    const h = createHash('sha256');
    for (const p of parts) h.update(p);
    return new Uint8Array(h.digest());
  },
  startThreads(threads, idleSeconds) {
    // the worker is loaded from dist/ (tsc output), also under vitest
    const piscina = new Piscina({
      filename: projectPath('dist/src/pool/kernel-thread.js'),
      minThreads: 0,
      maxThreads: threads,
      concurrentTasksPerWorker: 1,
      idleTimeout: Math.max(0, idleSeconds * 1000),
    });
    return { size: threads, run: (m) => piscina.run(m), alive: () => piscina.threads.length, close: () => piscina.destroy() };
  },
  threadEntry: (run) => async (message: never) => {
    const { value, transfer }: ThreadAnswer = await run(message);
    return Piscina.move({ [Piscina.transferableSymbol]: transfer, [Piscina.valueSymbol]: value } as never);
  },
};
