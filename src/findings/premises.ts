// What the numbers of a findings table rest on (issue 57, docs/findings.md "Premises"): for each
// column, or each column of one KPI, the parameters and model forms the model assumes (set by
// hand, modelled defaults, taken by analogy from another fit, or overridden by the run) and the
// published data it is fitted or anchored to (ids of the release's `fontes`, or a client
// calibration's series); and the release's aviso and fontes, which every findings response carries.
// The words follow the model's own constants where it has them (recall, contact rate, the
// response coefficients), so they change with the model. Keep in sync with docs/model.md
// ("Reception", "Media habits", "Adoption") when a part of the model moves from assumption to data.

import type { Medida } from '../contract/types.js';
import { modelFor } from '../models/model-registry.js';
import { usesMediaHabits } from '../models/recepcao/media-habits.js';
import { FALSE_RECALL, RECALL, RESPONSE_BY_STIM } from '../models/recepcao/reception-profiles.js';
import { listReleases, releaseManifest } from '../release/release.js';
import type { Fonte, ModelParameters, ReleaseManifest } from '../release/types.js';
import { usesResponseMemory } from '../models/recepcao/response-memory.js';
import type { JobResult } from './job-result.js';
import { tidy } from './stats.js';

export interface Premissa {
  /** The table's columns it covers. */
  colunas: string[];
  /** The KPI of those columns' rows; null when they do not depend on the KPI. */
  medida: string | null;
  /** Parameters and model forms assumed, not fitted, each with where its value comes from. */
  assumidos: string[];
  /** What it is fitted or anchored to: ids of the release's `fontes`, or `calibracao <job id>` (a client's series). */
  dados: string[];
}

/** The manifest of an offered release; undefined for a release no longer offered. */
export function offeredManifest(version: string): ReleaseManifest | undefined {
  return listReleases().includes(version) ? releaseManifest(version) : undefined;
}

/**
 * The release's aviso and fontes as the release says them now (a re-judged label included),
 * else as the result stored them when it ran; a result of a release no longer offered that stored
 * none says so.
 */
export function releaseNotes(result: JobResult): { aviso: string; fontes: Fonte[] } {
  const m = offeredManifest(result.release);
  if (m) return { aviso: m.aviso, fontes: m.fontes };
  return { aviso: result.aviso ?? `release ${result.release} is no longer offered and this result did not store its aviso`, fontes: result.fontes ?? [] };
}

type Part = Pick<Premissa, 'assumidos' | 'dados'>;

/** Fontes that are not read by the population generator: the Pix fit's and the media habits'. */
const NOT_POPULATION = new Set(['pix', 'estimativas_populacao', 'pesquisa_brasileira_midia', 'kantar_inside_radio']);
/** The media-habit data each channel's daily use is anchored to (v1.5.0 on; docs/model.md, "Media habits"). */
const MEDIA_DATA: Record<string, string[]> = {
  tv: ['pesquisa_brasileira_midia'],
  radio: ['pesquisa_brasileira_midia', 'kantar_inside_radio'],
  digital: ['pnad_tic_2023', 'tic_domicilios'],
  exterior: [],
};

const decimal = (x: number) => String(tidy(x)).replace('.', ',');

/** What every job reads, and the one source of its KPI's parameters. */
interface Context {
  result: JobResult;
  manifest: ReleaseManifest | undefined;
  fonteIds: Set<string>;
}

function population(c: Context): Part {
  return {
    assumidos: ['população sintética: quem mora com quem, escolas, estabelecimentos, deslocamentos e a posição das pessoas são modelados (aviso da release)'],
    dados: [...c.fonteIds].filter((id) => !NOT_POPULATION.has(id)),
  };
}

/** Parameters the run overrode (research runs); a calibration base is said by the adoption part instead. */
function overridden(c: Context): Part {
  const keys = Object.keys(c.result.parametros_execucao ?? {});
  if (keys.length === 0 || c.result.cenario.lancamento?.cenario_base === 'calibracao') return { assumidos: [], dados: [] };
  return { assumidos: [`sobrescritos na execução, não os da release: ${keys.join(', ')}`], dados: [] };
}

