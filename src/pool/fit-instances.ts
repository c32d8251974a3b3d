// The kernel instances a pool thread keeps between tasks (one per shard). Kept, a thread does not
// copy the population in again for the next replica or variant; but a wasm memory never shrinks,
// so after one big job (every UF: 3 shards, about 7 GiB) a thread would hold that memory for good.
import { KernelInstance } from '../kernel/instance.js';
import type { KernelPlan } from '../kernel/kernel-plan.js';
import { planForShard } from '../kernel/run-shards.js';
import type { ShardLayout } from '../kernel/shards.js';
import { modelFor } from '../models/model-registry.js';

/** Memory an instance may hold beyond twice its task's need before it is dropped. */
export const SLACK_BYTES = 256 * 2 ** 20;

/**
 * Makes `instances` one instance per shard of `layout`: an instance that holds a shard's
 * population already is moved to that shard's place (a thread handed another part of a task keeps
 * the shards both parts share), the others are reused in their order; it creates the missing ones,
 * and drops those past the layout's shard count and those holding more than twice (and more than
 * `slackBytes` beyond) what their shard needs, for the garbage collector to free their memory; a
 * dropped instance is replaced by a fresh one, which copies its shard in on the task's first use.
 */
export async function fitInstances(instances: KernelInstance[], layout: ShardLayout, plan: KernelPlan, slackBytes = SLACK_BYTES): Promise<void> {
  const { shards } = layout;
  const held = [...instances];
  const placed: Array<KernelInstance | undefined> = shards.map((s) => {
    const k = held.findIndex((inst) => inst.holds(s.pop));
    return k < 0 ? undefined : held.splice(k, 1)[0];
  });
  instances.length = 0;
  const whole = shards.length === 1;
  const family = modelFor(plan.familia).kernel;
  for (let k = 0; k < shards.length; k++) {
    const inst = placed[k] ?? held.shift();
    if (inst) {
      const need = inst.bytesNeeded(family, shards[k].pop, planForShard(plan, shards[k], whole));
      if (inst.bytesHeld <= Math.max(2 * need, need + slackBytes)) {
        instances.push(inst);
        continue;
      }
    }
    instances.push(await KernelInstance.create());
  }
}
