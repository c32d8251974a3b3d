// The findings tables of the spec (GET /v1/jobs/{job_id}/findings), read from a stored JobResult.
// Every count goes through publishCell (privacy.ts) with the reasons combineReplicas stored.
// The rows and columns of each table are documented in docs/findings.md: keep both in sync.

import type { PlanGrp } from '../contract/types.js';
import { ELASTICITY_STEP } from '../contract/variants.js';
import { ServiceError } from '../errors.js';
import { usesExposure } from '../models/recepcao/exposure-habits.js';
import { GRID_AXES } from '../release/publication-grid.js';
import type { AlcanceBlock, JobResult } from './job-result.js';
import { publishCell, type PublishedCell } from './privacy.js';
import { standardError, tidy } from './stats.js';
import { namesOf, selectUnits, unitColumns, unitsAreAreas } from './units.js';
import { kpiPremises, monteCarloPremise, populationPremise, reachPremise, releaseNotes, type Premissa } from './premises.js';
import type { Fonte } from '../release/types.js';
import { computeVerdict, MOTIVOS_VEREDITO, VOCABULARIO_VEREDITO } from './veredito.js';

export const FINDINGS_TABLES = ['saturacao', 'alcance_efetivo', 'alcance_potencial', 'contribuicao', 'elasticidade', 'veredito'] as const;
export type FindingsTableName = (typeof FINDINGS_TABLES)[number];
/** The tables a comparison pairs (and that finding_unknown names as the valid ones). */
export const DATA_TABLES = ['saturacao', 'alcance_efetivo', 'alcance_potencial', 'contribuicao', 'elasticidade'] as const;
export type DataTableName = (typeof DATA_TABLES)[number];

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

export interface FindingsTable {
  tabela: string;
  colunas: string[];
  descricao: Record<string, string>;
  municipios: Record<string, string>;
  linhas: Row[];
  total: number;
  truncado: boolean;
  grade: string;
  /** What each column (of each KPI) rests on: assumed parameters and fitted data (premises.ts). */
  premissas: Premissa[];
  /** The release's aviso and fontes (the ids premissas' dados name). */
  aviso: string;
  fontes: Fonte[];
  /** Extension, alcance_efetivo of a result with it (v2.0.0 on): the GRPs the plan buys, expected from the release's model. */
  plano_grp?: PlanGrp;
}

export interface FindingsQuery {
  tabela?: string;
  municipio?: string[];
  limite?: number;
}

export const LIMITE_PADRAO = 200;
export const LIMITE_MAXIMO = 1000;

interface TableBody {
  colunas: string[];
  descricao: Record<string, string>;
  linhas: Row[];
  total: number;
  premissas: Premissa[];
}

/** Rows of a table up to `max`: the rest are only counted (tables can be far longer than limite). */
class Rows {
  readonly linhas: Row[] = [];
  total = 0;
  constructor(private readonly max: number) {}
  /** Counts one more row; true when it is to be built. */
  next(): boolean {
    this.total++;
    return this.linhas.length < this.max;
  }
}

const UNIT_DESC: Record<string, string> = {
  municipio: 'código IBGE de 7 dígitos do município',
  area_ponderacao: 'código de 10 dígitos da área de ponderação (quando o cenário lista aps)',
};
const MOTIVO_DESC = 'por que um número da linha é null: menor_que_k (contagem de 1 a 4 em alguma réplica) ou complementar (escondido para que outro não possa ser recuperado por subtração); null quando tudo foi publicado';

/**
 * A table of unit rows: its columns are the unit's (municipio, and area_ponderacao when the units
 * are weighting areas) followed by those of `own`, in its order, each with its description.
 */
function unitTable(result: JobResult, rows: Rows, own: Record<string, string>, premissas: Premissa[]): TableBody {
  const colunas = [...(unitsAreAreas(result) ? ['municipio', 'area_ponderacao'] : ['municipio']), ...Object.keys(own)];
  const descricao: Record<string, string> = {};
  for (const c of colunas) descricao[c] = UNIT_DESC[c] ?? own[c];
  return { colunas, linhas: rows.linhas, total: rows.total, descricao, premissas };
}