function media(c: Context, hazard: boolean): Part {
  const canais = c.result.canais;
  const assumidos: string[] = [];
  const dados: string[] = [];
  if (hazard) {
    const beta0 = c.result.parametros_execucao?.beta0 ?? c.manifest?.parametros_recepcao.beta0;
    assumidos.push(`beta0${beta0 === undefined ? '' : ` ${decimal(beta0)}`}: risco diário de contato de mídia na intensidade 1 e afinidade 1 (padrão do modelo)`);
  }
  assumidos.push('intensidade: multiplica o risco diário de contato do canal (forma do modelo)');
  if (usesMediaHabits(c.result.release)) {
    if (canais.includes('tv')) assumidos.push('tv: gradiente do uso diário por idade e escolaridade (premissa sobre os minutos publicados)');
    if (canais.includes('tv') || canais.includes('radio')) assumidos.push('tv e rádio: a mesma parcela de usuários em todo segmento, sorteada independente de tudo');
    if (canais.includes('exterior')) assumidos.push('exterior: afinidade sem dado (padrão do modelo)');
    assumidos.push('menores de 10 anos: um terço do uso de 10 a 19 anos');
    for (const canal of canais) dados.push(...(MEDIA_DATA[canal] ?? []).filter((id) => c.fonteIds.has(id)));
  } else {
    assumidos.push('afinidade de cada canal por idade, renda, situação e uso da internet (padrões do modelo)');
  }
  return { assumidos, dados };
}

function wordOfMouth(c: Context): Part {
  const cal = c.manifest?.calibracao_pix ?? null;
  return {
    assumidos: [
      'boca a boca: quem repassa espalha por 7 dias nas cinco camadas (domicílio, turma, estabelecimento, vizinhança, digital; forma do modelo)',
      'conversao_social, pesos_canais (padrões do modelo)',
      cal
        ? `beta_expo, gamma_celulas: do ajuste de adoção do Pix (caso pix de ${cal.release}), usados por analogia na recepção`
        : 'beta_expo, gamma_celulas (padrões do modelo)',
    ],
    dados: [],
  };
}

/** The response memory's parameters of the run (v2.1.0 on): the run's overrides, else the release's defaults. */
function memoryParameters(c: Context): Pick<ModelParameters, 'memoria_meia_saturacao' | 'memoria_expoente' | 'memoria_meia_vida_dias'> | null {
  if (!usesResponseMemory(c.result.release)) return null;
  const own = c.manifest?.parametros_recepcao;
  const run = c.result.parametros_execucao ?? {};
  return {
    memoria_meia_saturacao: run.memoria_meia_saturacao ?? own?.memoria_meia_saturacao,
    memoria_expoente: run.memoria_expoente ?? own?.memoria_expoente,
    memoria_meia_vida_dias: own?.memoria_meia_vida_dias && { ...own.memoria_meia_vida_dias, ...run.memoria_meia_vida_dias },
  };
}

function responses(c: Context): Part {
  const stim = c.result.cenario.mensagem?.stim_id;
  const own = stim !== undefined && RESPONSE_BY_STIM[stim] !== undefined;
  const coeficientes = `coeficientes ${own ? 'da mensagem (stim_id)' : 'padrão do modelo (a release não tem coeficientes desta mensagem)'}`;
  const m = memoryParameters(c);
  if (!m) return { assumidos: [`respostas (ignora, absorve, repassa, rejeita): logit por célula e fonte da primeira exposição, que fixa a resposta; ${coeficientes}`], dados: [] };
  const h = m.memoria_meia_vida_dias;
  const meiaVida = h ? Object.entries(h).map(([fonte, d]) => `${fonte} ${decimal(d)}`).join(', ') : 'não registradas';
  return {
    assumidos: [
      `respostas que seguem a exposição: cada contato soma à memória da sua fonte e move a pessoa de ignora a absorve e repassa pelo efeito saturante da fonte mais forte; rejeita na primeira exposição; tetos do logit por célula e fonte, ${coeficientes}`,
      `memória da resposta (premissas do modelo, não ajustadas): meia saturação ${decimal(m.memoria_meia_saturacao ?? Number.NaN)} contatos, expoente ${decimal(m.memoria_expoente ?? Number.NaN)}, meias-vidas em dias ${meiaVida}`,
    ],
    dados: [],
  };
}

