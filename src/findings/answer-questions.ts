// Answers to an answer contract (contrato_de_resposta), read from a stored JobResult. The
// per-replica privacy decisions were taken by combineReplicas (privacy.ts): per question and
// week, the territory total is withheld when it is 1..4 in some replica (menor_que_k) or when
// exactly one of its units is (complementar: the other units' counts may be published
// elsewhere); per unit the k rule with complementary suppression along the territory.
// Territories of tracts (setores, ponto) also meet the diagnosis cutoff of /setores: the tract
// error joins the population error of the territory's tracts (RespostaBlock.erroPopulacao; for a
// territory, the largest of its units', which bounds the error of their sum) with the sampling
// error of the count; not measured: erro_nao_medido (docs/findings.md, "Tract error").
// Where the kernel put each question: respostas[<question id>] of the plano variant for a plain
// question; for comparar, respostas[<comparar id>] (else respostas[<inner question id>]) of
// each of the two variants.

import type { ContratoDeResposta, Medida, Pergunta, PerguntaComparar, PerguntaSimples, PublicoPergunta, Territorio } from '../contract/types.js';
import type { Fonte } from '../release/types.js';
import type { JobResult, RespostaBlock } from './job-result.js';
import { releaseNotes } from './premises.js';
import { publishCell } from './privacy.js';
import { standardError, tidy } from './stats.js';
import { CORTE_ERRO, tractError } from './tract-events.js';

export type MotivoResposta =
  | 'menor_que_k' | 'complementar' | 'erro_acima_do_corte' | 'erro_nao_medido' | 'sem_resultado' | 'semana_fora_do_horizonte' | 'nao_alcancada';

interface AnswerBase {
  id: string;
  forma: 'quantos' | 'quando' | 'onde' | 'comparar';
  medida: Medida;
  /** The territory and audience the question asked, so an answer reads on its own. */
  territorio: Territorio;
  publico: PublicoPergunta | null;
  /** True when the main number is withheld; motivo says why. */
  retida: boolean;
  motivo: MotivoResposta | null;
  texto: string;
}

export interface QuantosAnswer extends AnswerBase {
  forma: 'quantos';
  semana: number;
  n: number | null;
  base: number | null;
  parte: number | null;
  erro_padrao: number | null;
}

export interface QuandoAnswer extends AnswerBase {
  forma: 'quando';
  parte: number;
  /** First week the mean over replicas reaches the share; null when withheld or not reached. */
  semana: number | null;
  /** Earliest and latest week over replicas (latest null when some replica never reaches it). */
  semana_min: number | null;
  semana_max: number | null;
  n: number | null;
  base: number | null;
}

export interface OndeItem {
  unidade: string;
  posicao: number | null;
  n: number | null;
  base: number | null;
  parte: number | null;
  motivo: MotivoResposta | null;
}

export interface OndeAnswer extends AnswerBase {
  forma: 'onde';
  semana: number;
  ordem: 'maior' | 'menor';
  /** Ranked units first (by parte), then withheld ones in territory order. */
  ranking: OndeItem[];
}

export type PlainAnswer = QuantosAnswer | QuandoAnswer | OndeAnswer;

export interface CompararAnswer extends AnswerBase {
  forma: 'comparar';
  variantes: [string, string];
  a: PlainAnswer;
  b: PlainAnswer;
  /** b - a of the main number (n for quantos, semana for quando); null for onde or when withheld. */
  diferenca: number | null;
  /** Monte Carlo error of diferenca from paired replicas (quantos). */
  erro_padrao: number | null;
}

export type Answer = PlainAnswer | CompararAnswer;

export interface Answers {
  versao: 1;
  respostas: Answer[];
  /** The release's aviso and fontes, as every findings response carries them (premises.ts). */
  aviso: string;
  fontes: Fonte[];
}

function isTractTerritory(q: PerguntaSimples): boolean {
  return 'setores' in q.territorio || 'ponto' in q.territorio;
}

/** Population error of a tract territory: the largest of its units'; NaN when one is not measured (or none stored). */
function territoryError(b: RespostaBlock): number {
  const e = b.erroPopulacao;
  if (!e || e.length === 0 || e.some(Number.isNaN)) return NaN;
  return Math.max(...e);
}

/** The reason the diagnosis cutoff withholds a count n among `base` synthetic persons with population error e, or null. */
function cutoffReason(n: number, base: number, e: number): 'erro_nao_medido' | 'erro_acima_do_corte' | null {
  if (Number.isNaN(e)) return 'erro_nao_medido';
  return (base > 0 ? tractError(n, base, e) : e) > CORTE_ERRO ? 'erro_acima_do_corte' : null;
}

function fmt(n: number): string {
  return n.toLocaleString('pt-BR');
}

