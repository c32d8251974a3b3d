// One kernel instance per thread: the wasm module compiled once, a linear memory the host owns,
// the population copied in once and the plan's per-person arrays once per plan. Runs one
// (replica, variant) task at a time of a model family's kernel (KernelFamily: its room in
// src/models/ drives its own entry points over this instance); the state it leaves is read by
// src/pool/reduce-replica.ts.
import { ServiceError } from '../errors.js';
import { host } from '../platform/host.js';
import { ABI } from './abi.js';
import type { KernelParams, KernelPlan } from './kernel-plan.js';
import type { KernelPopulation } from './kernel-population.js';
import { WASM32_MAX_BYTES, layoutKernel, planShape, type FamilyArrays, type KernelLayout } from './layout.js';
import { SharedContacts } from './shared-contacts.js';

/** The kernel's exports every family uses (assembly/index.ts); a family's own are its room's (KernelInstance.entries). */
interface KernelExports {
  abiVersion(): number;
  heapBase(): number;
  bind(header: number): void;
  prepareShares(): void;
  fillUniforms(keyLo: number, keyHi: number, stream: number, day: number, agent0: number, n: number, out: number): void;
  fillExpDrawPairs(keyLo: number, keyHi: number, stream: number, day: number, agent0: number, n: number, out: number): void;
}

/**
 * A model family's kernel as the host runs it: its own arrays (FamilyArrays) and the steps of a
 * task over an instance, each calling the family's entry points of build/kernel.wasm. Its room in
 * src/models/ implements it; the pipeline passes it with the plan (modelFor(plan.familia).kernel).
 */
export interface KernelFamily extends FamilyArrays {
  /** Once per layout, after the population is in place (what follows from the population alone). */
  laidOut(k: KernelInstance, pop: KernelPopulation): void;
  /** Copies the family's own per-plan arrays in, once per plan. */
  copyPlan(k: KernelInstance, plan: KernelPlan): void;
  /** Starts a task once the shared parameters are written: the family's own, and its reset. */
  begin(k: KernelInstance, plan: KernelPlan, escala: readonly number[], key: readonly [number, number], draws?: ContactDraws): void;
  /** Simulates day d of the task begun (reads the counters of day d, writes those of day d + 1). */
  step(k: KernelInstance, plan: KernelPlan, d: number): void;
  /** Counts the events of persons [i0, i1) into the run tables; their last event day, 0 if none (assembly/reduce.ts). */
  countRun(k: KernelInstance, i0: number, i1: number): number;
}

/** The kernel module, compiled once per thread from build/kernel.wasm (`npm run asbuild`) by the host (src/platform/). */
export function kernelModule(): Promise<WebAssembly.Module> {
  return host.kernelModule();
}

const PAGE = 65536;

type HostArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array;

/** The population arrays a layout holds (src/kernel/layout.ts sizes them), copied in once per population. */
const POPULATION_ARRAYS = [
  [ABI.P_HH_START, 'hhStart'], [ABI.P_HH_TRACT, 'hhTract'], [ABI.P_GROUP, 'group'], [ABI.P_DCELL, 'dcell'],
  [ABI.P_TRACT_MUN, 'tractMun'], [ABI.P_ADJ_START, 'adjStart'], [ABI.P_ADJ, 'adj'], [ABI.P_GROUP_SIZE, 'groupSize'],
  [ABI.P_TRACT_POP, 'tractPop'], [ABI.P_TRACT_DEN, 'tractDen'], [ABI.P_DIG_POP, 'digPop'], [ABI.P_UF_DIG_POP, 'ufDigPop'],
  [ABI.P_MUN_POP, 'munPop'],
] as const satisfies ReadonlyArray<readonly [number, keyof KernelPopulation]>;

