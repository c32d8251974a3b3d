// The machine's memory bandwidth as WebAssembly sees it (the roofline of bench/kernel.ts): STREAM's
// copy (a = b) and triad (a = b + s * c) and a read-only sum, over f64 arrays in one linear memory,
// 16 bytes per SIMD load or store as the kernel's own passes (assembly/), compiled with the
// kernel's optimisation level. Arrays far larger than the caches (the kernel state of a large UF)
// make it DRAM bandwidth. Bytes are counted as STREAM counts them: copy 2 and triad 3 per element
// (the write's read-for-ownership not counted), read 1. Best of `repeats` runs, as STREAM reports.
// Random reads (measureRandomAccess): 8-byte loads at random places of a table, in lines per
// second (each load one 64-byte line), independent (addresses read from a streamed index array,
// as the kernels' gathers take theirs from a person's group) and dependent (each address the
// value of the load before, a chase through a random cycle): the roofs of the gathers.
import asc from 'assemblyscript/asc';
import { bestSeconds } from './best-seconds.js';

const SOURCE = `
export function copy(a: usize, b: usize, bytes: usize): void {
  for (let i: usize = 0; i < bytes; i += 32) {
    v128.store(a + i, v128.load(b + i));
    v128.store(a + i, v128.load(b + i, 16), 16);
  }
}
export function triad(a: usize, b: usize, c: usize, s: f64, bytes: usize): void {
  const vs = f64x2.splat(s);
  for (let i: usize = 0; i < bytes; i += 32) {
    v128.store(a + i, f64x2.add(v128.load(b + i), f64x2.mul(vs, v128.load(c + i))));
    v128.store(a + i, f64x2.add(v128.load(b + i, 16), f64x2.mul(vs, v128.load(c + i, 16))), 16);
  }
}
export function sum(a: usize, bytes: usize): i32 {
  // integer adds (1 cycle) in 4 chains, so the loop waits on memory, not on its own sums
  let s0 = i32x4.splat(0);
  let s1 = i32x4.splat(0);
  let s2 = i32x4.splat(0);
  let s3 = i32x4.splat(0);
  for (let i: usize = 0; i < bytes; i += 64) {
    s0 = i32x4.add(s0, v128.load(a + i));
    s1 = i32x4.add(s1, v128.load(a + i, 16));
    s2 = i32x4.add(s2, v128.load(a + i, 32));
    s3 = i32x4.add(s3, v128.load(a + i, 48));
  }
  const s = i32x4.add(i32x4.add(s0, s1), i32x4.add(s2, s3));
  return i32x4.extract_lane(s, 0) ^ i32x4.extract_lane(s, 1) ^ i32x4.extract_lane(s, 2) ^ i32x4.extract_lane(s, 3);
}
export function gather(table: usize, index: usize, n: usize): i64 {
  // the loads' addresses come from the index stream, never from another load of the table
  let s0: i64 = 0;
  let s1: i64 = 0;
  for (let k: usize = 0; k < n; k += 2) {
    s0 += load<i64>(table + (<usize>load<u32>(index + (k << 2)) << 3));
    s1 += load<i64>(table + (<usize>load<u32>(index + (k << 2), 4) << 3));
  }
  return s0 ^ s1;
}
export function chase(table: usize, n: usize): u32 {
  let at: u32 = 0;
  for (let k: usize = 0; k < n; k++) at = load<u32>(table + (<usize>at << 3));
  return at;
}
`;

interface StreamExports {
  copy(a: number, b: number, bytes: number): void;
  triad(a: number, b: number, c: number, s: number, bytes: number): void;
  sum(a: number, bytes: number): number;
  gather(table: number, index: number, n: number): bigint;
  chase(table: number, n: number): number;
}

export interface MemoryBandwidth {
  /** Bytes of each of the three arrays. */
  bytes_por_array: number;
  repeticoes: number;
  /** Best rate of each operation, bytes per second (STREAM's counting). */
  copia_bytes_por_segundo: number;
  triade_bytes_por_segundo: number;
  leitura_bytes_por_segundo: number;
}

/** Random 8-byte reads over one table, in 64-byte lines per second (one line per load). */
export interface RandomAccess {
  bytes_tabela: number;
  leituras: number;
  repeticoes: number;
  /** Best rate of independent loads (addresses from a streamed index array). */
  linhas_independentes_por_segundo: number;
  /** Best rate of dependent loads (a chase through a random cycle of the table's 8-byte slots). */
  linhas_dependentes_por_segundo: number;
}

