// The pool's kernel thread (src/pool/pool.ts), the same on Node (Piscina loads
// dist/src/pool/kernel-thread.js) and in a browser (a module Web Worker of its bundle): the host
// (src/platform/) turns runTask into the thread's entry. Kernel instances are kept between tasks
// (one per shard, fitted to each task by fitInstances), the population copied into them once, one
// (replica, variant) per task, or the part of one this thread claims from a PartRequest.
import { ServiceError } from '../errors.js';
import type { KernelInstance } from '../kernel/instance.js';
import { failPart, runShards } from '../kernel/run-shards.js';
import { modelFor } from '../models/model-registry.js';
import { host } from '../platform/host.js';
import type { ThreadAnswer } from '../platform/types.js';
import type { PartRequest, TaskPhases, TaskReply, TaskRequest } from './messages.js';
import { claimPart } from './claim-part.js';
import { fitInstances } from './fit-instances.js';
import { reduceReplica } from './reduce-replica.js';

const instances: KernelInstance[] = [];

/** Runs one task (or part) and answers its counts, their arrays moved to the pool's thread, or the error. */
export async function runTask(req: TaskRequest | PartRequest): Promise<ThreadAnswer> {
  const parts = 'parts' in req ? req.parts : undefined;
  try {
    const part = parts && claimPart(parts, (req as PartRequest).claims, req.shards, instances);
    const mine = part ? { ...req.shards, shards: req.shards.shards.slice(part.first, part.first + part.count) } : req.shards;
    await fitInstances(instances, mine, req.plan);
    const t0 = performance.now();
    const fases: TaskPhases = {
      primeiroShard: part?.first ?? 0, pessoas: mine.shards.reduce((n, s) => n + s.p1 - s.p0, 0), reset: 0, dias: 0, espera: 0, troca: 0, reducao: 0,
    };
    runShards(modelFor(req.plan.familia).kernel, instances, req.shards, req.plan, req.escala, req.key, { control: req.control, part, phases: fases, contactDraws: req.contatosPartilhados ? 'shared' : undefined });
    const t1 = performance.now();
    const segments = mine.shards.map((s, k) => ({ h0: s.h0, h1: s.h1, p0: s.p0, inst: instances[k] }));
    const reduced = reduceReplica(req.population, req.plan, req.reduce, segments, req.variante, req.escala);
    const t2 = performance.now();
    fases.reducao = (t2 - t1) / 1000;
    const counts = { ...reduced, segundos: (t2 - t0) / 1000, fases: [fases] };
    const reply: TaskReply = { ok: true, counts };
    const transfer: ArrayBuffer[] = [];
    for (const v of Object.values(counts)) if (v instanceof Uint32Array) transfer.push(v.buffer as ArrayBuffer);
    for (const r of counts.respostas) transfer.push(r.contagens.buffer as ArrayBuffer, r.base.buffer as ArrayBuffer);
    return { value: reply, transfer };
  } catch (err) {
    if (parts) failPart(parts[0]); // the parts share one barrier
    const e = err instanceof ServiceError ? err : new ServiceError('internal_error', err instanceof Error ? err.stack ?? err.message : String(err));
    const reply: TaskReply = { ok: false, error: e.toPlain() };
    return { value: reply, transfer: [] };
  }
}

export default host.threadEntry(runTask);