/** The f64 header parameters taken as they are from the plan's KernelParams (F_PERIOD and F_RECALL are written apart; a family's own, by its kernel). */
const PARAMETER_SLOTS = [
  [ABI.F_E0, 'e0'], [ABI.F_EXPO, 'expo'], [ABI.F_W_HH, 'wHh'], [ABI.F_W_TURMA, 'wTurma'], [ABI.F_W_ESTAB, 'wEstab'],
  [ABI.F_W_VIZ, 'wViz'], [ABI.F_W_DIG, 'wDig'], [ABI.F_HOMOPHILY, 'homophily'], [ABI.F_SPILL, 'spill'], [ABI.F_DAMP, 'damp'],
  [ABI.F_ELOGIT, 'elogit'], [ABI.F_FALSE_RECALL, 'falseRecall'], [ABI.F_FIRST_DAY, 'firstDay'],
] as const satisfies ReadonlyArray<readonly [number, keyof KernelParams]>;

/**
 * How a reception task draws its media contacts, the same state every way: every channel at once
 * (assembly/reception.ts resetReception), channel by channel with the off ones skipped, or channel
 * by channel with the channels kept for the replica's other variants (src/kernel/shared-contacts.ts;
 * src/models/recepcao/reception-kernel.ts). A family without media draws none.
 */
export type ContactDraws = 'at-once' | 'by-channel' | 'shared';

/** The run tables of assembly/reduce.ts, as the host reads and zeroes them (src/pool/reduce-replica.ts). */
export interface RunTables {
  /** [day 0..nDays][measure] of the persons outside the audience (day 0: the sink of events not had), then of the audience's. */
  porDiaFora: Uint32Array;
  porDiaPublico: Uint32Array;
  /** [grid cell][measure] of the run's unit. */
  celulas: Uint32Array;
  /** reception: [channel][contacts, members with 1 .. 10+ contacts] (ABI.FREQ_COLS), then over all, of the run's unit. */
  frequencia: Uint32Array;
}

export class KernelInstance {
  readonly memory: WebAssembly.Memory;
  readonly fn: KernelExports;
  private readonly base: number;
  private popId = '';
  private planId = '';
  private shapeKey = '';
  layout: KernelLayout | undefined;
  /** A family's media contacts kept for the next variants of a replica (reception's drawContactsByChannel). */
  readonly contacts = new SharedContacts();

  private constructor(memory: WebAssembly.Memory, fn: KernelExports) {
    this.memory = memory;
    this.fn = fn;
    this.base = fn.heapBase();
  }

