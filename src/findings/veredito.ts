// The verdict of a job: are its numbers robust? Each KPI and each channel contribution, summed
// over the kept municipalities, is judged against its Monte Carlo error; then the number of
// replicas and the calibration status of the parameters. Only ratios are published here (no
// count), so an aggregate over municipalities cannot reopen a cell the privacy rule hid.

import type { JobResult } from './job-result.js';
import { standardError, tidy } from './stats.js';
import { modelFor } from '../models/model-registry.js';
import { listReleases, releaseManifest } from '../release/release.js';
import type { ReleaseManifest } from '../release/types.js';

/** A KPI is robust when its Monte Carlo standard error is at most 5% of its mean. */
export const LIMITE_ERRO_KPI = 0.05;
/** A contribution is robust when it is at least two standard errors from zero (error <= 50% of its size). */
export const LIMITE_ERRO_CONTRIBUICAO = 0.5;

export type ResultadoVeredito = 'robusto' | 'indicativo' | 'fragil' | 'inconclusivo';
export type Calibracao = 'pix' | 'calibracao' | 'nao_calibrado';

export interface Verificacao {
  verificacao: 'kpi' | 'contribuicao' | 'replicas' | 'calibracao';
  medida: string | null;
  canal: string | null;
  /** Relative Monte Carlo error (kpi, contribuicao), replicas, or null. */
  valor: number | null;
  limite: number | null;
  resultado: 'robusto' | 'fragil' | 'nao_avaliado' | 'calibrado' | 'nao_calibrado';
  motivo: string;
}

export interface VereditoSimulacao {
  resultado: ResultadoVeredito;
  replicas: number;
  calibracao: Calibracao;
  /** Codes of what kept the result from robusto (empty when robusto). */
  motivos: string[];
  verificacoes: Verificacao[];
}

/** Where a job's parameters came from and whether a documented calibration with a passing verdict stands behind them. */
export interface CalibrationOrigin {
  status: Calibracao;
  motivo: string;
}

/**
 * The calibration status of a job's parameters. `pix` and `calibracao` are said only when a
 * documented calibration with an `aprovada` out-of-sample verdict produced them: the release's
 * `calibracao_pix` for `cenario_base: pix`, the client calibration's verdict (recorded in the
 * result by the runner) for `cenario_base: calibracao`. Everything else is `nao_calibrado`.
 */
export function calibrationOrigin(result: JobResult): CalibrationOrigin {
  const l = result.cenario.lancamento;
  const model = modelFor(result.cenario.familia);
  const own = model.motivoNaoCalibrado(result.release);
  if (own) return { status: 'nao_calibrado', motivo: own };
  if (!model.calibracaoPeloLancamento || !l) {
    return { status: 'nao_calibrado', motivo: 'parâmetros padrão da release, não calibrados contra uma série real desta campanha' };
  }
  if (l.cenario_base === 'calibracao') {
    const v = result.calibracao_veredito;
    if (v === 'aprovada') return { status: 'calibracao', motivo: `parâmetros da calibração ${l.calibracao}, aprovada fora da amostra` };
    return {
      status: 'nao_calibrado',
      motivo: v === 'reprovada'
        ? `parâmetros da calibração ${l.calibracao}, reprovada fora da amostra: o ajuste não se sustentou no holdout`
        : `parâmetros da calibração ${l.calibracao}, cujo veredito não foi registrado neste resultado`,
    };
  }
  const cal = knownRelease(result.release)?.calibracao_pix ?? null;
  if (cal === null) {
    return { status: 'nao_calibrado', motivo: `parametros_pix da release ${result.release} foram fixados à mão, não ajustados à série do Pix` };
  }
  if (cal.veredito !== 'aprovada') {
    return { status: 'nao_calibrado', motivo: `parametros_pix da release ${result.release} ajustados à série do Pix (caso ${cal.caso}), mas reprovados fora da amostra` };
  }
  return {
    status: 'pix',
    motivo: `parametros_pix da release ${result.release} ajustados à série do Pix do Banco Central e aprovados fora da amostra (caso ${cal.caso}); para outro produto valem por analogia`,
  };
}

export function calibrationStatus(result: JobResult): Calibracao {
  return calibrationOrigin(result).status;
}

function knownRelease(version: string): ReleaseManifest | undefined {
  return listReleases().includes(version) ? releaseManifest(version) : undefined;
}

/** Per replica, the sum over `units` of a variant's horizon total of measure m. */
function totalsPerReplica(result: JobResult, variante: string, units: number[], m: number): Float64Array {
  const t = result.totais[variante];
  const U = result.unidades.length;
  const M = result.saturacao.medidas.length;
  const out = new Float64Array(result.replicas);
  for (let r = 0; r < result.replicas; r++) for (const u of units) out[r] += t.porReplica[(r * U + u) * M + m];
  return out;
}

