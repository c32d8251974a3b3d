// The answer to a growth request: what a development of `unidades` housing units asks of the city,
// from the diagnosis tables of the release the city is read at. Each answer has a number (with a
// band where the measurement gives one), its basis and a sentence, or is withheld with a reason.
//  - residents: units x residents per occupied private household of the five urban tracts of the
//    release nearest the site (mean; band from their lowest and highest), every unit occupied;
//  - children 0-14: residents x the share of 0-14 in the five nearest observed 2022 tracts (Boa
//    Vista only in this data version);
//  - nearest primary-care unit, urgent-care unit and hospital of the municipality (the last two
//    from the CNES of 2017, 20 UFs; withheld in the other 7);
//  - nearest school in operation of each stage, with its enrolment band (São Paulo city only);
//  - water and sewage service of the SNIS 2021 provider filed under the municipality;
//  - slope: no elevation model in this data version.
import { distanceKm } from '../release/geometry.js';
import { newestRelease, openRelease } from '../release/release.js';
import type { Municipality, Tract } from '../release/types.js';
import { loadSanitation, loadTracts2022, UFS_SEM_CNES_2017 } from '../release/context-files.js';
import { contextMunicipality } from './context-municipality.js';
import { sourceCredits, type ContextSource, type ContextSourceId } from '../tracts/context-sources.js';
import { BOA_VISTA, contextTractGrid } from '../tracts/context-tract-grid.js';
import { observed2022 } from '../tracts/diagnosis-variables.js';
import type { GrowthRequest } from './growth-request.js';
import { growthSite, type GrowthSite } from './growth-site.js';
import { GRUPOS_SAUDE, locatedHealthUnits, type HealthGroup } from './health-units.js';
import { ETAPAS, nearestSchools, SAO_PAULO, schoolFinders, SEM_ESCOLAS, type Etapa } from './school-distances.js';

export interface GrowthAnswer {
  valor: number | null;
  /** Lowest and highest value the measurement supports; null where it gives no band. */
  faixa: [number, number] | null;
  unidade: string;
  base: string | null;
  texto: string;
  retida: boolean;
  motivo: string | null;
}

export interface ReferenceTract {
  setor: string;
  distancia_m: number;
  moradores_por_domicilio: number | null;
}

export interface GrowthEstimate {
  municipio: string;
  release: string;
  release_mais_nova: string;
  unidades: number;
  local: GrowthSite;
  setores_referencia: ReferenceTract[];
  respostas: Record<string, GrowthAnswer>;
  fontes: ContextSource[];
  aviso: string;
}

export const SETORES_REFERENCIA = 5;

const fmt = (x: number) => x.toLocaleString('pt-BR', { maximumFractionDigits: 2 });

function answer(valor: number, unidade: string, base: string, texto: string, faixa: [number, number] | null = null): GrowthAnswer {
  return { valor, faixa, unidade, base, texto, retida: false, motivo: null };
}

function withheld(unidade: string, motivo: string): GrowthAnswer {
  return { valor: null, faixa: null, unidade, base: null, texto: `Retida: ${motivo}.`, retida: true, motivo };
}

/** Residents per occupied private household of a tract (private residents / households); null without households. */
function residentsPerHousehold(t: Tract): number | null {
  if (!t.domicilios) return null;
  return (t.populacao - (t.moradores_coletivos ?? 0)) / t.domicilios;
}

function nearestTracts<T>(items: T[], at: (t: T) => { lat: number; lon: number }, site: GrowthSite, k: number): Array<{ item: T; distancia_m: number }> {
  return items.map((item) => ({ item, distancia_m: Math.round(distanceKm(site.lat, site.lon, at(item).lat, at(item).lon) * 1000) }))
    .sort((a, b) => a.distancia_m - b.distancia_m).slice(0, k);
}