/** What the erro_padrao columns measure, and what they do not. */
const SO_MONTE_CARLO = 'só o erro de Monte Carlo entre as réplicas, não a incerteza das premissas';

function firstMotivo(...cells: PublishedCell[]): string | null {
  for (const c of cells) if (c.motivo) return c.motivo;
  return null;
}

/** Audience size of unit u: the saturacao population row of the audience (same privacy status). */
export function audience(result: JobResult, u: number): { cell: PublishedCell; mean: number } {
  const s = result.saturacao;
  const row = s.temPublico ? 1 : 0;
  const i = u * s.linhas + row;
  return { cell: publishCell(s.populacao[i], result.replicas, s.motivoPopulacao[i]), mean: s.populacao[i] / result.replicas };
}

/** Row `linha` (0 = total) of unit u's saturation block for measure m, published: the numbers of a saturacao row. */
export function saturationCell(result: JobResult, u: number, linha: number, m: number): Row {
  const s = result.saturacao;
  const R = result.replicas;
  const i = (u * s.linhas + linha) * s.medidas.length + m;
  const pi = u * s.linhas + linha;
  const n = publishCell(s.soma[i], R, s.motivo[i]);
  const pop = publishCell(s.populacao[pi], R, s.motivoPopulacao[pi]);
  const popMean = s.populacao[pi] / R;
  return {
    n: n.n, populacao: pop.n,
    parte: n.n !== null && pop.n !== null && popMean > 0 ? tidy(s.soma[i] / R / popMean) : null,
    erro_padrao: n.n !== null ? tidy(standardError(s.soma[i], s.somaQuad[i], R)) : null,
    motivo: firstMotivo(n, pop),
  };
}

function saturacao(result: JobResult, units: number[], rows: Rows): TableBody {
  const s = result.saturacao;
  const M = s.medidas.length;
  const axes = GRID_AXES[result.grade];
  const rowsOfUnit: Array<{ linha: number; eixo: string; valor: string | null }> = [{ linha: 0, eixo: 'total', valor: null }];
  if (s.temPublico) rowsOfUnit.push({ linha: 1, eixo: 'publico', valor: null });
  let linha = 2;
  for (const a of axes) for (const r of a.rotulos) rowsOfUnit.push({ linha: linha++, eixo: a.nome, valor: r });
  for (const u of units) {
    for (let m = 0; m < M; m++) {
      for (const rr of rowsOfUnit) {
        if (!rows.next()) continue;
        rows.linhas.push({
          ...unitColumns(result, result.unidades[u]),
          medida: s.medidas[m], eixo: rr.eixo, valor: rr.valor,
          ...saturationCell(result, u, rr.linha, m),
        });
      }
    }
  }
  return unitTable(result, rows, {
    medida: 'KPI do cenário (kpis)',
    eixo: `recorte da linha: total (toda a população da unidade), publico (só o público do cenário, quando ele é parte da população) ou um eixo da grade ${result.grade} (${axes.map((a) => a.nome).join(', ')}), somando os demais eixos`,
    valor: 'valor do eixo (rótulo); null para total e publico',
    n: 'pessoas com a medida ao fim do horizonte: média das réplicas arredondada (metade para o par); null se escondida pela regra de privacidade',
    populacao: 'pessoas no recorte (denominador), média das réplicas arredondada; null se escondida',
    parte: 'n / populacao (médias não arredondadas): a saturação do recorte',
    erro_padrao: `erro-padrão de Monte Carlo da média de n sobre as réplicas (${SO_MONTE_CARLO}); null com uma réplica`,
    motivo: MOTIVO_DESC,
  }, [...kpiPremises(result, ['n', 'parte']), populationPremise(result, ['populacao']), monteCarloPremise(['erro_padrao'])]);
}

