// The machine's memory bandwidth as WebAssembly sees it (the roofline of bench/kernel.ts): STREAM's
// copy (a = b) and triad (a = b + s * c) and a read-only sum, over f64 arrays in one linear memory,
// 16 bytes per SIMD load or store as the kernel's own passes (assembly/), compiled with the
// kernel's optimisation level. Arrays far larger than the caches (the kernel state of a large UF)
// make it DRAM bandwidth. Bytes are counted as STREAM counts them: copy 2 and triad 3 per element
// (the write's read-for-ownership not counted), read 1. Best of `repeats` runs, as STREAM reports.
import asc from 'assemblyscript/asc';

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
`;

interface StreamExports {
  copy(a: number, b: number, bytes: number): void;
  triad(a: number, b: number, c: number, s: number, bytes: number): void;
  sum(a: number, bytes: number): number;
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

const PAGE = 65536;

/** Copy, triad and read bandwidth over three arrays of `arrayBytes` (rounded up to 64 KiB) each. */
export async function measureMemoryBandwidth(arrayBytes: number, repeats = 20): Promise<MemoryBandwidth> {
  const compiled = await asc.compileString({ 'stream.ts': SOURCE }, {
    optimizeLevel: 3, shrinkLevel: 0, runtime: 'stub', importMemory: true, enable: ['simd'], noAssert: true,
  });
  if (compiled.error || !compiled.binary) throw new Error(`stream kernel: ${compiled.error?.message ?? 'no binary'}\n${compiled.stderr.toString()}`);
  const bytes = Math.ceil(arrayBytes / PAGE) * PAGE;
  const memory = new WebAssembly.Memory({ initial: 1 + (3 * bytes) / PAGE, maximum: 65536 });
  const instance = await WebAssembly.instantiate(await WebAssembly.compile(compiled.binary), { env: { memory } });
  const fn = instance.exports as unknown as StreamExports;
  const [a, b, c] = [PAGE, PAGE + bytes, PAGE + 2 * bytes];
  // every page written once before timing (first touches are page faults, not bandwidth)
  new Float64Array(memory.buffer, b, bytes / 8).fill(1);
  new Float64Array(memory.buffer, c, bytes / 8).fill(2);
  new Float64Array(memory.buffer, a, bytes / 8).fill(0);
  const best = (run: () => void) => {
    let t = Infinity;
    run(); // compiled and warm
    for (let k = 0; k < repeats; k++) {
      const t0 = performance.now();
      run();
      t = Math.min(t, (performance.now() - t0) / 1000);
    }
    return t;
  };
  const copy = best(() => fn.copy(a, b, bytes));
  const triad = best(() => fn.triad(a, b, c, 3, bytes));
  // the sum is returned and compared, so no load of it can be dropped
  const expected = fn.sum(b, bytes);
  const read = best(() => {
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
