// One kernel instance per thread: the wasm module compiled once, a linear memory the host owns,
// the population copied in once and the plan's per-person arrays once per plan. Runs one
// (replica, variant) task at a time; the state it leaves is read by src/pool/reduce-replica.ts.
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { ServiceError } from '../errors.js';
import { projectPath } from '../project-path.js';
import { ABI } from './abi.js';
import type { KernelPlan } from './kernel-plan.js';
import type { KernelPopulation } from './kernel-population.js';
import { WASM32_MAX_BYTES, layoutKernel, planShape, type KernelLayout } from './layout.js';

interface KernelExports {
  abiVersion(): number;
  heapBase(): number;
  bind(header: number): void;
  prepareShares(): void;
  resetAdoption(keyLo: number, keyHi: number): void;
  launchAdoption(day: number): void;
  stepAdoption(day: number): void;
  resetReception(keyLo: number, keyHi: number): void;
  stepReception(day: number): void;
  fillUniforms(keyLo: number, keyHi: number, stream: number, day: number, agent0: number, n: number, out: number): void;
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

export class KernelInstance {
  readonly memory: WebAssembly.Memory;
  readonly fn: KernelExports;
  private readonly base: number;
  private popId = '';
  private planId = '';
  private shapeKey = '';
  layout: KernelLayout | undefined;

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
  private f32(off: number, n: number) { return new Float32Array(this.memory.buffer, off, n); }

  /** Lays out memory and copies the population (once per population) and the plan (once per plan). */
  load(pop: KernelPopulation, plan: KernelPlan): KernelLayout {
    const shape = planShape(plan);
    const shapeKey = `${pop.id}|${shape.familia}|${shape.nChannels}|${shape.nCells}|${shape.dias}`;
    if (shapeKey !== this.shapeKey) {
      const layout = layoutKernel(this.base, pop, shape);
      this.reserve(layout.end);
      this.layout = layout;
      this.u32(layout.header, ABI.SLOTS).set(layout.slots);
      this.fn.bind(layout.header);
      this.shapeKey = shapeKey;
      this.planId = '';
      if (pop.id !== this.popId) {
        const s = layout.slots;
        this.u32(s[ABI.P_HH_START], pop.hhStart.length).set(pop.hhStart);
        this.u32(s[ABI.P_HH_TRACT], pop.hhTract.length).set(pop.hhTract);
        this.u32(s[ABI.P_GROUP], pop.group.length).set(pop.group);
        this.u16(s[ABI.P_DCELL], pop.dcell.length).set(pop.dcell);
        this.u16(s[ABI.P_TRACT_MUN], pop.tractMun.length).set(pop.tractMun);
        this.u32(s[ABI.P_ADJ_START], pop.adjStart.length).set(pop.adjStart);
        this.u32(s[ABI.P_ADJ], pop.adj.length).set(pop.adj);
        this.i32(s[ABI.P_GROUP_SIZE], pop.groupSize.length).set(pop.groupSize);
        this.i32(s[ABI.P_TRACT_POP], pop.tractPop.length).set(pop.tractPop);
        this.f32(s[ABI.P_TRACT_DEN], pop.tractDen.length).set(pop.tractDen);
        this.i32(s[ABI.P_DIG_POP], pop.digPop.length).set(pop.digPop);
        this.i32(s[ABI.P_UF_DIG_POP], pop.ufDigPop.length).set(pop.ufDigPop);
        this.i32(s[ABI.P_MUN_POP], pop.munPop.length).set(pop.munPop);
        this.popId = pop.id;
      }
    }
    const layout = this.layout!;
    if (plan.id !== this.planId) {
      const s = layout.slots;
      this.f32(s[ABI.P_MULT], pop.nPersons).set(plan.mult);
      if (plan.familia === 'recepcao') {
        this.u16(s[ABI.P_CELL], pop.nPersons).set(plan.cell!);
        this.f32(s[ABI.P_AFF], plan.afinidade!.length).set(plan.afinidade!);
        this.f32(s[ABI.P_RESP_CUM], plan.respostaAcum!.length).set(plan.respostaAcum!);
      }
      this.planId = plan.id;
    }
    return layout;
  }

  private params(): Float64Array {
    return new Float64Array(this.memory.buffer, this.layout!.header + ABI.PARAMS_OFFSET, ABI.PARAMS);
  }

  private writeParams(plan: KernelPlan): void {
    const p = plan.params;
    const f = this.params();
    f.fill(0);
    f[ABI.F_E0] = p.e0;
    f[ABI.F_EXPO] = p.expo;
    f[ABI.F_W_HH] = p.wHh;
    f[ABI.F_W_TURMA] = p.wTurma;
    f[ABI.F_W_ESTAB] = p.wEstab;
    f[ABI.F_W_VIZ] = p.wViz;
    f[ABI.F_W_DIG] = p.wDig;
    f[ABI.F_HOMOPHILY] = p.homophily;
    f[ABI.F_SPILL] = p.spill;
    f[ABI.F_DAMP] = p.damp;
    f[ABI.F_ELOGIT] = p.elogit;
    f[ABI.F_PERIOD] = Math.max(1, Math.round(p.period));
    f[ABI.F_FALSE_RECALL] = p.falseRecall;
    f[ABI.F_FIRST_DAY] = p.firstDay;
    for (let c = 0; c < plan.nChannels; c++) f[ABI.F_RECALL + c] = p.recall[c];
  }

  /** Starts a task: population and plan in place, parameters, the variant's day factors, reset. */
  begin(pop: KernelPopulation, plan: KernelPlan, escala: readonly number[], key: readonly [number, number]): void {
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
    this.fn.resetReception(key[0], key[1]);
  }

  /** Simulates day d of the task begun (reads the counters of day d, writes those of day d + 1). */
  stepDay(plan: KernelPlan, d: number): void {
    const fn = this.fn;
    if (plan.familia === 'adocao') {
      if (d === plan.lancamentoDia) fn.launchAdoption(d);
      else if (d > plan.lancamentoDia) {
        const p = plan.params;
        if (p.impulso > 0) this.params()[ABI.F_E0] = p.e0 * (1 + p.impulso * 2 ** (-(d - plan.lancamentoDia) / p.meiaVida));
        fn.prepareShares();
        fn.stepAdoption(d);
      }
    } else {
      fn.prepareShares();
      fn.stepReception(d);
    }
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
