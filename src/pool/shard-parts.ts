// How a task's shards are spread over threads (src/pool/pool.ts): contiguous runs of shards, one
// per thread, cut where the persons before the cut are nearest an equal share.
import { BARRIER_WORDS, postedLength, type ShardPart } from '../kernel/run-shards.js';
import type { ShardLayout } from '../kernel/shards.js';
import { sharedBuffer } from '../platform/shared-buffer.js';

/** `parts` (2 .. shard count) ShardParts of the layout, sharing one barrier and one posted-counter buffer. */
export function splitShards(layout: ShardLayout, parts: number): ShardPart[] {
  const { shards } = layout;
  const total = shards[shards.length - 1].p1 - shards[0].p0;
  const barrier = new Int32Array(sharedBuffer(BARRIER_WORDS * 4));
  const posted = new Int32Array(sharedBuffer(Math.max(1, postedLength(layout)) * 4));
  const out: ShardPart[] = [];
  let first = 0;
  for (let j = 1; j <= parts; j++) {
    let end = first + 1;
    // leave at least one shard for each remaining part
    while (end < shards.length - (parts - j) && Math.abs(shards[end].p1 - (j * total) / parts) < Math.abs(shards[end - 1].p1 - (j * total) / parts)) end++;
    if (j === parts) end = shards.length;
    out.push({ first, count: end - first, parts, barrier, posted });
    first = end;
  }
  return out;
}