const PAGE = 65536;

let compiledStream: Promise<WebAssembly.Module> | undefined;

/** The stream and random-read kernels, compiled once per process with the kernel's optimisation level. */
function streamModule(): Promise<WebAssembly.Module> {
  compiledStream ??= (async () => {
    const compiled = await asc.compileString({ 'stream.ts': SOURCE }, {
      optimizeLevel: 3, shrinkLevel: 0, runtime: 'stub', importMemory: true, enable: ['simd'], noAssert: true,
    });
    if (compiled.error || !compiled.binary) throw new Error(`stream kernel: ${compiled.error?.message ?? 'no binary'}\n${compiled.stderr.toString()}`);
    return WebAssembly.compile(compiled.binary);
  })();
  return compiledStream;
}

async function instantiate(bytes: number): Promise<{ memory: WebAssembly.Memory; fn: StreamExports }> {
  const memory = new WebAssembly.Memory({ initial: 1 + Math.ceil(bytes / PAGE), maximum: 65536 });
  const instance = await WebAssembly.instantiate(await streamModule(), { env: { memory } });
  return { memory, fn: instance.exports as unknown as StreamExports };
}

/**
 * Independent and dependent random 8-byte reads over a table of `tableBytes` (rounded up to 8),
 * `reads` of each per run, best of `repeats`. The index array (4 bytes per read) and the cycle come
 * from a fixed-seed generator, so every run reads the same places.
 */
export async function measureRandomAccess(tableBytes: number, reads = 1 << 22, repeats = 5): Promise<RandomAccess> {
  const slots = Math.max(2, Math.ceil(tableBytes / 8));
  const table = PAGE;
  const index = table + Math.ceil((slots * 8) / PAGE) * PAGE;
  const { memory, fn } = await instantiate(index + reads * 4);
  let x = 0x9e3779b9;
  // xorshift32: a fixed sequence, uniform enough over the slots for a rate
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % slots;
  };
  const idx = new Uint32Array(memory.buffer, index, reads);
  for (let k = 0; k < reads; k++) idx[k] = next();
  // one random cycle through every slot (Sattolo's shuffle), slot s holding the next slot's number
  const cycle = new Uint32Array(slots);
  for (let s = 0; s < slots; s++) cycle[s] = s;
  for (let s = slots - 1; s > 0; s--) {
    const r = next() % s;
    [cycle[s], cycle[r]] = [cycle[r], cycle[s]];
  }
  const t = new Uint32Array(memory.buffer, table, slots * 2);
  for (let s = 0; s < slots; s++) t[2 * s] = cycle[s];
  const independent = bestSeconds(repeats, () => fn.gather(table, index, reads));
  const dependent = bestSeconds(repeats, () => fn.chase(table, reads));
  return {
    bytes_tabela: slots * 8,
    leituras: reads,
    repeticoes: repeats,
    linhas_independentes_por_segundo: Math.round(reads / independent),
    linhas_dependentes_por_segundo: Math.round(reads / dependent),
  };
}

/** Copy, triad and read bandwidth over three arrays of `arrayBytes` (rounded up to 64 KiB) each. */
export async function measureMemoryBandwidth(arrayBytes: number, repeats = 20): Promise<MemoryBandwidth> {
  const bytes = Math.ceil(arrayBytes / PAGE) * PAGE;
  const { memory, fn } = await instantiate(3 * bytes);
  const [a, b, c] = [PAGE, PAGE + bytes, PAGE + 2 * bytes];
  // every page written once before timing (first touches are page faults, not bandwidth)
  new Float64Array(memory.buffer, b, bytes / 8).fill(1);
  new Float64Array(memory.buffer, c, bytes / 8).fill(2);
  new Float64Array(memory.buffer, a, bytes / 8).fill(0);
  const copy = bestSeconds(repeats, () => fn.copy(a, b, bytes));
  const triad = bestSeconds(repeats, () => fn.triad(a, b, c, 3, bytes));
  // the sum is returned and compared, so no load of it can be dropped
  const expected = fn.sum(b, bytes);
  const read = bestSeconds(repeats, () => {
    if (fn.sum(b, bytes) !== expected) throw new Error('stream kernel: the read sum changed');
  });
  return {
    bytes_por_array: bytes,
    repeticoes: repeats,
    copia_bytes_por_segundo: Math.round((2 * bytes) / copy),
    triade_bytes_por_segundo: Math.round((3 * bytes) / triad),
    leitura_bytes_por_segundo: Math.round(bytes / read),
  };
}
