// Which part of a task spread over threads (src/pool/pool.ts) a pool thread runs. The pool cannot
// choose the thread a request lands on, so every part's request names all the parts and each
// thread claims one when it starts: first the part whose shards its kernel instances hold (most
// persons held first), so that a thread runs the part it ran last time and copies nothing in
// again; then the parts left, in order.
import type { KernelInstance } from '../kernel/instance.js';
import type { ShardPart } from '../kernel/run-shards.js';
import type { ShardLayout } from '../kernel/shards.js';

/** Claims one of `parts` (claims: one word per part, 0 = unclaimed) for this thread; throws when every part is taken. */
export function claimPart(parts: readonly ShardPart[], claims: Int32Array, layout: ShardLayout, instances: readonly KernelInstance[]): ShardPart {
  const held = parts.map((p) => {
    let persons = 0;
    for (const s of layout.shards.slice(p.first, p.first + p.count)) if (instances.some((k) => k.holds(s.pop))) persons += s.p1 - s.p0;
    return persons;
  });
  const order = parts.map((_, j) => j).sort((a, b) => held[b] - held[a] || a - b);
  for (const j of order) if (Atomics.compareExchange(claims, j, 0, 1) === 0) return parts[j];
  throw new RangeError(`all ${parts.length} parts of the task were claimed`);
}