/**
 * The rows of the alcance block (reception jobs): for each unit, one per channel (and, with
 * `qualquer`, a last one for any channel), each with the unit's audience.
 */
function channelRows(
  result: JobResult, units: number[], rows: Rows, qualquer: boolean,
  row: (a: AlcanceBlock, u: number, k: number, aud: ReturnType<typeof audience>) => Row,
): void {
  const a = result.alcance;
  if (!a) return;
  const n = a.canais.length + (qualquer ? 1 : 0);
  for (const u of units) {
    const aud = audience(result, u);
    for (let k = 0; k < n; k++) {
      if (rows.next()) rows.linhas.push({ ...unitColumns(result, result.unidades[u]), ...row(a, u, k, aud) });
    }
  }
}

/**
 * Where unit u's row k (a channel, or any) holds its reach f+ (f = 1 .. 10; 0: its contacts) in
 * the alcance block's sums, for the block's columns (a result stored before 2026-12-03 has 1+ and 3+ only).
 */
export function reachColumns(a: AlcanceBlock, u: number, k: number): (f: number) => number {
  const F = a.colunas ?? 2;
  const row = (u * (a.canais.length + 1) + k) * F;
  if (a.colunas === undefined) {
    return (f) => {
      if (f !== 1 && f !== 3) throw new Error(`a result stored before 2026-12-03 has no reach ${f}+`);
      return row + (f === 1 ? 0 : 1);
    };
  }
  return (f) => row + f;
}

