// Messages between simulate() (main thread) and src/pool/kernel-thread.ts. Big arrays in a request are
// SharedArrayBuffer-backed (never copied); the arrays of a reply are transferred.
import type { KernelPlan } from '../kernel/kernel-plan.js';
import type { KernelPopulation } from '../kernel/kernel-population.js';
import type { ShardPart, ShardPhases } from '../kernel/run-shards.js';
import type { ShardLayout } from '../kernel/shards.js';
import type { PlainError } from '../errors.js';
import type { ReduceSpec } from '../plan/types.js';

export interface TaskRequest {
  /** The whole population (the reduction reads it); the kernel instances get `shards`. */
  population: KernelPopulation;
  shards: ShardLayout;
  plan: KernelPlan;
  reduce: ReduceSpec;
  variante: number;
  escala: number[];
  replica: number;
  key: [number, number];
  /** Shared control block (src/kernel/kernel-plan.ts CONTROL_*). */
  control: Int32Array;
  /** Reception: the thread keeps its channels' contacts for the replica's next variants (src/kernel/shared-contacts.ts), memory allowing (src/simulate.ts). */
  contatosPartilhados: boolean;
}

/** A task's shards spread over threads (src/pool/pool.ts): this thread claims one of `parts` (src/pool/claim-part.ts) and runs and reduces its shards only. */
export interface PartRequest extends TaskRequest {
  parts: ShardPart[];
  /** One word per part, set by the thread that claimed it. */
  claims: Int32Array;
}

/** The numeric part of a ReplicaResult; the main thread adds the names (src/pool/replica-result.ts). */
export interface TaskCounts {
  serie: Uint32Array;
  seriePublico: Uint32Array;
  populacao: Uint32Array;
  publico: Uint32Array;
  /** [unit][cell][medidasCelulas]: empty, with celulasPopulacao, for a task that counts no cells (ReduceSpec.celulas). */
  celulas: Uint32Array;
  celulasPopulacao: Uint32Array;
  /** The measure axis's indices of celulas's last axis. */
  medidasCelulas: number[];
  frequencia?: Uint32Array;
  alcancavel?: Uint32Array;
  porSetor?: Uint32Array;
  serieDiaria?: Uint32Array;
  respostas: Array<{ chave: string; contagens: Uint32Array; base: Uint32Array }>;
  segundos: number;
  /** Per thread that ran the task (one per part): its persons and phases' wall seconds (not stored with a job's counts). */
  fases?: TaskPhases[];
}

/** One thread's share of a task: its first shard, persons, and wall seconds by phase (bench/shards.ts prints them). */
export interface TaskPhases extends ShardPhases {
  primeiroShard: number;
  pessoas: number;
  /** src/pool/reduce-replica.ts over its shards. */
  reducao: number;
}

export type TaskReply = { ok: true; counts: TaskCounts } | { ok: false; error: PlainError };
