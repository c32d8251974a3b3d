// What the job page says first (views/job.eta, docs/console.md "The job page"): a headline in words
// from the result ("Simulação sobre a população sintética de RR: 359 mil pessoas alcançadas até o
// dia 42; a TV acrescenta 41 mil..."), the scenario asked in one block, and what the variants are,
// with the reason when a variant without a channel ends above the plan. Every number is a published
// one: the job totals (src/findings/job-totals.ts, the sums `campaign-sim simulate` prints), the
// audience's share from the saturacao table's rows (municipal-shares.ts), and the verdict's checks
// (src/findings/veredito.ts) to say whether a channel's difference is told apart from Monte Carlo
// error.
import { TEMPLATES } from '../../library/templates.js';
import type { Canal, Familia, Scenario } from '../../src/contract/types.js';
import { answerQuestions, jobTotals, municipalShares, type JobResult, type Row } from '../../src/findings/index.js';
import { modelFor } from '../../src/models/model-registry.js';
import { LABELS } from './labels.js';
import { NUMBERS, RESULT_WORDS } from './result-words.js';

const FAMILIA: Record<Familia, string> = {
  recepcao: 'recepção de uma mensagem: quantas pessoas ela alcança por cada canal e como respondem',
  adocao: 'adoção de um produto: quantas pessoas adotam, semana a semana, pelo boca a boca',
};
/** A channel with its article, for sentences ("a TV acrescenta"). */
const COM_ARTIGO: Record<Canal, string> = { tv: 'a TV', radio: 'o rádio', digital: 'o digital', exterior: 'a mídia exterior' };
const comArtigo = (c: string) => COM_ARTIGO[c as Canal] ?? c;

export interface ScenarioChannel { canal: string; dias: string; intensidade: string }
export interface ScenarioBlock {
  familia: string;
  release: string;
  lugar: string;
  publico: string;
  canais: ScenarioChannel[];
  lancamento: string | null;
  horizonte: string;
  replicas: string;
  medidas: string;
}

export interface JobSummary {
  /** The headline: what was simulated, over what, and the main number. */
  manchete: string;
  /** One sentence per channel: what it adds to the main measure, or why that cannot be said. */
  canais: string[];
  cenario: ScenarioBlock;
  /** Variants with a channel removed that end above the plan, each with its reason (empty: none). */
  acimaDoPlano: string[];
  /** The scenario's questions (its answer contract) with their answers, in words. */
  perguntas: Array<{ pergunta: string; resposta: string }>;
}

/**
 * The answers of the job's answer contract (src/findings/answer-questions.ts, the privacy rule
 * applied), each under its question's wording: a library template's (the job's grupo_comparacao
 * is `biblioteca-<template>`, library/fill-template.ts), else the question's id.
 */
function answersOf(result: JobResult): JobSummary['perguntas'] {
  const template = TEMPLATES.find((t) => `biblioteca-${t.id}` === result.cenario.grupo_comparacao);
  return answerQuestions(null, result).respostas.map((a) => ({
    pergunta: template?.perguntas.find((q) => q.pergunta.id === a.id)?.texto ?? a.id,
    // a comparison's text names its variants by code (the API's): the page says them in words
    resposta: a.forma === 'comparar' && !a.retida ? a.variantes.reduce((t, v) => t.split(v).join(LABELS.variante(v)), a.texto) : a.texto,
  }));
}

