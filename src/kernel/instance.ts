// One kernel instance per thread: the wasm module compiled once, a linear memory the host owns,
// the population copied in once and the plan's per-person arrays once per plan. Runs one
// (replica, variant) task at a time; the state it leaves is read by src/pool/reduce-replica.ts.
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import type { Familia } from '../contract/types.js';
import { ServiceError } from '../errors.js';
import { projectPath } from '../project-path.js';
import { ABI } from './abi.js';
import { TIMING_CLASSES, type KernelParams, type KernelPlan } from './kernel-plan.js';
import type { KernelPopulation } from './kernel-population.js';
import { WASM32_MAX_BYTES, layoutKernel, planShape, type KernelLayout } from './layout.js';
import { SharedContacts } from './shared-contacts.js';

interface KernelExports {
  abiVersion(): number;
  heapBase(): number;
  bind(header: number): void;
  prepareShares(): void;
  resetAdoption(keyLo: number, keyHi: number): void;
  launchAdoption(day: number): void;
  stepAdoption(day: number): void;
  resetReception(keyLo: number, keyHi: number): void;
  beginReception(keyLo: number, keyHi: number): void;
  channelContacts(c: number): void;
  channelFreq(c: number): void;
  mergeChannel(c: number, counts: boolean): void;
  finishReception(): void;
  stepReception(day: number): void;
  countAdoptionRun(i0: number, i1: number): number;
  countReceptionRun(i0: number, i1: number): number;
  fillUniforms(keyLo: number, keyHi: number, stream: number, day: number, agent0: number, n: number, out: number): void;
  fillExpDrawPairs(keyLo: number, keyHi: number, stream: number, day: number, agent0: number, n: number, out: number): void;
}

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * The kernel module, compiled once per thread from build/kernel.wasm (`npm run asbuild`).
 * V8 first runs a wasm function in its baseline tier (Liftoff) and moves to the optimizing tier
 * only at a later call, while each kernel export is one long loop called once per task or day: a
 * task's first reset on PA took 1.45 s instead of 0.48. So Liftoff is turned off before the
 * compile. V8 flags are per process (and lazy compilation reads this one at a function's first
 * call), so it stays off for every wasm module the process compiles after this; they are
 * compiled optimized from the start, with the same results.
 */
export function kernelModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(projectPath('build/kernel.wasm')).then((b) => {
    setFlagsFromString('--no-liftoff');
    return WebAssembly.compile(b);
  });
  return compiled;
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

/** The f64 header parameters taken as they are from the plan's KernelParams (F_PERIOD and F_RECALL are written apart). */
const PARAMETER_SLOTS = [
  [ABI.F_E0, 'e0'], [ABI.F_EXPO, 'expo'], [ABI.F_W_HH, 'wHh'], [ABI.F_W_TURMA, 'wTurma'], [ABI.F_W_ESTAB, 'wEstab'],
  [ABI.F_W_VIZ, 'wViz'], [ABI.F_W_DIG, 'wDig'], [ABI.F_HOMOPHILY, 'homophily'], [ABI.F_SPILL, 'spill'], [ABI.F_DAMP, 'damp'],
  [ABI.F_ELOGIT, 'elogit'], [ABI.F_FALSE_RECALL, 'falseRecall'], [ABI.F_FIRST_DAY, 'firstDay'],
] as const satisfies ReadonlyArray<readonly [number, keyof KernelParams]>;

