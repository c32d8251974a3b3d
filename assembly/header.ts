// Access to the ABI header (assembly/abi.ts) the host wrote into linear memory.
import { PARAMS_OFFSET } from './abi';

let header: usize = 0;

/** Host: once after laying out memory (src/kernel/instance.ts), with the header's byte offset. */
export function bind(offset: usize): void {
  header = offset;
}

/** Host: once per instance, to know where its own data may start. */
export function heapBase(): usize {
  return __heap_base;
}

@inline export function slot(k: u32): usize {
  return <usize>load<u32>(header + (<usize>k << 2));
}

@inline export function param(k: u32): f64 {
  return load<f64>(header + PARAMS_OFFSET + (<usize>k << 3));
}