  static async create(): Promise<KernelInstance> {
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 65536 });
    const inst = await WebAssembly.instantiate(await kernelModule(), { env: { memory } });
    const fn = inst.exports as unknown as KernelExports;
    if (fn.abiVersion() !== ABI.ABI_VERSION) {
      throw new ServiceError('internal_error', `kernel ABI ${fn.abiVersion()} != host ABI ${ABI.ABI_VERSION}: run npm run asbuild`);
    }
    return new KernelInstance(memory, fn);
  }

  /** Bytes of linear memory this instance holds (a wasm memory grows and never shrinks). */
  get bytesHeld(): number {
    return this.memory.buffer.byteLength;
  }

  /** Whether the population (a shard's, by id) is the one copied in, so a task over it copies nothing again. */
  holds(pop: KernelPopulation): boolean {
    return this.popId === pop.id;
  }

  /** Bytes this instance's memory must hold to run `plan` (of `family`) over `pop`. */
  bytesNeeded(family: KernelFamily, pop: KernelPopulation, plan: KernelPlan): number {
    return layoutKernel(this.base, pop, planShape(plan, family)).end;
  }

  /** The kernel's exports as a family's entry points `T` (its room declares them). */
  entries<T>(): T {
    return this.fn as unknown as T;
  }

  /** Grows the memory to hold `bytes`; refuses past the wasm32 limit. */
  private reserve(bytes: number): void {
    if (bytes > WASM32_MAX_BYTES) {
      throw new ServiceError(
        'internal_error',
        `a kernel shard needs ${(bytes / 2 ** 30).toFixed(2)} GiB of linear memory; one wasm32 instance holds 4 GiB (shard the population with a smaller maxShardBytes)`,
      );
    }
    const have = this.memory.buffer.byteLength;
    if (bytes > have) this.memory.grow(Math.ceil((bytes - have) / PAGE));
  }

  /** Views of `n` elements of linear memory at byte offset `off` (valid until the memory grows). */
  u8(off: number, n: number) { return new Uint8Array(this.memory.buffer, off, n); }
  u16(off: number, n: number) { return new Uint16Array(this.memory.buffer, off, n); }
  u32(off: number, n: number) { return new Uint32Array(this.memory.buffer, off, n); }
  i32(off: number, n: number) { return new Int32Array(this.memory.buffer, off, n); }
  f32(off: number, n: number) { return new Float32Array(this.memory.buffer, off, n); }
  f64(off: number, n: number) { return new Float64Array(this.memory.buffer, off, n); }

  /** Copies a host array into linear memory at byte offset `off`, as the same element type. */
  copyIn(off: number, from: HostArray): void {
    const View = from.constructor as new (b: ArrayBufferLike, o: number, n: number) => HostArray;
    new View(this.memory.buffer, off, from.length).set(from);
  }

  /** Lays out memory and copies the population (once per population) and the plan (once per plan) of `family`. */
  load(family: KernelFamily, pop: KernelPopulation, plan: KernelPlan): KernelLayout {
    const shape = planShape(plan, family);
    // every field of the shape (the family's arrays follow from its name): a layout kept for
    // another grid's cell count once counted into the wrong rows
    const shapeKey = [pop.id, shape.familia, shape.nChannels, shape.nCells, shape.dias, shape.nMeasures, shape.nGridCells, shape.memoria].join('|');
    if (shapeKey !== this.shapeKey) {
      const layout = layoutKernel(this.base, pop, shape);
      this.reserve(layout.end);
      this.layout = layout;
      this.u32(layout.header, ABI.SLOTS).set(layout.slots);
      this.fn.bind(layout.header);
      this.shapeKey = shapeKey;
      this.planId = '';
      if (pop.id !== this.popId) {
        for (const [slot, field] of POPULATION_ARRAYS) this.copyIn(layout.slots[slot], pop[field]);
        this.popId = pop.id;
      }
      family.laidOut(this, pop);
    }
    const layout = this.layout!;
    if (plan.id !== this.planId) {
      const s = layout.slots;
      this.copyIn(s[ABI.P_MULT], plan.mult);
      family.copyPlan(this, plan);
      this.copyIn(s[ABI.P_GRID_CELL], plan.gridCell);
      this.copyIn(s[ABI.P_AUDIENCE], plan.audience);
      this.planId = plan.id;
    }
    return layout;
  }

  /** The header's f64 parameters (ABI.F_*). */
  params(): Float64Array {
    return this.f64(this.layout!.header + ABI.PARAMS_OFFSET, ABI.PARAMS);
  }

  private writeParams(plan: KernelPlan): void {
    const p = plan.params;
    const f = this.params();
    f.fill(0);
    for (const [slot, name] of PARAMETER_SLOTS) f[slot] = p[name];
    f[ABI.F_PERIOD] = Math.max(1, Math.round(p.period));
    for (let c = 0; c < plan.nChannels; c++) f[ABI.F_RECALL + c] = p.recall[c];
  }

  /**
   * Starts a task of `family`: population and plan in place, parameters, then the family's own
   * start (its parameters, the variant's day factors, its reset). A family with media draws its
   * contacts as `draws` says (ContactDraws); only 'shared' keeps them (SharedContacts: 5 bytes a
   * person and channel, held until a task of another plan or replica).
   */
  begin(family: KernelFamily, pop: KernelPopulation, plan: KernelPlan, escala: readonly number[], key: readonly [number, number], draws?: ContactDraws): void {
    if (draws !== 'shared') this.contacts.clear();
    this.load(family, pop, plan);
    this.writeParams(plan);
    family.begin(this, plan, escala, key, draws);
  }

  /** Simulates day d of the task of `family` begun (reads the counters of day d, writes those of day d + 1). */
  stepDay(family: KernelFamily, plan: KernelPlan, d: number): void {
    family.step(this, plan, d);
  }

  /**
   * Counts the events of persons [i0, i1) (this instance's numbering) of the task of `family` that
   * ran into the run tables (runTables); returns their last event day, 0 if none (assembly/reduce.ts).
   */
  countRun(family: KernelFamily, i0: number, i1: number): number {
    return family.countRun(this, i0, i1);
  }

  /**
   * The reduction's run tables (ABI.P_RUN_*), zeroed: views, valid until the memory grows. Zeroed
   * here, not once per layout, because a new layout finds other arrays' bytes there and a
   * reduction that threw leaves its counts.
   */
  runTables(): RunTables {
    const s = this.layout!.slots;
    const perDay = (s[ABI.N_DAYS] + 1) * s[ABI.N_MEASURES];
    const t: RunTables = {
      porDiaFora: this.u32(s[ABI.P_RUN_DAY], perDay),
      // KEEP IN SYNC with assembly/reduce.ts dayTableBytes
      porDiaPublico: this.u32(s[ABI.P_RUN_DAY] + perDay * 4, perDay),
      celulas: this.u32(s[ABI.P_RUN_CELLS], s[ABI.N_GRID_CELLS] * s[ABI.N_MEASURES]),
      frequencia: this.u32(s[ABI.P_RUN_FREQ], (s[ABI.N_CHANNELS] + 1) * ABI.FREQ_COLS),
    };
    for (const a of Object.values(t)) a.fill(0);
    return t;
  }

  /** The i32 counter array at header slot `slot` (ABI.P_CNT_*), `n` entries. */
  counters(slot: number, n: number): Int32Array {
    return this.i32(this.layout!.slots[slot], n);
  }

  /** Views of the state a finished task left (valid until the next run or memory growth). */
  state(): KernelState {
    const s = this.layout!.slots;
    const n = s[ABI.N_PERSONS];
    const nC = s[ABI.N_CHANNELS];
    return {
      dayA: this.u16(s[ABI.P_DAY_A], n),
      rem: new Float32Array(this.memory.buffer, s[ABI.P_REM], n),
      mday: nC ? this.u16(s[ABI.P_MDAY], n) : undefined,
      sday: nC ? this.u16(s[ABI.P_SDAY], n) : undefined,
      dday: nC ? this.u16(s[ABI.P_DDAY], n) : undefined,
      resp: nC ? this.u8(s[ABI.P_RESP], n) : undefined,
      freq: nC ? this.u8(s[ABI.P_FREQ], n * nC) : undefined,
      ...(s[ABI.P_ADAY] ? { respostaDia: this.u16(s[ABI.P_ADAY], n), repassaDia: this.u16(s[ABI.P_RDAY], n) } : {}),
    };
  }

  /** n uniforms H(key, stream, day, agent0 + j) (RNG quality tests). */
  uniforms(key: readonly [number, number], stream: number, day: number, agent0: number, n: number): Float64Array {
    const at = (this.layout?.end ?? this.base + 65536) + 64;
    this.reserve(at + n * 8);
    this.fn.fillUniforms(key[0], key[1], stream, day, agent0, n, at);
    return new Float64Array(this.memory.buffer, at, n).slice();
  }

  /** For agents agent0 + j (j < n, n even): expDraw then expDraw2's lane, each agent's pair in turn (test/kernel/rng.test.ts). */
  expDrawPairs(key: readonly [number, number], stream: number, day: number, agent0: number, n: number): Float64Array {
    const at = (this.layout?.end ?? this.base + 65536) + 64;
    this.reserve(at + n * 16);
    this.fn.fillExpDrawPairs(key[0], key[1], stream, day, agent0, n, at);
    return new Float64Array(this.memory.buffer, at, 2 * n).slice();
  }
}

/** Per-person event days and responses of a finished task (day 0 = never). */
export interface KernelState {
  /** adocao: adoption day; recepcao: first exposure day. */
  dayA: Uint16Array;
  /** The Exp(1) threshold left (adocao: adoption; recepcao: social exposure), to pin the hazard arithmetic. */
  rem: Float32Array;
  mday?: Uint16Array;
  sday?: Uint16Array;
  dday?: Uint16Array;
  resp?: Uint8Array;
  freq?: Uint8Array;
  /** recepcao from v2.1.0: the day the final response was reached (ABI.P_ADAY once the run is settled), and the repassa day. */
  respostaDia?: Uint16Array;
  repassaDia?: Uint16Array;
}
