// Kernels of the adoption and reception models (see assembly/README or DESIGN 4).
// Called from src/kernel/load-kernel.ts; the real kernels are written in their own files.
export function abiVersion(): i32 {
  return 1;
}
