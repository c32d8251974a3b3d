// The verdict of a job: what its numbers can be taken for. Each KPI and each channel contribution,
// summed over the kept municipalities, is checked against its Monte Carlo error (stable or not:
// precision only); then the number of replicas and the calibration status of the parameters (what
// the numbers rest on). The words and where each may stand are one list, VOCABULARIO_VEREDITO
// (docs/findings.md, "Verdict vocabulary"). Only ratios are published here (no count), so an
// aggregate over municipalities cannot reopen a cell the privacy rule hid.

import type { JobResult } from './job-result.js';
import { standardError, tidy } from './stats.js';
import { modelFor } from '../models/model-registry.js';
import { responseCoefficients } from '../models/recepcao/reception-profiles.js';
import { usesResponseMemory } from '../models/recepcao/response-memory.js';
import { offeredManifest } from './premises.js';

/** A KPI is stable when its Monte Carlo standard error is at most 5% of its mean. */
export const LIMITE_ERRO_KPI = 0.05;
/** A contribution is stable when it is at least two standard errors from zero (error <= 50% of its size). */
export const LIMITE_ERRO_CONTRIBUICAO = 0.5;

/** The rows of the veredito table: the job's own (`resultado`) and each kind of check. */
export type LinhaVeredito = 'resultado' | 'replicas' | 'kpi' | 'contribuicao' | 'calibracao';

/**
 * Every word a verdict row's `resultado` may hold, the rows it may stand on and what it says.
 * Monte Carlo checks (replicas, kpi, contribuicao) have words of precision only; `robusto` stands
 * on the job's row alone, and only when every check is stable and the parameters are calibrated.
 */
export const VOCABULARIO_VEREDITO = {
  robusto: {
    linhas: ['resultado'],
    significado: 'todas as verificações de Monte Carlo estáveis e parâmetros de uma calibração aprovada fora da amostra (o caso Pix na bateria em vigor, ou a calibração do cliente); nunca dito de uma verificação de Monte Carlo',
  },
  indicativo: {
    linhas: ['resultado'],
    significado: 'estável entre as réplicas, mas os números repousam em parâmetros não calibrados (as premissas de cada tabela): uma indicação, não uma previsão',
  },
  inconclusivo: { linhas: ['resultado'], significado: 'uma réplica só: o erro de Monte Carlo não pode ser medido' },
  instavel: {
    linhas: ['resultado', 'kpi', 'contribuicao'],
    significado: 'erro de Monte Carlo acima do limite (na linha resultado: em alguma verificação); mais réplicas ou mais municípios o reduzem',
  },
  estavel: {
    linhas: ['kpi', 'contribuicao'],
    significado: 'erro de Monte Carlo dentro do limite: mais réplicas mudariam pouco o número; nada diz das premissas sob ele',
  },
  negativa: {
    linhas: ['contribuicao'],
    significado: 'contribuição estável e abaixo de zero: o canal reduz a medida no modelo; o motivo diz por quê',
  },
  medido: { linhas: ['replicas'], significado: 'duas ou mais réplicas: o erro de Monte Carlo é medido (só ele: não a incerteza dos parâmetros)' },
  nao_avaliado: { linhas: ['replicas', 'kpi', 'contribuicao'], significado: 'uma réplica só: o erro de Monte Carlo não foi medido' },
  calibrado: {
    linhas: ['calibracao'],
    significado: 'parâmetros de uma calibração aprovada fora da amostra: o caso Pix da release na bateria em vigor, ou a calibração do cliente',
  },
  nao_calibrado: {
    linhas: ['calibracao'],
    significado: 'parâmetros fixados à mão, padrões do modelo, ou de uma calibração reprovada ou sem veredito registrado',
  },
} as const satisfies Record<string, { linhas: readonly LinhaVeredito[]; significado: string }>;

export type PalavraVeredito = keyof typeof VOCABULARIO_VEREDITO;

/** The codes the job's row lists in `motivos` (its `motivo` column), with what each says. */
export const MOTIVOS_VEREDITO = {
  replica_unica: 'uma réplica só',
  erro_monte_carlo_kpi: 'erro de Monte Carlo acima do limite num KPI',
  contribuicao_indistinguivel: 'contribuição de um canal indistinguível de zero',
  contribuicao_negativa: 'contribuição de um canal estável e negativa (o motivo da verificação diz por quê)',
  parametros_nao_calibrados: 'parâmetros não calibrados',
} as const;

export type MotivoVeredito = keyof typeof MOTIVOS_VEREDITO;

export type ResultadoVeredito = 'robusto' | 'indicativo' | 'instavel' | 'inconclusivo';
export type Calibracao = 'pix' | 'calibracao' | 'nao_calibrado';

export interface Verificacao {
  verificacao: Exclude<LinhaVeredito, 'resultado'>;
  medida: string | null;
  canal: string | null;
  /** Relative Monte Carlo error (kpi, contribuicao), replicas, or null. */
  valor: number | null;
  limite: number | null;
  resultado: 'estavel' | 'instavel' | 'negativa' | 'medido' | 'nao_avaliado' | 'calibrado' | 'nao_calibrado';
  motivo: string;
}