function pct(x: number): string {
  return `${(100 * x).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}

const WHY: Record<MotivoResposta, string> = {
  menor_que_k: 'retida: a contagem ficou entre 1 e 4 em alguma réplica (regra de privacidade, k = 5)',
  complementar: 'retida: uma só parte do território ficou entre 1 e 4 em alguma réplica e poderia ser recuperada por subtração (supressão complementar)',
  erro_acima_do_corte: `retida: o erro relativo da população sintética passa do corte ${CORTE_ERRO}`,
  erro_nao_medido: 'retida: o erro da população sintética destes setores não foi medido (não há contagem do IBGE deste chão nesta versão dos dados)',
  sem_resultado: 'retida: o job não calculou esta pergunta',
  semana_fora_do_horizonte: 'retida: a semana passa do horizonte',
  nao_alcancada: 'a parte pedida não é alcançada dentro do horizonte',
};

/** What every answer repeats of its question. */
function asked(q: PerguntaSimples): { id: string; medida: Medida; territorio: Territorio; publico: PublicoPergunta | null } {
  return { id: q.id, medida: q.medida, territorio: q.territorio, publico: q.publico ?? null };
}

function meanTotal(b: RespostaBlock, R: number, w: number): number {
  let s = 0;
  for (let r = 0; r < R; r++) s += b.totalPorReplica[r * b.semanas + w];
  return s / R;
}

function quantos(q: PerguntaSimples, b: RespostaBlock | undefined, R: number): QuantosAnswer {
  const semana = q.semana ?? 1;
  const base = { ...asked(q), forma: 'quantos' as const, semana, n: null, base: null, parte: null, erro_padrao: null };
  if (!b) return { ...base, retida: true, motivo: 'sem_resultado', texto: WHY.sem_resultado };
  if (semana < 1 || semana > b.semanas) return { ...base, retida: true, motivo: 'semana_fora_do_horizonte', texto: WHY.semana_fora_do_horizonte };
  const w = semana - 1;
  let s = 0;
  let sq = 0;
  for (let r = 0; r < R; r++) {
    const x = b.totalPorReplica[r * b.semanas + w];
    s += x;
    sq += x * x;
  }
  const n = publishCell(s, R, b.motivoTotal[w]);
  const den = publishCell(b.baseTotal, R, b.motivoBaseTotal);
  if (n.n === null) return { ...base, retida: true, motivo: n.motivo, texto: WHY[n.motivo!] };
  const baseMean = b.baseTotal / R;
  const cut = isTractTerritory(q) ? cutoffReason(n.n, baseMean, territoryError(b)) : null;
  if (cut) return { ...base, retida: true, motivo: cut, texto: WHY[cut] };
  const parte = den.n !== null && baseMean > 0 ? tidy(s / R / baseMean) : null;
  return {
    ...base, n: n.n, base: den.n, parte, erro_padrao: tidy(standardError(s, sq, R)), retida: false, motivo: null,
    texto: `Na semana ${semana}, ${fmt(n.n)} pessoas com ${q.medida}${parte !== null ? ` (${pct(parte)} de ${fmt(den.n!)})` : ''}.`,
  };
}

function quando(q: PerguntaSimples, b: RespostaBlock | undefined, R: number): QuandoAnswer {
  const parte = q.parte ?? 1;
  const base = { ...asked(q), forma: 'quando' as const, parte, semana: null, semana_min: null, semana_max: null, n: null, base: null };
  if (!b) return { ...base, retida: true, motivo: 'sem_resultado', texto: WHY.sem_resultado };
  const den = publishCell(b.baseTotal, R, b.motivoBaseTotal);
  if (den.n === null) return { ...base, retida: true, motivo: den.motivo, texto: WHY[den.motivo!] };
  const baseMean = b.baseTotal / R;
  const W = b.semanas;
  const reaches = (x: number) => baseMean > 0 && x / baseMean >= parte;
  let week = -1;
  for (let w = 0; w < W && week < 0; w++) if (reaches(meanTotal(b, R, w))) week = w;
  let min: number | null = null;
  let max: number | null = 0;
  for (let r = 0; r < R; r++) {
    let wr = -1;
    for (let w = 0; w < W && wr < 0; w++) if (reaches(b.totalPorReplica[r * W + w])) wr = w;
    if (wr < 0) max = null;
    else {
      min = min === null ? wr + 1 : Math.min(min, wr + 1);
      if (max !== null) max = Math.max(max, wr + 1);
    }
  }
  if (min === null) max = null;
  if (week < 0) return { ...base, base: den.n, semana_min: min, semana_max: max, retida: false, motivo: 'nao_alcancada', texto: WHY.nao_alcancada };
  let s = 0;
  for (let r = 0; r < R; r++) s += b.totalPorReplica[r * W + week];
  const n = publishCell(s, R, b.motivoTotal[week]);
  // The week says the count crossed parte x base there: withheld whenever that count is.
  if (n.n === null) return { ...base, retida: true, motivo: n.motivo, texto: WHY[n.motivo!] };
  const cut = isTractTerritory(q) ? cutoffReason(n.n, baseMean, territoryError(b)) : null;
  if (cut) return { ...base, retida: true, motivo: cut, texto: WHY[cut] };
  return {
    ...base, semana: week + 1, semana_min: min, semana_max: max, n: n.n, base: den.n, retida: false, motivo: null,
    texto: `A parte ${pct(parte)} com ${q.medida} é alcançada na semana ${week + 1} (média das réplicas).`,
  };
}

function onde(q: PerguntaSimples, b: RespostaBlock | undefined, R: number): OndeAnswer {
  const semana = q.semana ?? 1;
  const ordem = q.ordem ?? 'maior';
  const base = { ...asked(q), forma: 'onde' as const, semana, ordem, ranking: [] as OndeItem[] };
  if (!b) return { ...base, retida: true, motivo: 'sem_resultado', texto: WHY.sem_resultado };
  if (semana < 1 || semana > b.semanas) return { ...base, retida: true, motivo: 'semana_fora_do_horizonte', texto: WHY.semana_fora_do_horizonte };
  const w = semana - 1;
  const shown: Array<OndeItem & { x: number }> = [];
  const hidden: OndeItem[] = [];
  b.unidades.forEach((unidade, u) => {
    const i = u * b.semanas + w;
    const n = publishCell(b.soma[i], R, b.motivo[i]);
    const den = publishCell(b.base[u], R, b.motivoBase[u]);
    const baseMean = b.base[u] / R;
    let motivo: MotivoResposta | null = n.motivo ?? den.motivo;
    if (!motivo && isTractTerritory(q) && n.n !== null) motivo = cutoffReason(n.n, baseMean, b.erroPopulacao?.[u] ?? NaN);
    if (motivo || baseMean <= 0) {
      hidden.push({ unidade, posicao: null, n: null, base: null, parte: null, motivo: motivo ?? null });
      return;
    }
    const x = b.soma[i] / R / baseMean;
    shown.push({ unidade, posicao: null, n: n.n, base: den.n, parte: tidy(x), motivo: null, x });
  });
  shown.sort((p, r) => (ordem === 'maior' ? r.x - p.x : p.x - r.x) || (p.unidade < r.unidade ? -1 : 1));
  const ranking: OndeItem[] = shown.map(({ x: _x, ...item }, k) => ({ ...item, posicao: k + 1 }));
  ranking.push(...hidden);
  if (shown.length === 0) {
    const m = hidden.find((h) => h.motivo)?.motivo ?? 'menor_que_k';
    return { ...base, ranking, retida: true, motivo: m, texto: WHY[m] };
  }
  return {
    ...base, ranking, retida: false, motivo: null,
    texto: `Na semana ${semana}, ${ordem === 'maior' ? 'maior' : 'menor'} parte com ${q.medida}: ${shown[0].unidade} (${pct(shown[0].x)})${hidden.length ? `; ${hidden.length} unidade(s) retida(s)` : ''}.`,
  };
}

function plain(q: PerguntaSimples, b: RespostaBlock | undefined, R: number): PlainAnswer {
  if (q.forma === 'quantos') return quantos(q, b, R);
  if (q.forma === 'quando') return quando(q, b, R);
  return onde(q, b, R);
}

function comparar(q: PerguntaComparar, result: JobResult): CompararAnswer {
  const R = result.replicas;
  const [va, vb] = q.variantes;
  const block = (v: string) => result.respostas[v]?.[q.id] ?? result.respostas[v]?.[q.pergunta.id];
  const ba = block(va);
  const bb = block(vb);
  const a = plain(q.pergunta, ba, R);
  const b = plain(q.pergunta, bb, R);
  let diferenca: number | null = null;
  let erro: number | null = null;
  if (a.forma === 'quantos' && b.forma === 'quantos' && a.n !== null && b.n !== null && ba && bb) {
    const w = a.semana - 1;
    let s = 0;
    let sq = 0;
    for (let r = 0; r < R; r++) {
      const d = bb.totalPorReplica[r * bb.semanas + w] - ba.totalPorReplica[r * ba.semanas + w];
      s += d;
      sq += d * d;
    }
    diferenca = tidy(s / R);
    erro = tidy(standardError(s, sq, R));
  } else if (a.forma === 'quando' && b.forma === 'quando' && a.semana !== null && b.semana !== null) {
    diferenca = b.semana - a.semana;
  }
  const retida = a.retida || b.retida;
  const motivo = a.retida ? a.motivo : b.retida ? b.motivo : null;
  return {
    ...asked(q.pergunta), id: q.id, forma: 'comparar', variantes: [va, vb], a, b, diferenca, erro_padrao: erro,
    retida, motivo,
    texto: retida && motivo ? `${motivo === a.motivo && a.retida ? va : vb}: ${WHY[motivo]}`
      : diferenca !== null ? `${vb} menos ${va}: ${fmt(diferenca)}.` : `${va} e ${vb} lado a lado.`,
  };
}

/** Answers to `contract` (default: the contract of the job's scenario) from the stored result. */
export function answerQuestions(contract: ContratoDeResposta | null | undefined, result: JobResult): Answers {
  const c = contract ?? result.cenario.contrato_de_resposta;
  const perguntas: Pergunta[] = c?.perguntas ?? [];
  return {
    versao: 1,
    respostas: perguntas.map((q) =>
      q.forma === 'comparar' ? comparar(q, result) : plain(q, result.respostas.plano?.[q.id], result.replicas)),
    ...releaseNotes(result),
  };
}