/** The reach f+ columns of releases with the frequency distribution (alcance_2 .. alcance_10; alcance_1 is every release's). */
const MAIS_ALCANCES = [2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

function alcanceEfetivo(result: JobResult, units: number[], rows: Rows): TableBody {
  const R = result.replicas;
  // GRPs, mean frequency and the whole 1+ .. 10+ distribution: releases with exposure propensities
  // (v2.0.0 on); older releases keep their columns, so their findings stay byte for byte
  const distribuicao = result.alcance?.colunas !== undefined && usesExposure(result.release);
  channelRows(result, units, rows, true, (a, u, k, aud) => {
    const Kc = a.canais.length;
    const at = reachColumns(a, u, k);
    const i1 = at(1);
    const i3 = at(3);
    const n1 = publishCell(a.soma[i1], R, a.motivo[i1]);
    const n3 = publishCell(a.soma[i3], R, a.motivo[i3]);
    const canal = k < Kc ? a.canais[k] : 'qualquer';
    const tail = {
      alcance_efetivo: n3.n,
      parte_efetiva: n3.n !== null && aud.cell.n !== null && aud.mean > 0 ? tidy(a.soma[i3] / R / aud.mean) : null,
      erro_padrao: n3.n !== null ? tidy(standardError(a.soma[i3], a.somaQuad[i3], R)) : null,
      motivo: firstMotivo(n3, n1, aud.cell),
    };
    if (!distribuicao) return { canal, publico: aud.cell.n, alcance_1: n1.n, ...tail };
    // the contacts are no count of persons: shown where the audience and the 1+ reach are
    const contatos = a.soma[at(0)] / R;
    const shown = aud.cell.n !== null && n1.n !== null && aud.mean > 0;
    const mais: Record<string, number | null> = {};
    for (const f of MAIS_ALCANCES) mais[`alcance_${f}`] = publishCell(a.soma[at(f)], R, a.motivo[at(f)]).n;
    return {
      canal, publico: aud.cell.n,
      grp: shown ? tidy((100 * contatos) / aud.mean) : null,
      frequencia_media: shown && a.soma[i1] > 0 ? tidy(contatos / (a.soma[i1] / R)) : null,
      alcance_1: n1.n, ...mais, ...tail,
    };
  });
  return unitTable(result, rows, {
    canal: 'canal de mídia do cenário, ou qualquer (algum canal)',
    publico: 'pessoas do público do cenário na unidade (média das réplicas arredondada)',
    ...(distribuicao ? {
      grp: 'pontos brutos de audiência (GRP): 100 x contatos do canal com o público / publico, no horizonte (um contato: um dia com contato; qualquer: somados os canais)',
      frequencia_media: 'contatos por pessoa alcançada (GRP / parte alcançada ao menos 1 vez)',
    } : {}),
    alcance_1: 'pessoas do público alcançadas pelo canal ao menos 1 vez até o fim do horizonte',
    ...(distribuicao ? Object.fromEntries(MAIS_ALCANCES.map((f) => [`alcance_${f}`, `pessoas do público alcançadas pelo canal ao menos ${f} vezes (${f === 10 ? '10 ou mais' : `${f}+`})`])) : {}),
    alcance_efetivo: 'pessoas do público alcançadas pelo canal ao menos 3 vezes (frequência efetiva >= 3)',
    parte_efetiva: 'alcance_efetivo / publico',
    erro_padrao: `erro-padrão de Monte Carlo da média de alcance_efetivo (${SO_MONTE_CARLO})`,
    motivo: MOTIVO_DESC,
  }, result.alcance ? [
    // the frequency distribution's columns (v2.0.0 on) rest on the same media contacts
    reachPremise(result, [...(distribuicao ? ['grp', 'frequencia_media'] : []), 'alcance_1', ...(distribuicao ? MAIS_ALCANCES.map((f) => `alcance_${f}`) : []), 'alcance_efetivo', 'parte_efetiva'], true),
    populationPremise(result, ['publico']), monteCarloPremise(['erro_padrao']),
  ] : []);
}

function alcancePotencial(result: JobResult, units: number[], rows: Rows): TableBody {
  const R = result.replicas;
  channelRows(result, units, rows, false, (a, u, k, aud) => {
    const i = u * a.canais.length + k;
    const n = publishCell(a.alcancavelSoma[i], R, a.alcancavelMotivo[i]);
    return {
      canal: a.canais[k], publico: aud.cell.n, alcancavel: n.n,
      parte: n.n !== null && aud.cell.n !== null && aud.mean > 0 ? tidy(a.alcancavelSoma[i] / R / aud.mean) : null,
      erro_padrao: n.n !== null ? tidy(standardError(a.alcancavelSoma[i], a.alcancavelSomaQuad[i], R)) : null,
      motivo: firstMotivo(n, aud.cell),
    };
  });
  return unitTable(result, rows, {
    canal: 'canal de mídia do cenário',
    publico: 'pessoas do público do cenário na unidade',
    alcancavel: 'pessoas do público que o canal pode alcançar (afinidade > 0 em algum dia da campanha)',
    parte: 'alcancavel / publico',
    erro_padrao: `erro-padrão de Monte Carlo da média de alcancavel (${SO_MONTE_CARLO})`,
    motivo: MOTIVO_DESC,
  }, result.alcance ? [reachPremise(result, ['alcancavel', 'parte'], false), populationPremise(result, ['publico']), monteCarloPremise(['erro_padrao'])] : []);
}

/** Rows plano vs one variant per channel (sem_<c> or menos10_<c>), with paired Monte Carlo errors. */
function againstVariant(result: JobResult, units: number[], prefix: 'sem_' | 'menos10_', rows: Rows): void {
  const R = result.replicas;
  const U = result.unidades.length;
  const M = result.saturacao.medidas.length;
  const plano = result.totais.plano;
  for (const u of units) {
    for (let m = 0; m < M; m++) {
      for (const canal of result.canais) {
        const other = result.totais[`${prefix}${canal}`];
        if (!other || !rows.next()) continue;
        let sp = 0;
        let so = 0;
        let sd = 0;
        let sdd = 0;
        for (let r = 0; r < R; r++) {
          const i = (r * U + u) * M + m;
          const d = plano.porReplica[i] - other.porReplica[i];
          sp += plano.porReplica[i];
          so += other.porReplica[i];
          sd += d;
          sdd += d * d;
        }
        const p = publishCell(sp, R, plano.motivo[u * M + m]);
        const o = publishCell(so, R, other.motivo[u * M + m]);
        const ok = p.n !== null && o.n !== null;
        const meanP = sp / R;
        const seD = standardError(sd, sdd, R);
        const row: Row = { ...unitColumns(result, result.unidades[u]), medida: result.saturacao.medidas[m], canal, plano: p.n };
        if (prefix === 'sem_') {
          row.sem_canal = o.n;
          row.contribuicao = ok ? tidy(sd / R) : null;
          row.contribuicao_relativa = ok && meanP > 0 ? tidy(sd / R / meanP) : null;
          row.erro_padrao = ok ? tidy(seD) : null;
        } else {
          row.menos10 = o.n;
          row.elasticidade = ok && meanP > 0 ? tidy(sd / R / meanP / ELASTICITY_STEP) : null;
          row.erro_padrao = ok && meanP > 0 && seD !== null ? tidy(seD / meanP / ELASTICITY_STEP) : null;
        }
        row.motivo = firstMotivo(p, o);
        rows.linhas.push(row);
      }
    }
  }
}

/**
 * A table of plano against one variant per channel: its own columns sit between plano and
 * erro_padrao, and rest on what the KPI does (none when the job has no such variant).
 */
function againstVariantTable(
  result: JobResult, units: number[], rows: Rows, prefix: 'sem_' | 'menos10_',
  canal: string, own: Record<string, string>, erroPadrao: string,
): TableBody {
  againstVariant(result, units, prefix, rows);
  const hasVariant = result.variantes.some((v) => v.startsWith(prefix));
  return unitTable(result, rows, {
    medida: 'KPI do cenário',
    canal,
    plano: 'pessoas com a medida ao fim do horizonte no plano (média arredondada)',
    ...own,
    erro_padrao: `${erroPadrao}; ${SO_MONTE_CARLO}`,
    motivo: MOTIVO_DESC,
  }, hasVariant ? [...kpiPremises(result, ['plano', ...Object.keys(own)]), monteCarloPremise(['erro_padrao'])] : []);
}

function contribuicao(result: JobResult, units: number[], rows: Rows): TableBody {
  return againstVariantTable(result, units, rows, 'sem_', 'canal retirado na variante sem_<canal> (existe com dois ou mais canais)', {
    sem_canal: 'o mesmo na variante sem o canal',
    contribuicao: 'plano - sem_canal (médias não arredondadas; mesmos números aleatórios nas duas variantes)',
    contribuicao_relativa: 'contribuicao / plano',
  }, 'erro-padrão de Monte Carlo da contribuição (diferenças pareadas por réplica)');
}

function elasticidade(result: JobResult, units: number[], rows: Rows): TableBody {
  return againstVariantTable(result, units, rows, 'menos10_', 'canal com intensidade x 0,9 na variante menos10_<canal>', {
    menos10: 'o mesmo com a intensidade do canal reduzida em 10%',
    elasticidade: '(plano - menos10) / plano / 0,1: variação relativa da medida por variação relativa da intensidade',
  }, 'erro-padrão de Monte Carlo da elasticidade (diferenças pareadas por réplica, divididas por plano x 0,1)');
}

/** The verdict's words, where each may stand and what it says: the descricao of its resultado column. */
const PALAVRAS = Object.entries(VOCABULARIO_VEREDITO).map(([w, v]) => `${w} (${v.linhas.join(', ')}): ${v.significado}`).join('; ');
const CODIGOS = Object.entries(MOTIVOS_VEREDITO).map(([code, what]) => `${code} (${what})`).join(', ');

function veredito(result: JobResult, units: number[], rows: Rows): TableBody {
  const v = computeVerdict(result, units);
  const colunas = ['verificacao', 'medida', 'canal', 'valor', 'limite', 'resultado', 'motivo'];
  const all: Row[] = [
    { verificacao: 'resultado', medida: null, canal: null, valor: null, limite: null, resultado: v.resultado, motivo: v.motivos.join(', ') || null },
    ...v.verificacoes.map((x) => ({ ...x })),
  ];
  for (const r of all) if (rows.next()) rows.linhas.push(r);
  return {
    colunas, linhas: rows.linhas, total: rows.total,
    descricao: {
      verificacao: 'resultado (o veredito do job), replicas, kpi (cada KPI somado nos municípios mantidos), contribuicao (cada canal e KPI) ou calibracao',
      medida: 'KPI da verificação', canal: 'canal da contribuição',
      valor: 'kpi e contribuicao: erro-padrão de Monte Carlo dividido pelo valor (erro relativo); replicas: número de réplicas',
      limite: 'limite do valor para estavel: 0,05 para um KPI, 0,5 para uma contribuição (dois erros-padrão de zero), 2 réplicas',
      resultado: PALAVRAS,
      motivo: `razão em palavras; na linha resultado, os códigos: ${CODIGOS}`,
    },
    premissas: [...kpiPremises(result, ['resultado']), monteCarloPremise(['valor'])],
  };
}

const BUILDERS: Record<FindingsTableName, (r: JobResult, units: number[], rows: Rows) => TableBody> = {
  saturacao, alcance_efetivo: alcanceEfetivo, alcance_potencial: alcancePotencial, contribuicao, elasticidade, veredito,
};

export function isFindingsTable(name: string): name is FindingsTableName {
  return (FINDINGS_TABLES as readonly string[]).includes(name);
}

export function unknownTable(name: string): ServiceError {
  return new ServiceError(
    'finding_unknown',
    `findings table ${JSON.stringify(name)} does not exist; the valid ones are ${DATA_TABLES.join(', ')}`,
  );
}

/** The first `max` rows of a table for the kept units (all by default) and how many there are. */
export function tableBody(result: JobResult, tabela: FindingsTableName, units: number[], max = Infinity): TableBody {
  return BUILDERS[tabela](result, units, new Rows(max));
}

export function checkLimite(limite: number | undefined, field = 'limite'): number {
  const l = limite ?? LIMITE_PADRAO;
  if (!Number.isInteger(l) || l < 1 || l > LIMITE_MAXIMO) {
    throw new ServiceError('invalid_request', `${field} must be an integer from 1 to ${LIMITE_MAXIMO}`, { field });
  }
  return l;
}

export function buildFindings(result: JobResult, query: FindingsQuery = {}): FindingsTable {
  const tabela = query.tabela ?? 'saturacao';
  if (!isFindingsTable(tabela)) throw unknownTable(tabela);
  const limite = checkLimite(query.limite);
  // The verdict is one statement about the job, over its own municipalities: a municipio filter
  // selects rows of the other tables and leaves it unchanged (a filtered verdict would be
  // another question, and its numbers changed with the filter).
  const units = tabela === 'veredito' ? selectUnits(result) : selectUnits(result, query.municipio);
  const body = tableBody(result, tabela, units, limite);
  // Names of the municipalities of the rows only (the veredito table has none: it sums them all).
  const codes = body.linhas.filter((r) => r.municipio != null).map((r) => String(r.municipio));
  return {
    tabela,
    colunas: body.colunas,
    descricao: body.descricao,
    municipios: namesOf(result, codes),
    linhas: body.linhas,
    total: body.total,
    truncado: body.total > body.linhas.length,
    grade: result.grade,
    premissas: body.premissas,
    ...releaseNotes(result),
    // the plan's own GRPs (expected, per channel period and week) beside the simulated ones of the rows
    ...(tabela === 'alcance_efetivo' && result.plano_grp ? { plano_grp: result.plano_grp } : {}),
  };
}