/**
 * How a reception task draws its media contacts, the same state every way: every channel at once
 * (assembly/reception.ts resetReception), channel by channel with the off ones skipped, or channel
 * by channel with the channels kept for the replica's other variants (src/kernel/shared-contacts.ts).
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
  /** Reception's contacts kept for the next variants of a replica (drawContactsByChannel). */
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

  /** Bytes this instance's memory must hold to run `plan` over `pop`. */
  bytesNeeded(pop: KernelPopulation, plan: KernelPlan): number {
    return layoutKernel(this.base, pop, planShape(plan)).end;
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

  private u8(off: number, n: number) { return new Uint8Array(this.memory.buffer, off, n); }
  private u16(off: number, n: number) { return new Uint16Array(this.memory.buffer, off, n); }
  private u32(off: number, n: number) { return new Uint32Array(this.memory.buffer, off, n); }
  private i32(off: number, n: number) { return new Int32Array(this.memory.buffer, off, n); }

  /** Copies a host array into linear memory at byte offset `off`, as the same element type. */
  private copyIn(off: number, from: HostArray): void {
    const View = from.constructor as new (b: ArrayBufferLike, o: number, n: number) => HostArray;
    new View(this.memory.buffer, off, from.length).set(from);
  }

  /** Lays out memory and copies the population (once per population) and the plan (once per plan). */
  load(pop: KernelPopulation, plan: KernelPlan): KernelLayout {
    const shape = planShape(plan);
    // every field of the shape: a layout kept for another grid's cell count once counted into the wrong rows
    const shapeKey = [pop.id, ...Object.values(shape)].join('|');
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
      if (shape.familia === 'adocao') this.indexPersons(pop, layout);
    }
    const layout = this.layout!;
    if (plan.id !== this.planId) {
      const s = layout.slots;
      this.copyIn(s[ABI.P_MULT], plan.mult);
      if (plan.classe) this.copyIn(s[ABI.P_INCOME], plan.classe);
      if (plan.familia === 'recepcao') {
        this.copyIn(s[ABI.P_CELL], plan.cell!);
        this.copyIn(s[ABI.P_AFF], plan.afinidade!);
        this.copyIn(s[ABI.P_RESP_CUM], plan.respostaAcum!);
        if (plan.propensao) {
          this.copyIn(s[ABI.P_PROP], plan.propensao.tabelas);
          this.copyIn(s[ABI.P_PROP] + plan.propensao.tabelas.byteLength, plan.propensao.partes);
        }
      }
      this.copyIn(s[ABI.P_GRID_CELL], plan.gridCell);
      this.copyIn(s[ABI.P_AUDIENCE], plan.audience);
      this.planId = plan.id;
    }
    return layout;
  }

  /**
   * Adoption's P_PERSON_HH, each person's household, once per layout (it follows from the
   * population; written by the reset, it was about 30 ms of every PA task).
   */
  private indexPersons(pop: KernelPopulation, layout: KernelLayout): void {
    const personHh = this.u32(layout.slots[ABI.P_PERSON_HH], pop.nPersons);
    const hhStart = pop.hhStart;
    // a plain loop: fill() per household took 3 to 4 times as long on PA (0.34 against 0.09 s)
    for (let h = 0; h < pop.nHouseholds; h++) for (let i = hhStart[h]; i < hhStart[h + 1]; i++) personHh[i] = h;
  }

  private params(): Float64Array {
    return new Float64Array(this.memory.buffer, this.layout!.header + ABI.PARAMS_OFFSET, ABI.PARAMS);
  }

  private writeParams(plan: KernelPlan): void {
    const p = plan.params;
    const f = this.params();
    f.fill(0);
    for (const [slot, name] of PARAMETER_SLOTS) f[slot] = p[name];
    f[ABI.F_PERIOD] = Math.max(1, Math.round(p.period));
    for (let c = 0; c < plan.nChannels; c++) f[ABI.F_RECALL + c] = p.recall[c];
    if (plan.propensao) {
      f[ABI.F_PROP] = 1;
      for (let c = 0; c < plan.nChannels; c++) f[ABI.F_PROP_SLOT + c] = plan.propensao.bytes[c];
    }
    if (plan.familia === 'adocao' && plan.fatorClasse) {
      f[ABI.F_BY_INCOME] = 1;
      const odds = this.timingTable();
      for (let c = 0; c < TIMING_CLASSES; c++) odds[TIMING_CLASSES + c] = plan.fatorClasse[c];
    }
  }

  /** The kernel's P_TAB_INCOME: the day's exp(beta0) with the impulse by timing class, then the launch odds factor by class. */
  private timingTable(): Float32Array {
    return new Float32Array(this.memory.buffer, this.layout!.slots[ABI.P_TAB_INCOME], 2 * TIMING_CLASSES);
  }

  /**
   * Starts a task: population and plan in place, parameters, the variant's day factors, reset.
   * Reception draws its media contacts as `draws` says (ContactDraws; by default by channel when
   * the variant turns a channel off, else at once); only 'shared' keeps them (SharedContacts: 5
   * bytes a person and channel, held until a task of another plan or replica).
   */
  begin(pop: KernelPopulation, plan: KernelPlan, escala: readonly number[], key: readonly [number, number], draws?: ContactDraws): void {
    if (draws !== 'shared') this.contacts.clear();
    this.load(pop, plan);
    this.writeParams(plan);
    if (plan.familia === 'adocao') {
      this.fn.resetAdoption(key[0], key[1]);
      return;
    }
    // summed day factors exp(beta0) * intensity of this variant, per channel (assembly/reception.ts)
    const stride = plan.dias + 1;
    const cum = new Float64Array(this.memory.buffer, this.layout!.slots[ABI.P_CUM], plan.nChannels * stride);
    for (let c = 0; c < plan.nChannels; c++) {
      let s = 0;
      cum[c * stride] = 0;
      for (let d = 1; d <= plan.dias; d++) cum[c * stride + d] = s += plan.params.e0 * escala[c] * plan.intensidade[c * stride + d];
    }
    const how = draws ?? (escala.slice(0, plan.nChannels).includes(0) ? 'by-channel' : 'at-once');
    if (how === 'at-once') this.fn.resetReception(key[0], key[1]);
    else this.drawContactsByChannel(plan, escala, key, how === 'shared');
  }

  /**
   * Reception's reset with the media contacts channel by channel (assembly/reception.ts
   * channelContacts): an off channel (escala 0) reaches no one and is skipped (its draws, all
   * beyond every day's summed factor of 0, changed nothing); with `share`, a channel as plano
   * runs it (escala 1) is taken from the kept ones of this plan and replica, or drawn and kept.
   */
  private drawContactsByChannel(plan: KernelPlan, escala: readonly number[], key: readonly [number, number], share: boolean): void {
    const fn = this.fn;
    const s = this.layout!.slots;
    const n = s[ABI.N_PERSONS];
    const kept = this.contacts;
    if (share) kept.open(`${plan.id}|${key[0]}|${key[1]}`);
    fn.beginReception(key[0], key[1]);
    // the channel's own arrays: KEEP IN SYNC with channelFirst, channelRecall and channelFreqBytes of assembly/reception.ts
    const first = this.u16(s[ABI.P_MEDIA_LIST], n);
    const recall = this.u16(s[ABI.P_MEDIA_LIST] + 2 * n, n);
    const freq = this.u8(s[ABI.P_END_LIST], n);
    for (let c = 0; c < plan.nChannels; c++) {
      if (escala[c] === 0) continue;
      const asPlano = share && escala[c] === 1;
      const had = asPlano ? kept.get(c) : undefined;
      if (had) {
        first.set(had.first);
        recall.set(had.recall);
        freq.set(had.freq);
        fn.mergeChannel(c, true);
        kept.hits++;
        continue;
      }
      fn.channelContacts(c);
      if (share) kept.misses++;
      if (asPlano) {
        fn.channelFreq(c);
        kept.keep(c, first, recall, freq);
      }
      fn.mergeChannel(c, false);
    }
    fn.finishReception();
  }

  /** Simulates day d of the task begun (reads the counters of day d, writes those of day d + 1). */
  stepDay(plan: KernelPlan, d: number): void {
    const fn = this.fn;
    if (plan.familia === 'adocao') {
      if (d === plan.lancamentoDia) fn.launchAdoption(d);
      else if (d > plan.lancamentoDia) {
        const p = plan.params;
        if (plan.fatorClasse) {
          // the impulse of each timing class; the table is f32 as the kernel's vE0 is
          const e0 = this.timingTable();
          const decay = p.impulso * 2 ** (-(d - plan.lancamentoDia) / p.meiaVida);
          for (let c = 0; c < TIMING_CLASSES; c++) e0[c] = p.e0 * (1 + decay * plan.fatorClasse[c]);
        } else if (p.impulso > 0) this.params()[ABI.F_E0] = p.e0 * (1 + p.impulso * 2 ** (-(d - plan.lancamentoDia) / p.meiaVida));
        fn.prepareShares();
        fn.stepAdoption(d);
      }
    } else {
      fn.prepareShares();
      fn.stepReception(d);
    }
  }

  /**
   * Counts the events of persons [i0, i1) (this instance's numbering) of the task that ran into
   * the run tables (runTables); returns their last event day, 0 if none (assembly/reduce.ts).
   */
  countRun(familia: Familia, i0: number, i1: number): number {
    return familia === 'adocao' ? this.fn.countAdoptionRun(i0, i1) : this.fn.countReceptionRun(i0, i1);
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
}
