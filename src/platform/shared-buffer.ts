// Memory the engine's threads read without a copy: a SharedArrayBuffer where there is one (Node; a
// browser page that is cross-origin isolated), else a plain ArrayBuffer, which a message to a
// thread copies (src/pool/pool.ts then never spreads one task over threads: its parts meet at a
// barrier in shared memory). The results are the same either way.

/** Whether this runtime shares memory between threads. */
export const MEMORY_SHARED = typeof SharedArrayBuffer === 'function';

/** A zeroed buffer of `bytes`, shared between threads when the runtime allows. */
export function sharedBuffer(bytes: number): ArrayBufferLike {
  return MEMORY_SHARED ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}