export interface VereditoSimulacao {
  resultado: ResultadoVeredito;
  replicas: number;
  calibracao: Calibracao;
  /** Codes of what kept the result from robusto (empty when robusto), and contribuicao_negativa. */
  motivos: MotivoVeredito[];
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
 * `calibracao_pix` judged by the Pix battery in force (src/release/pix-battery.ts) for
 * `cenario_base: pix`, the client calibration's verdict (recorded in the result by the runner) for
 * `cenario_base: calibracao`. Everything else is `nao_calibrado`.
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
  const cal = offeredManifest(result.release)?.calibracao_pix ?? null;
  if (cal === null) {
    return { status: 'nao_calibrado', motivo: `parametros_pix da release ${result.release} foram fixados à mão, não ajustados à série do Pix` };
  }
  if (cal.veredito !== 'aprovada') {
    return { status: 'nao_calibrado', motivo: `parametros_pix da release ${result.release} ajustados à série do Pix, mas não calibrados: ${cal.motivo}` };
  }
  return {
    status: 'pix',
    motivo: `parametros_pix da release ${result.release} ajustados à série do Pix do Banco Central: ${cal.motivo}; para outro produto valem por analogia`,
  };
}

export function calibrationStatus(result: JobResult): Calibracao {
  return calibrationOrigin(result).status;
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

/**
 * Why a reception channel's stable contribution can be negative: the reception model's response
 * rule (src/models/recepcao/reception-profiles.ts), whose social coefficients this reads, so the words follow
 * the coefficients. Contributions exist only for reception (channels are reception's).
 */
function negativeContributionReason(result: JobResult): string {
  if (usesResponseMemory(result.release)) {
    return 'contribuição negativa a mais de dois erros-padrão de zero, que o modelo de resposta desta release não explica: nele cada ' +
      'contato só soma à memória e a resposta só sobe, então o esperado de alcance, absorve e repassa não cai com um canal a mais ' +
      '(docs/model.md, "Responses that follow exposure"); resta o boca a boca, cujos contatos mudam de dia quando a mídia muda, e os ' +
      'números aleatórios comuns não os emparelham um a um: mais réplicas dizem se é ruído';
  }
  const co = responseCoefficients(result.cenario.mensagem?.stim_id);
  const num = (x: number) => `${x > 0 ? '+' : ''}${String(x).replace('.', ',')}`;
  return 'contribuição negativa a mais de dois erros-padrão de zero: no modelo de resposta desta release a primeira exposição fixa ' +
    'a resposta da pessoa, e uma exposição por mídia tem menos chance de absorve e repassa do que uma pelo boca a boca ' +
    `(coeficientes da fonte social ${num(co.absorve.social)} e ${num(co.repassa.social)}, premissas do modelo); um canal que chega ` +
    'antes do boca a boca troca respostas sociais por respostas de mídia, e o boca a boca encolhe. É efeito dessa premissa, não uma observação';
}

export function computeVerdict(result: JobResult, units: number[]): VereditoSimulacao {
  const R = result.replicas;
  const verificacoes: Verificacao[] = [];
  const motivos = new Set<MotivoVeredito>();
  const single = R < 2;
  verificacoes.push({
    verificacao: 'replicas', medida: null, canal: null, valor: R, limite: 2,
    resultado: single ? 'nao_avaliado' : 'medido',
    motivo: single
      ? 'uma réplica só: o erro de Monte Carlo não pode ser medido'
      : `${R} réplicas com os mesmos números aleatórios por variante: medem o erro de Monte Carlo, não a incerteza dos parâmetros`,
  });
  if (single) motivos.add('replica_unica');

  result.saturacao.medidas.forEach((medida, m) => {
    const { mean, se } = meanSe(totalsPerReplica(result, 'plano', units, m));
    let v: Verificacao;
    if (se === null) v = { verificacao: 'kpi', medida, canal: null, valor: null, limite: LIMITE_ERRO_KPI, resultado: 'nao_avaliado', motivo: 'erro não medido com uma réplica' };
    else if (mean === 0) v = { verificacao: 'kpi', medida, canal: null, valor: null, limite: LIMITE_ERRO_KPI, resultado: 'estavel', motivo: 'zero em todas as réplicas' };
    else {
      const rel = se / mean;
      const ok = rel <= LIMITE_ERRO_KPI;
      v = {
        verificacao: 'kpi', medida, canal: null, valor: tidy(rel), limite: LIMITE_ERRO_KPI, resultado: ok ? 'estavel' : 'instavel',
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
      const base = { verificacao: 'contribuicao', medida, canal, limite: LIMITE_ERRO_CONTRIBUICAO } as const;
      let v: Verificacao;
      if (se === null) v = { ...base, valor: null, resultado: 'nao_avaliado', motivo: 'erro não medido com uma réplica' };
      else if (mean === 0 && se === 0) v = { ...base, valor: null, resultado: 'estavel', motivo: 'o canal não muda a medida em nenhuma réplica' };
      else {
        const rel = mean === 0 ? Infinity : se / Math.abs(mean);
        if (rel > LIMITE_ERRO_CONTRIBUICAO) {
          v = { ...base, valor: tidy(rel), resultado: 'instavel', motivo: 'contribuição indistinguível de zero diante do erro de Monte Carlo' };
          motivos.add('contribuicao_indistinguivel');
        } else if (mean < 0) {
          v = { ...base, valor: tidy(rel), resultado: 'negativa', motivo: negativeContributionReason(result) };
          motivos.add('contribuicao_negativa');
        } else {
          v = { ...base, valor: tidy(rel), resultado: 'estavel', motivo: 'contribuição a mais de dois erros-padrão de zero' };
        }
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
  else if (verificacoes.some((v) => v.resultado === 'instavel')) resultado = 'instavel';
  else if (calibracao === 'nao_calibrado') resultado = 'indicativo';
  else resultado = 'robusto';
  return { resultado, replicas: R, calibracao, motivos: [...motivos], verificacoes };
}
