// The unavoidable operations of a kernel task, counted from the task itself (its plan and the state
// the kernel left): the roofline's compute roof (bench/kernel.ts) multiplies them by the seconds
// each costs at its best (bench/lib/compute-roof.ts). Only the work the model cannot do without
// is counted: every random draw that is part of the result, and one hazard update per person and
// day on which that person's cumulative hazard must move. Not counted: the searches of the next
// contact day and their divisions, the per-household and per-tract work (the households' bases,
// prepareShares), the events' bookkeeping (adopters listed, counters bumped). So the roof is a
// lower bound of the compute a task needs. KEEP IN SYNC with assembly/adoption.ts and
// assembly/reception.ts (what draws what, and on which days a pass runs).

/** Counts of one task: Exp(1) draws (a hash and a logarithm), uniforms (a hash), hazard updates (person-days). */
export interface KernelOperations {
  exponenciais: number;
  uniformes: number;
  riscos: number;
}

/** Adoption: the thresholds and launch uniforms by kind, with the totals. */
export interface AdoptionOperations extends KernelOperations {
  limiares: number;
  sorteios_lancamento: number;
}

/** Reception: each draw by kind, with the totals. */
export interface ReceptionOperations extends KernelOperations {
  /** (person, channel) pairs in the audience: each draws its first contact. */
  pares_audiencia: number;
  /** Media contacts (the sum of freq): each draws the next one. */
  contatos: number;
  /** Pairs whose freq is 255, where it saturates: their contacts are counted as 255 (a lower bound; only in runs of 255 days or more). */
  pares_freq_255: number;
  /** The recall uniforms, counted as one per contact: an upper bound (a contact after the pair's first recall draws none). */
  recordacoes_limite_superior: number;
  /** Social thresholds (Exp(1)) and false-recall uniforms: one each per person. */
  limiares_sociais: number;
  falsas_recordacoes: number;
  /** Response uniforms: one per person exposed. */
  respostas: number;
  /** Days on which the social pass ran (a spreader somewhere at the day's start). */
  dias_sociais: number;
}

/**
 * For each day d in [1, days], the persons whose event day (0 = never) is 0 or >= d: those the
 * event has not yet taken at day d's start. Entry d of the result (entry 0 unused).
 */
export function personsLeftByDay(eventDay: Uint16Array, days: number): Float64Array {
  const atDay = new Float64Array(days + 2);
  let never = 0;
  for (const e of eventDay) {
    if (e === 0) never++;
    else atDay[Math.min(e, days + 1)]++;
  }
  const left = new Float64Array(days + 1);
  let later = atDay[days + 1];
  for (let d = days; d >= 1; d--) {
    later += atDay[d];
    left[d] = never + later;
  }
  return left;
}

/**
 * An adoption task of n persons: one Exp(1) threshold per person (the reset), one launch uniform
 * per person (launchAdoption, on the launch day when it is in [1, days]), and on each day after
 * the launch one hazard update per person not yet adopted at the day's start (dayA: the adoption
 * day, the launch's adopters having the launch day).
 */
export function adoptionOperations(dayA: Uint16Array, launchDay: number, days: number): AdoptionOperations {
  const n = dayA.length;
  const left = personsLeftByDay(dayA, days);
  let riscos = 0;
  for (let d = Math.max(launchDay + 1, 1); d <= days; d++) riscos += left[d];
  const sorteios = launchDay >= 1 && launchDay <= days ? n : 0;
  return { exponenciais: n, uniformes: sorteios, riscos, limiares: n, sorteios_lancamento: sorteios };
}

/** What receptionOperations reads of a reception plan (src/kernel/kernel-plan.ts). */
export interface ReceptionPlanPart {
  dias: number;
  nChannels: number;
  nCells: number;
  /** Per person. */
  cell: Uint16Array;
  /** [channel][cell]. */
  afinidade: Float32Array;
  /** exp(beta_expo) * conversao_social (the social pass runs only when its f32 is > 0) and the spreading days. */
  expo: number;
  period: number;
}

/** What receptionOperations reads of a reception task's final state (src/kernel/instance.ts, KernelState). */
export interface ReceptionStatePart {
  /** First exposure day (0 = never). */
  dayA: Uint16Array;
  /** Social exposure day (0 = never). */
  sday: Uint16Array;
  resp: Uint8Array;
  /** [person][channel] contacts, saturating at 255. */
  freq: Uint8Array;
}

/** resp of a person who spreads (assembly/reception.ts REPASSA). */
const REPASSA = 3;

/**
 * A reception task: Exp(1) draws for the first contact of each (person, channel) pair in the
 * audience (affinity > 0) and one per contact (runContacts), and one social threshold per person;
 * uniforms for the recall (counted as one per contact, an upper bound), the false recall (one per
 * person) and the response (one per person exposed); hazard updates, one per person not yet
 * socially exposed at the start of each day on which the social pass ran. That pass runs on day d
 * when some person spreads at d's start: a first exposure on day e answering repassa counts from
 * e + 1 to e + period (stepReception's counters), so the days come from dayA and resp; the persons
 * left from sday (exact: test/kernel/kernel-operations.test.ts checks both against a run observed
 * day by day).
 */
export function receptionOperations(plan: ReceptionPlanPart, st: ReceptionStatePart): ReceptionOperations {
  const n = st.dayA.length;
  const nC = plan.nChannels;
  let pares = 0;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < nC; c++) pares += Number(plan.afinidade[c * plan.nCells + plan.cell[i]] > 0);
  }
  let contatos = 0;
  let saturados = 0;
  for (const f of st.freq) {
    contatos += f;
    saturados += Number(f === 255);
  }
  let respostas = 0;
  // spreaders at each day's start, as a difference array over days
  const spreading = new Int32Array(plan.dias + 2);
  for (let i = 0; i < n; i++) {
    const e = st.dayA[i];
    if (e === 0) continue;
    respostas++;
    if (st.resp[i] === REPASSA && e < plan.dias) {
      spreading[e + 1]++;
      spreading[Math.min(e + plan.period, plan.dias) + 1]--;
    }
  }
  const left = personsLeftByDay(st.sday, plan.dias);
  let riscos = 0;
  let diasSociais = 0;
  let now = 0;
  for (let d = 1; d <= plan.dias; d++) {
    now += spreading[d];
    if (now > 0 && Math.fround(plan.expo) > 0) {
      diasSociais++;
      riscos += left[d];
    }
  }
  return {
    exponenciais: pares + contatos + n,
    uniformes: contatos + n + respostas,
    riscos,
    pares_audiencia: pares,
    contatos,
    pares_freq_255: saturados,
    recordacoes_limite_superior: contatos,
    limiares_sociais: n,
    falsas_recordacoes: n,
    respostas,
    dias_sociais: diasSociais,
  };
}
