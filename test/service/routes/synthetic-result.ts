// Per-replica counts for the findings routes' tests, made without the simulation engine: three
// RR municipalities, the main grid, seeded pseudo-random counts that respect the shapes the
// kernels produce (src/pool/replica-result.ts). They go through the real combineReplicas, so the
// stored result is exactly what a worker would store for counts like these.
import { variantNames } from '../../../src/contract/index.js';
import { ABI } from '../../../src/kernel/abi.js';
import type { Medida, Scenario } from '../../../src/contract/types.js';
import { gridCellCount } from '../../../src/release/publication-grid.js';
import { combineReplicas, jobResultToBytes, JOB_RESULT_BYTES_FORMAT, type JobResult } from '../../../src/findings/index.js';
import type { ReplicaResult } from '../../../src/pool/replica-result.js';

export const RR_UNITS: Record<string, string> = { '1400027': 'Amajari', '1400050': 'Alto Alegre', '1400100': 'Boa Vista' };

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function tractsOf(municipio: string): string[] {
  return [1, 2, 3].map((i) => `${municipio}0500000${i}`);
}

/** Counts of `units` (code: name; by default three RR municipalities) for each variant and replica. */
export function syntheticReplicas(cenario: Scenario, seed = 1, units: Record<string, string> = RR_UNITS): ReplicaResult[] {
  const unidades = Object.keys(units);
  const U = unidades.length;
  const semanas = Math.ceil(cenario.horizonte.dias / 7);
  const medidas: Medida[] = cenario.familia === 'recepcao' ? ['alcance', 'ignora', 'absorve', 'repassa', 'rejeita'] : ['adotantes'];
  const M = medidas.length;
  const canais = cenario.familia === 'recepcao' ? [...new Set((cenario.canais ?? []).map((c) => c.canal))] : [];
  const K = canais.length;
  const C = gridCellCount('principal');
  const setores = cenario.saida_por_setor ? unidades.flatMap(tractsOf) : undefined;
  const tipos = cenario.saida_por_setor ? [medidas[0]] : undefined;
  const out: ReplicaResult[] = [];
  variantNames(cenario).forEach((variante, vi) => {
    const share = variante === 'plano' ? 0.6 : 0.45 + 0.01 * vi;
    for (let replica = 0; replica < cenario.replicas; replica++) {
      const rnd = mulberry32(seed * 1000 + vi * 31 + replica);
      const celulasPopulacao = new Uint32Array(U * C);
      const celulas = new Uint32Array(U * C * M);
      const populacao = new Uint32Array(U);
      const totals = new Float64Array(U * M);
      for (let u = 0; u < U; u++) {
        for (let c = 0; c < C; c++) {
          const pop = rnd() < 0.3 ? Math.floor(rnd() * 4) : 8 + Math.floor(rnd() * 60);
          celulasPopulacao[u * C + c] = pop;
          populacao[u] += pop;
          const reached = Math.floor(pop * share * (0.8 + 0.4 * rnd()));
          const base = (u * C + c) * M;
          celulas[base] = Math.min(pop, reached);
          if (M > 1) {
            // ignora, absorve, repassa, rejeita partition alcance.
            let left = celulas[base];
            for (let m = 1; m < M - 1; m++) {
              const part = Math.floor(left * (0.2 + 0.2 * rnd()));
              celulas[base + m] = part;
              left -= part;
            }
            celulas[base + M - 1] = left;
          }
          for (let m = 0; m < M; m++) totals[u * M + m] += celulas[base + m];
        }
      }
      const serie = new Uint32Array(U * semanas * M);
      for (let u = 0; u < U; u++) for (let w = 0; w < semanas; w++) for (let m = 0; m < M; m++) {
        serie[(u * semanas + w) * M + m] = Math.round(totals[u * M + m] * (w + 1) / semanas);
      }
      const r: ReplicaResult = {
        variante, replica, semanas, medidas, unidades,
        serie, seriePublico: serie.slice(), populacao, publico: populacao.slice(),
        grade: 'principal', celulas, celulasPopulacao, medidasCelulas: medidas, canais,
      };
      if (K > 0) {
        // the reduction's rows (ABI.FREQ_COLS): contacts, then reached >= 1 .. >= 10 times
        const F = ABI.FREQ_COLS;
        r.frequencia = new Uint32Array(U * (K + 1) * F);
        r.alcancavel = new Uint32Array(U * K);
        for (let u = 0; u < U; u++) {
          for (let k = 0; k <= K; k++) {
            const once = Math.floor(totals[u * M] * (k === K ? 1 : 0.3 + 0.1 * k));
            const row = (u * (K + 1) + k) * F;
            r.frequencia[row + 1] = once;
            r.frequencia[row + 2] = Math.floor(once * 0.7);
            r.frequencia[row + 3] = Math.floor(once * 0.4);
            for (let f = 4; f < F; f++) r.frequencia[row + f] = Math.floor(r.frequencia[row + f - 1] * 0.7);
            for (let f = 1; f < F; f++) r.frequencia[row] += r.frequencia[row + f];
          }
          for (let k = 0; k < K; k++) r.alcancavel[u * K + k] = Math.floor(populacao[u] * 0.9);
        }
      }
      if (setores && tipos) {
        r.setores = setores;
        r.tipos = tipos;
        r.porSetor = new Uint32Array(setores.length * semanas * tipos.length);
        for (let i = 0; i < r.porSetor.length; i++) r.porSetor[i] = rnd() < 0.2 ? Math.floor(rnd() * 5) : 5 + Math.floor(rnd() * 90);
      }
      out.push(r);
    }
  });
  return out;
}

/** The stored result (what a worker stores) of a scenario's synthetic counts. */
export function syntheticResult(cenario: Scenario, seed = 1, units: Record<string, string> = RR_UNITS): { result: JobResult; stored: { formato: string; dados: Uint8Array } } {
  const result = combineReplicas(cenario, syntheticReplicas(cenario, seed, units), {
    nomeMunicipio: (codigo) => units[codigo],
    populacaoSetor: () => 400,
  });
  return { result, stored: { formato: JOB_RESULT_BYTES_FORMAT, dados: jobResultToBytes(result) } };
}
