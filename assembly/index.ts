// Kernels of the adoption and reception models (DESIGN 4, docs/model.md). Numbers in, numbers
// out: the host (src/kernel/instance.ts) lays every array out in the imported memory, writes the
// header of assembly/abi.ts and calls these once per task and once per simulated day.
export { bind, heapBase } from './header';
export { prepareShares } from './layers';
export { resetAdoption, launchAdoption, stepAdoption } from './adoption';
export { beginReception, channelContacts, channelFreq, finishReception, mergeChannel, resetReception, stepReception } from './reception';
export { countAdoptionRun, countReceptionRun } from './reduce';
export { fillExpDrawPairs, fillUniforms } from './rng-export';
import { ABI_VERSION } from './abi';

/** Host: once per instance, to refuse a kernel built from another ABI. */
export function abiVersion(): i32 {
  return <i32>ABI_VERSION;
}
