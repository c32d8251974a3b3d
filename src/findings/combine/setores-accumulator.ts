// The setores block (saida_por_setor, plano only): events by tract, week and type, summed over
// replicas, with the privacy rule run block by block (a municipality's tracts in one week).
import type { Medida, Territorio } from '../../contract/types.js';
import type { UfCode } from '../../release/types.js';
import type { ReplicaResult } from '../../pool/replica-result.js';
import type { SetoresBlock } from '../job-result.js';
import { buildMargins, suppressReplica, type Margins } from '../privacy.js';
import { fail, sameList } from './combine-checks.js';
import { measureIdentities } from './measure-identities.js';

/** What the tract error of the per-tract output needs from the release (src/findings/release-lookups.ts). */
export interface TractLookups {
  /** Synthetic residents of a tract (15 digits); undefined when unknown. */
  populacaoSetor?: (codigo: string) => number | undefined;
  /**
   * The measured error of a tract's synthetic residents (the city diagnosis's, see
   * src/tracts/synthetic-tract-rows.ts); NaN or undefined where it is not measured.
   */
  erroSetor?: (codigo: string) => number | undefined;
  /**
   * The population error of each unit of a tract territory of a question (setores: each listed
   * tract; ponto: its one unit, the largest error of its tracts, which bounds the error of their
   * sum): NaN where a tract's is not measured.
   */
  erroTerritorio?: (territorio: Territorio, ufs: readonly UfCode[]) => Float64Array;
}

interface TractSums {
  soma: Uint32Array;
  motivo: Uint8Array;
  /** Tract indices of each municipality: the blocks the rule runs over. */
  grupos: number[][];
  identidades: number[][];
  /** Margins of a block of k tracts, by k. */
  margens: Map<number, Margins>;
  setores: string[];
  tipos: string[];
}

export class SetoresAccumulator {
  private sums: TractSums | null = null;

  constructor(private readonly semanas: number) {}

  /** Tract codes of the block (empty before a replica with per-tract counts came). */
  get setores(): readonly string[] {
    return this.sums?.setores ?? [];
  }

  add(r: ReplicaResult): void {
    const setores = r.setores!;
    const tipos = r.tipos ?? [];
    const W = this.semanas;
    const T = tipos.length;
    if (!r.porSetor || r.porSetor.length !== setores.length * W * T) fail('porSetor has the wrong size');
    if (!this.sums) {
      const byMun = new Map<string, number[]>();
      setores.forEach((s, i) => {
        const m = s.slice(0, 7);
        if (!byMun.has(m)) byMun.set(m, []);
        byMun.get(m)!.push(i);
      });
      const n = setores.length * W * T;
      this.sums = {
        soma: new Uint32Array(n), motivo: new Uint8Array(n), grupos: [...byMun.values()],
        identidades: measureIdentities(tipos as Medida[]), margens: new Map(), setores: [...setores], tipos: [...tipos],
      };
    } else if (!sameList(this.sums.setores, setores) || !sameList(this.sums.tipos, tipos)) {
      fail('tracts or event types differ between replicas');
    }
    const st = this.sums;
    // Margins never cross a (municipality, week) block: the tracts of one municipality add up,
    // per week and type, to the municipality's count, which other tables and answers may
    // publish; and, per tract and week, the identities between measures. So the rule runs
    // block by block over cells [tract of the municipality][type].
    const marginsFor = (k: number): Margins => {
      let m = st.margens.get(k);
      if (!m) {
        const list: number[][] = [];
        for (let t = 0; t < T; t++) list.push(Array.from({ length: k }, (_, j) => j * T + t));
        for (let j = 0; j < k; j++) for (const parts of st.identidades) list.push(parts.map((t) => j * T + t));
        m = buildMargins(k * T, list);
        st.margens.set(k, m);
      }
      return m;
    };
    const src = r.porSetor;
    for (const idx of st.grupos) {
      const margins = marginsFor(idx.length);
      const vals = new Uint32Array(idx.length * T);
      const rep = new Uint8Array(idx.length * T);
      for (let w = 0; w < W; w++) {
        idx.forEach((i, j) => vals.set(src.subarray((i * W + w) * T, (i * W + w + 1) * T), j * T));
        suppressReplica(vals, margins, rep);
        idx.forEach((i, j) => {
          const at = (i * W + w) * T;
          for (let t = 0; t < T; t++) {
            st.soma[at + t] += vals[j * T + t];
            const m = rep[j * T + t];
            if (m !== 0 && (st.motivo[at + t] === 0 || m < st.motivo[at + t])) st.motivo[at + t] = m;
          }
        });
      }
    }
  }

  /**
   * The block (with each tract's synthetic residents, -1 when unknown, and their measured error,
   * NaN when not measured), or null when no replica carried per-tract counts.
   */
  finish(lookups: TractLookups): SetoresBlock | null {
    const st = this.sums;
    if (!st) return null;
    const populacao = new Int32Array(st.setores.length).fill(-1);
    const erroPopulacao = new Float64Array(st.setores.length).fill(NaN);
    st.setores.forEach((c, i) => {
      const n = lookups.populacaoSetor?.(c);
      if (n !== undefined && Number.isFinite(n) && n >= 0) populacao[i] = Math.round(n);
      const e = lookups.erroSetor?.(c);
      if (e !== undefined && e >= 0) erroPopulacao[i] = e;
    });
    return { setores: st.setores, tipos: st.tipos, semanas: this.semanas, soma: st.soma, motivo: st.motivo, populacao, erroPopulacao };
  }
}