function meanSe(x: Float64Array): { mean: number; se: number | null } {
  let s = 0;
  let q = 0;
  for (const v of x) {
    s += v;
    q += v * v;
  }
  return { mean: s / x.length, se: standardError(s, q, x.length) };
}

export function computeVerdict(result: JobResult, units: number[]): VereditoSimulacao {
  const R = result.replicas;
  const verificacoes: Verificacao[] = [];
  const motivos = new Set<string>();
  const single = R < 2;
  verificacoes.push({
    verificacao: 'replicas', medida: null, canal: null, valor: R, limite: 2,
    resultado: single ? 'nao_avaliado' : 'robusto',
    motivo: single ? 'uma réplica só: o erro de Monte Carlo não pode ser medido' : `${R} réplicas com os mesmos números aleatórios por variante`,
  });
  if (single) motivos.add('replica_unica');

  result.saturacao.medidas.forEach((medida, m) => {
    const { mean, se } = meanSe(totalsPerReplica(result, 'plano', units, m));
    let v: Verificacao;
    if (se === null) v = { verificacao: 'kpi', medida, canal: null, valor: null, limite: LIMITE_ERRO_KPI, resultado: 'nao_avaliado', motivo: 'erro não medido com uma réplica' };
    else if (mean === 0) v = { verificacao: 'kpi', medida, canal: null, valor: null, limite: LIMITE_ERRO_KPI, resultado: 'robusto', motivo: 'zero em todas as réplicas' };
    else {
      const rel = se / mean;
      const ok = rel <= LIMITE_ERRO_KPI;
      v = {
        verificacao: 'kpi', medida, canal: null, valor: tidy(rel), limite: LIMITE_ERRO_KPI, resultado: ok ? 'robusto' : 'fragil',
        motivo: ok ? 'erro de Monte Carlo pequeno diante do valor' : 'erro de Monte Carlo acima de 5% do valor: aumente as réplicas ou junte municípios',
      };
      if (!ok) motivos.add('erro_monte_carlo_kpi');
    }
    verificacoes.push(v);
  });

  for (const canal of result.canais) {
    const sem = `sem_${canal}`;
    if (!result.totais[sem]) continue;
    result.saturacao.medidas.forEach((medida, m) => {
      const p = totalsPerReplica(result, 'plano', units, m);
      const s = totalsPerReplica(result, sem, units, m);
      const d = p.map((x, i) => x - s[i]);
      const { mean, se } = meanSe(d);
      let v: Verificacao;
      if (se === null) v = { verificacao: 'contribuicao', medida, canal, valor: null, limite: LIMITE_ERRO_CONTRIBUICAO, resultado: 'nao_avaliado', motivo: 'erro não medido com uma réplica' };
      else if (mean === 0 && se === 0) v = { verificacao: 'contribuicao', medida, canal, valor: null, limite: LIMITE_ERRO_CONTRIBUICAO, resultado: 'robusto', motivo: 'o canal não muda a medida em nenhuma réplica' };
      else {
        const rel = mean === 0 ? Infinity : se / Math.abs(mean);
        const ok = rel <= LIMITE_ERRO_CONTRIBUICAO;
        v = {
          verificacao: 'contribuicao', medida, canal, valor: tidy(rel), limite: LIMITE_ERRO_CONTRIBUICAO, resultado: ok ? 'robusto' : 'fragil',
          motivo: ok ? 'contribuição a mais de dois erros-padrão de zero' : 'contribuição indistinguível de zero diante do erro de Monte Carlo',
        };
        if (!ok) motivos.add('contribuicao_indistinguivel');
      }
      verificacoes.push(v);
    });
  }

  const { status: calibracao, motivo } = calibrationOrigin(result);
  verificacoes.push({
    verificacao: 'calibracao', medida: null, canal: null, valor: null, limite: null,
    resultado: calibracao === 'nao_calibrado' ? 'nao_calibrado' : 'calibrado',
    motivo,
  });
  if (calibracao === 'nao_calibrado') motivos.add('parametros_nao_calibrados');

  let resultado: ResultadoVeredito;
  if (single) resultado = 'inconclusivo';
  else if (verificacoes.some((v) => v.resultado === 'fragil')) resultado = 'fragil';
  else if (calibracao === 'nao_calibrado') resultado = 'indicativo';
  else resultado = 'robusto';
  return { resultado, replicas: R, calibracao, motivos: [...motivos], verificacoes };
}