function recall(c: Context): Part {
  const r = Object.entries(RECALL).map(([canal, p]) => `${canal} ${decimal(p)}`).join(', ');
  const how = memoryParameters(c) ? 'por contato lembrado, da memória do canal que se apaga (v2.1.0)' : 'por contato';
  return { assumidos: [`lembrança declarada ${how}: ${r}; falsa ${decimal(FALSE_RECALL)} (padrões do modelo)`], dados: [] };
}

function adoption(c: Context): Part {
  const l = c.result.cenario.lancamento;
  if (l?.cenario_base === 'calibracao') {
    return {
      assumidos: [`parâmetros da calibração ${l.calibracao}; os que ela não liberou ficam nos valores de parametros_pix da release`],
      dados: [`calibracao ${l.calibracao}`],
    };
  }
  if (!c.manifest) return { assumidos: [`parametros_pix da release ${c.result.release}, que não é mais oferecida: origem não registrada`], dados: [] };
  const cal = c.manifest.calibracao_pix;
  if (cal === null) return { assumidos: ['parametros_pix: todos fixados à mão (padrões do modelo)'], dados: [] };
  return {
    assumidos: [
      `parametros_pix ajustados à série do Pix nas dimensões do caso pix de ${cal.release}; os demais (entre eles pesos_canais e idade_minima_adocao) fixados`,
      'outro produto que não o Pix: os parâmetros valem por analogia',
    ],
    dados: ['pix'],
  };
}

/** The parts a KPI's count rests on (reception: docs/model.md "Reception"; media exposure alone does not read word of mouth). */
function measureParts(c: Context, medida: string): Part[] {
  // a family without media channels (adoption) rests on its own parameters
  if (!modelFor(c.result.cenario.familia).canais) return [adoption(c)];
  const m = medida as Medida;
  if (m === 'exposta_midia_medida') return [media(c, true)];
  if (m === 'exposta_midia_declarada') return [media(c, true), recall(c)];
  return [media(c, true), wordOfMouth(c), responses(c)];
}

function premise(colunas: string[], medida: string | null, parts: Part[]): Premissa {
  return {
    colunas, medida,
    assumidos: [...new Set(parts.flatMap((p) => p.assumidos))],
    dados: [...new Set(parts.flatMap((p) => p.dados))],
  };
}

function contextOf(result: JobResult): Context {
  const manifest = offeredManifest(result.release);
  return { result, manifest, fonteIds: new Set((manifest?.fontes ?? result.fontes ?? []).map((f) => f.id)) };
}

/** One premise per KPI of the job for `colunas` (the count columns of a KPI's rows). */
export function kpiPremises(result: JobResult, colunas: string[]): Premissa[] {
  const c = contextOf(result);
  return result.saturacao.medidas.map((m) => premise(colunas, m, [...measureParts(c, m), overridden(c), population(c)]));
}

/** The reach columns of a reception job: media contacts (`contato`: with the daily contact hazard; without: who a channel can reach at all). */
export function reachPremise(result: JobResult, colunas: string[], contato: boolean): Premissa {
  const c = contextOf(result);
  return premise(colunas, null, [media(c, contato), ...(contato ? [overridden(c)] : []), population(c)]);
}

/** Columns that count persons of the synthetic population (denominators, the audience). */
export function populationPremise(result: JobResult, colunas: string[]): Premissa {
  return premise(colunas, null, [population(contextOf(result))]);
}

/** Columns of Monte Carlo error: they rest on the replicas only, and say nothing of the premises. */
export function monteCarloPremise(colunas: string[]): Premissa {
  return {
    colunas, medida: null,
    assumidos: ['só o erro de Monte Carlo entre as réplicas: não inclui a incerteza das premissas acima nem a da população sintética'],
    dados: [],
  };
}