const day = (inicio: string, n: number) => {
  const d = new Date(`${inicio}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n - 1);
  return LABELS.dia(d);
};

const list = new Intl.ListFormat('pt-BR', { type: 'conjunction' });

/** The place in words: the UFs, or up to three municipalities by name ("Boa Vista, Bonfim, Cantá e mais 2 (RR)"). */
export function placeWords(c: Scenario, nomes: Record<string, string>): string {
  const ufs = list.format(c.geografia.ufs);
  const m = c.geografia.municipios;
  if (!m?.length) return ufs;
  const named = m.slice(0, 3).map((code) => nomes[code] ?? code);
  return `${m.length > 3 ? `${named.join(', ')} e mais ${m.length - 3}` : list.format(named)} (${ufs})`;
}

function audienceWords(c: Scenario): string {
  const p = c.publico;
  if (!p || Object.keys(p).length === 0) return 'toda a população';
  const parts: string[] = [];
  if (p.idades?.length) parts.push(p.idades.map(([a, b]) => (b === null ? `${a} anos ou mais` : `${a} a ${b} anos`)).join(', '));
  if (p.sexos?.length) parts.push(p.sexos.join(' e '));
  if (p.niveis_instrucao?.length) parts.push(`escolaridade: ${p.niveis_instrucao.map((n) => n.replace(/_/g, ' ')).join(', ')}`);
  if (p.faixas_renda?.length) parts.push(`faixas de renda ${p.faixas_renda.join(', ')}`);
  if (p.racas?.length) parts.push(`cor ou raça: ${p.racas.join(', ')}`);
  return parts.join('; ');
}

export function scenarioBlock(result: JobResult): ScenarioBlock {
  const c = result.cenario;
  const inicio = c.horizonte.data_inicio;
  const l = c.lancamento;
  return {
    familia: FAMILIA[c.familia] ?? c.familia,
    release: c.release,
    lugar: placeWords(c, result.municipios),
    publico: audienceWords(c),
    canais: (c.canais ?? []).map((p) => ({
      canal: LABELS.canal(p.canal),
      dias: `dia ${p.dia_inicio} a ${p.dia_fim} (${day(inicio, p.dia_inicio)} a ${day(inicio, p.dia_fim)})`,
      intensidade: NUMBERS.decimal(p.intensidade),
    })),
    lancamento: l ? `dia ${l.dia}; parâmetros ${l.cenario_base === 'pix' ? 'do caso Pix da versão do modelo, por analogia' : `da calibração ${l.calibracao}`}` : null,
    horizonte: `${NUMBERS.inteiro(c.horizonte.dias)} dias, de ${day(inicio, 1)} a ${day(inicio, c.horizonte.dias)}`,
    replicas: `${c.replicas} (rodadas do modelo com números aleatórios diferentes; medem o erro de Monte Carlo)`,
    medidas: c.kpis.map(RESULT_WORDS.medida).join(', '),
  };
}

/** Units left out of the headline's sum by the privacy rule, said (their count could be recovered by subtraction otherwise). */
const hiddenWords = (n: number) => (n === 0 ? '' : `; ${n === 1 ? 'um lugar com contagem pequena fica' : `${n} lugares com contagem pequena ficam`} fora da soma (regra de privacidade)`);

/** What a channel adds to measure `medida` at the horizon, in words, told by its verdict check. */
function channelSentence(canal: string, diff: number, check: Row | undefined): string {
  const quem = comArtigo(canal);
  switch (check?.resultado) {
    case 'estavel': return `${quem} acrescenta ${NUMBERS.curto(diff)}`;
    case 'negativa': return `sem ${quem.replace(/^(a|o) /, '')} o modelo termina com ${NUMBERS.curto(-diff)} a mais (veja o que é uma variante)`;
    case 'instavel': return `o que ${quem} acrescenta não se distingue do erro de Monte Carlo`;
    default: return `${quem} acrescenta cerca de ${NUMBERS.curto(diff)} (uma réplica só: o erro não foi medido)`;
  }
}

/** Why "sem <canal>" ends above the plan for `medida`, by its verdict check. */
function aboveReason(canal: string, medida: string, diff: number, check: Row | undefined): string {
  const head = `“Sem ${LABELS.canal(canal)}” termina com ${NUMBERS.inteiro(-diff)} ${RESULT_WORDS.medidaFrase(medida)} a mais que o plano`;
  switch (check?.resultado) {
    case 'negativa': return `${head}. O modelo diz por quê: ${RESULT_WORDS.daApi(String(check.motivo))}.`;
    case 'instavel': return `${head}, mas a diferença está dentro do erro de Monte Carlo: não se distingue de zero, e mais réplicas a diriam melhor.`;
    case 'estavel': return `${head}, dentro do arredondamento dos números publicados.`;
    default: return `${head}; com uma réplica só não dá para saber se é acaso.`;
  }
}

/** The headline, the scenario and the variants' notes of a concluded simulation; `verificacoes`: the veredito table's rows. */
export function jobSummary(result: JobResult, verificacoes: readonly Row[]): JobSummary {
  const c = result.cenario;
  const totals = jobTotals(result);
  const plano = totals.variantes.plano?.medidas ?? {};
  const medida = result.saturacao.medidas[0];
  const checkOf = (canal: string, m: string) => verificacoes.find((v) => v.verificacao === 'contribuicao' && v.canal === canal && v.medida === m);
  // the audience's share: published municipalities only, numerator and denominator alike
  const shares = municipalShares(result, medida, { publico: true }).filter((s) => s.n !== null && s.populacao !== null);
  const pop = shares.reduce((a, s) => a + s.populacao!, 0);
  const parte = pop > 0 ? shares.reduce((a, s) => a + s.n!, 0) / pop : null;
  const quem = result.saturacao.temPublico ? 'do público' : 'da população';
  const manchete = `Simulação sobre a população sintética de ${placeWords(c, result.municipios)}: ${NUMBERS.curto(plano[medida] ?? 0)} ${RESULT_WORDS.medidaFrase(medida)} até o dia ${NUMBERS.inteiro(c.horizonte.dias)}`
    + `${parte === null ? '' : ` (${NUMBERS.parte(parte)} ${quem})`}, segundo o modelo${hiddenWords(totals.variantes.plano?.escondidas?.[medida] ?? 0)}.`;
  const semDe = (canal: string) => totals.variantes[`sem_${canal}`]?.medidas;
  const canais = modelFor(c.familia).canais
    ? result.canais.filter((canal) => semDe(canal)).map((canal) => channelSentence(canal, (plano[medida] ?? 0) - (semDe(canal)![medida] ?? 0), checkOf(canal, medida)))
    : [];
  const acimaDoPlano = result.canais.flatMap((canal) => result.saturacao.medidas.flatMap((m) => {
    const sem = semDe(canal)?.[m];
    if (sem === undefined || plano[m] === undefined || sem <= plano[m]) return [];
    return [aboveReason(canal, m, plano[m] - sem, checkOf(canal, m))];
  }));
  return { manchete, canais, cenario: scenarioBlock(result), acimaDoPlano, perguntas: answersOf(result) };
}