function residentsAnswer(unidades: number, ref: ReferenceTract[], release: string): GrowthAnswer {
  const ratios = ref.map((r) => r.moradores_por_domicilio).filter((x): x is number => x !== null);
  if (ratios.length === 0) return withheld('pessoas', `a release ${release} não reparte os domicílios do Censo pelos setores (só a partir da v1.2.0)`);
  const mean = ratios.reduce((s, x) => s + x, 0) / ratios.length;
  const faixa: [number, number] = [Math.round(unidades * Math.min(...ratios)), Math.round(unidades * Math.max(...ratios))];
  const valor = Math.round(unidades * mean);
  return answer(valor, 'pessoas',
    `média de moradores por domicílio ocupado (${fmt(mean)}) dos ${ratios.length} setores urbanos da release ${release} mais próximos do local, ` +
    'cada unidade ocupada por um domicílio; setores modelados, com residentes e domicílios de cada distrito do Censo 2022; a faixa vai do setor de menos ao de mais moradores por domicílio',
    `${fmt(unidades)} unidades trazem cerca de ${fmt(valor)} moradores (de ${fmt(faixa[0])} a ${fmt(faixa[1])}).`, faixa);
}

function childrenAnswer(m: Municipality, site: GrowthSite, residents: GrowthAnswer): GrowthAnswer {
  if (m.codigo !== BOA_VISTA) return withheld('pessoas', 'idades por setor observadas e com posição só existem para Boa Vista (Censo 2022) nesta versão dos dados');
  if (residents.valor === null || residents.faixa === null) return withheld('pessoas', 'sem estimativa de moradores');
  const positions = new Map(contextTractGrid(m).setores.map((s) => [s.setor, s]));
  const observed = loadTracts2022().flatMap((t) => {
    const at = positions.get(t.setor);
    const criancas = observed2022(t, 'criancas_0_14');
    return at && at.lat !== null && at.lon !== null && criancas !== null ? [{ setor: t.setor, lat: at.lat, lon: at.lon, parte: criancas / t.total }] : [];
  });
  const near = nearestTracts(observed, (t) => t, site, SETORES_REFERENCIA).map((x) => x.item);
  const shares = near.map((t) => t.parte);
  const mean = shares.reduce((s, x) => s + x, 0) / shares.length;
  const valor = Math.round(residents.valor * mean);
  const faixa: [number, number] = [Math.round(residents.faixa[0] * Math.min(...shares)), Math.round(residents.faixa[1] * Math.max(...shares))];
  return answer(valor, 'pessoas',
    `moradores estimados x parte de 0 a 14 anos (${fmt(100 * mean)}%) dos ${near.length} setores do Censo 2022 mais próximos (${near.map((t) => t.setor).join(', ')}), observados pelo IBGE`,
    `Cerca de ${fmt(valor)} crianças de 0 a 14 anos (de ${fmt(faixa[0])} a ${fmt(faixa[1])}).`, faixa);
}

/** How the answers name each health group (Portuguese gender included). */
const GRUPO_TEXTO: Record<HealthGroup, { nenhum: string; maisProximo: string; entre: string; frase: string; ano: string }> = {
  atencao_basica: { nenhum: 'nenhuma UBS', maisProximo: 'a mais próxima', entre: 'as {n} UBS', frase: 'A unidade básica de saúde mais próxima', ano: '' },
  pronto_atendimento: {
    nenhum: 'nenhuma unidade de pronto-atendimento', maisProximo: 'a mais próxima', entre: 'as {n} unidades de pronto-atendimento',
    frase: 'A unidade de pronto-atendimento mais próxima', ano: '; CNES de meados de 2017, sem as unidades abertas depois',
  },
  hospital: {
    nenhum: 'nenhum hospital', maisProximo: 'o mais próximo', entre: 'os {n} hospitais',
    frase: 'O hospital mais próximo', ano: '; CNES de meados de 2017, sem os hospitais abertos depois',
  },
};

function healthAnswers(m: Municipality, site: GrowthSite): Record<string, GrowthAnswer> {
  return Object.fromEntries(GRUPOS_SAUDE.map((grupo) => {
    const units = locatedHealthUnits(m.codigo, grupo);
    const t = GRUPO_TEXTO[grupo];
    if (units === null) {
      return [grupo, withheld('metros', `o extrato do CNES de 2017 com hospitais e pronto-atendimentos não cobre ${m.uf} (faltam ${UFS_SEM_CNES_2017.join(', ')})`)];
    }
    const near = nearestTracts(units, (u) => u, site, 1)[0];
    if (!near) return [grupo, withheld('metros', `${t.nenhum} do município tem coordenadas na fonte${t.ano}`)];
    const { tipo, nome, cnes } = near.item;
    return [grupo, answer(near.distancia_m, 'metros',
      `${tipo} ${nome} (CNES ${cnes}), ${t.maisProximo} em linha reta entre ${t.entre.replace('{n}', String(units.length))} do município com coordenadas${t.ano}`,
      `${t.frase} fica a ${fmt(near.distancia_m)} m em linha reta.`)];
  }));
}

function schoolAnswers(m: Municipality, site: GrowthSite): Record<string, GrowthAnswer> {
  const keys = Object.keys(ETAPAS) as Etapa[];
  if (m.codigo !== SAO_PAULO) return Object.fromEntries(keys.map((e) => [`escola_${e}`, withheld('metros', SEM_ESCOLAS)]));
  const near = nearestSchools(schoolFinders(), site.lat, site.lon);
  return Object.fromEntries(keys.map((e) => {
    const s = near[e];
    return [`escola_${e}`, s
      ? answer(s.distancia_m, 'metros', `escola INEP ${s.codigo_inep}, em funcionamento, com ${ETAPAS[e]}; matrículas na faixa ${s.porte || 'não informada'} (o catálogo dá faixas, não contagens)`,
        `A escola de ${ETAPAS[e]} mais próxima fica a ${fmt(s.distancia_m)} m em linha reta.`)
      : withheld('metros', `nenhuma escola em funcionamento com ${ETAPAS[e]} tem coordenadas`)];
  }));
}

function sanitationAnswers(m: Municipality): Record<string, GrowthAnswer> {
  const providers = (loadSanitation().get(m.codigo) ?? []).map((x) => x.provider);
  const one = (key: 'atendimento_agua_pct' | 'atendimento_esgoto_pct', what: string): GrowthAnswer => {
    const p = providers.find((x) => x[key] !== null);
    if (!p) return withheld('%', `nenhum prestador sediado neste município informa o atendimento de ${what} ao SNIS 2021 (o município pode ser atendido por um prestador regional sediado em outro)`);
    const escopo = p.abrangencia === 'Local' ? 'do município' : `de todos os municípios que o prestador ${p.abrangencia.toLowerCase()} atende, não só deste`;
    return answer(p[key]!, '%', `SNIS 2021, ${p.prestador} (${p.abrangencia}): índice de atendimento total de ${what} ${escopo}; não é um número dos setores de referência`,
      `${fmt(p[key]!)}% da população é atendida com ${what} (${p.sigla || p.prestador}, 2021).`);
  };
  return { agua: one('atendimento_agua_pct', 'água'), esgoto: one('atendimento_esgoto_pct', 'esgoto') };
}

/** The growth estimate of a checked request (validateGrowthRequest), read at `release`. */
export function estimateGrowth(request: GrowthRequest, release: string): GrowthEstimate {
  const m = contextMunicipality(request.municipio);
  const r = openRelease(release);
  const site = growthSite(request, m, r);
  const urban = r.tracts(m.codigo).filter((t) => t.urbano && t.populacao > 0);
  const setores_referencia = nearestTracts(urban, (t) => t, site, SETORES_REFERENCIA)
    .map(({ item, distancia_m }) => ({ setor: item.codigo, distancia_m, moradores_por_domicilio: residentsPerHousehold(item) }));
  const residentes = residentsAnswer(request.unidades, setores_referencia, r.version);
  const fontes: ContextSourceId[] = ['censo2022_basico', 'ubs', 'cnes_2017', 'snis_2021'];
  if (m.codigo === BOA_VISTA) fontes.push('setores_2022_boa_vista');
  if (m.codigo === SAO_PAULO) fontes.push('escolas_inep_sp');
  return {
    municipio: m.codigo, release: r.version, release_mais_nova: newestRelease(), unidades: request.unidades, local: site, setores_referencia,
    respostas: {
      residentes,
      criancas_0_14: childrenAnswer(m, site, residentes),
      ...healthAnswers(m, site),
      ...schoolAnswers(m, site),
      ...sanitationAnswers(m),
      declividade: withheld('%', 'não há modelo de elevação nesta versão dos dados, só a altitude da sede'),
    },
    fontes: sourceCredits(...fontes),
    aviso: 'Estimativa por analogia, não previsão: supõe cada unidade ocupada por um domicílio como os dos setores mais próximos. Distâncias em linha reta. ' +
      'Os setores de referência são os modelados da release (posições modeladas; residentes e domicílios por distrito do Censo 2022).',
  };
}
