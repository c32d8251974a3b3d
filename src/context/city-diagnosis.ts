// The pure part of GET /v1/diagnosticos/{codigo}: what a city's diagnosis holds at a release.
// Whether the project opened the city, and at which release, is the service's (the store); it
// passes the release the city is read at. Without variavel: the summary (variables, tracts, how
// many keep modelled numbers under the error cutoff); with variavel: that variable per tract,
// observed tables and synthetic rows, or the school distances.
import { CORTE_ERRO, MOTIVOS_CORTE, type MotivoCorte } from '../tracts/tract-error-cutoff.js';
import { newestRelease, openRelease } from '../release/release.js';
import type { Municipality } from '../release/types.js';
import { contextMunicipality } from './context-municipality.js';
import { sourceCredits, type ContextSource, type ContextSourceId } from '../tracts/context-sources.js';
import { BOA_VISTA } from '../tracts/context-tract-grid.js';
import {
  COUNT_VARIABLES, DIAGNOSIS_VARIABLES, diagnosisVariableOf, observedTables, type CountVariable, type ObservedTable,
} from '../tracts/diagnosis-variables.js';
import { SAO_PAULO, schoolDistances, type SchoolDistances } from './school-distances.js';
import { syntheticTractRows, type SyntheticRow } from '../tracts/synthetic-tract-rows.js';

interface DiagnosisHeader {
  municipio: string;
  nome: string;
  /** The release the city is read at (the one the project opened it at). */
  release: string;
  release_mais_nova: string;
  corte_erro: number;
  fontes: ContextSource[];
  aviso: string;
}

export interface SyntheticSummary {
  setores: number;
  /** Tracts whose modelled number is published (error measured and at most the cutoff). */
  publicados: number;
  motivos: Record<MotivoCorte, number>;
}

export interface DiagnosisSummary extends DiagnosisHeader {
  setores: number;
  variaveis: Array<{
    variavel: string;
    descricao: string;
    observados: Array<{ malha: ObservedTable['malha']; ano: number; setores: number; com_valor: number }>;
    sinteticos: SyntheticSummary | null;
    disponivel: boolean;
    motivo: string | null;
  }>;
}

export interface DiagnosisCounts extends DiagnosisHeader {
  variavel: CountVariable;
  descricao: string;
  observados: ObservedTable[];
  sinteticos: SyntheticSummary & { linhas: SyntheticRow[] };
}

export interface DiagnosisSchools extends DiagnosisHeader, SchoolDistances {
  variavel: 'escolas';
  descricao: string;
}

const AVISO =
  'Observados: o que o IBGE contou em cada setor (Censo 2022 só em Boa Vista; Censo 2010, com códigos de 2010, no resto de Roraima; nada fora de Roraima ' +
  'nesta versão dos dados). Sintéticos: a contagem da população sintética da release em cada setor, publicada só quando o erro do setor ' +
  `(|sintético - observado| / observado no mesmo chão) foi medido e não passa de ${CORTE_ERRO}; senão null com o motivo. Nas releases com setores ` +
  'observados (v1.3.0 em diante), os setores de Roraima são os do IBGE e cada um é medido contra a própria contagem (a de 2010 levada ao total ' +
  'de 2022 do município); nas outras releases, só onde há setores observados com posição (Boa Vista, residentes e idades).';

function header(m: Municipality, release: string, fontes: ContextSourceId[]): DiagnosisHeader {
  return {
    municipio: m.codigo, nome: m.nome, release, release_mais_nova: newestRelease(), corte_erro: CORTE_ERRO,
    fontes: sourceCredits(...fontes), aviso: AVISO,
  };
}

function summarise(rows: SyntheticRow[]): SyntheticSummary {
  const motivos = Object.fromEntries(MOTIVOS_CORTE.map((k) => [k, 0])) as Record<MotivoCorte, number>;
  for (const r of rows) if (r.motivo) motivos[r.motivo]++;
  return { setores: rows.length, publicados: rows.filter((r) => r.motivo === null).length, motivos };
}

function diagnosisSources(m: Municipality): ContextSourceId[] {
  const ids: ContextSourceId[] = ['censo2022_basico'];
  if (m.codigo === BOA_VISTA) ids.push('setores_2022_boa_vista');
  if (m.uf === 'RR') ids.push('setores_2010_rr');
  if (m.codigo === SAO_PAULO) ids.push('escolas_inep_sp');
  return ids;
}

/** The summary of a city's diagnosis read at `release`. */
export async function diagnosisSummary(codigo: string, release: string): Promise<DiagnosisSummary> {
  const m = contextMunicipality(codigo);
  const r = openRelease(release);
  const schools = schoolDistances(r, m);
  const variaveis: DiagnosisSummary['variaveis'] = [];
  for (const v of COUNT_VARIABLES) {
    const rows = await syntheticTractRows(r, m, v);
    variaveis.push({
      variavel: v, descricao: DIAGNOSIS_VARIABLES[v],
      observados: observedTables(m, v).map((t) => ({ malha: t.malha, ano: t.ano, setores: t.setores.length, com_valor: t.setores.filter((s) => s.valor !== null).length })),
      sinteticos: summarise(rows), disponivel: true, motivo: null,
    });
  }
  variaveis.push({ variavel: 'escolas', descricao: DIAGNOSIS_VARIABLES.escolas, observados: [], sinteticos: null, disponivel: schools.disponivel, motivo: schools.motivo });
  return { ...header(m, r.version, diagnosisSources(m)), setores: r.tracts(codigo).length, variaveis };
}

/** One variable of a city's diagnosis read at `release`; 422 unknown_variable for a name outside the list. */
export async function diagnosisVariable(codigo: string, release: string, variavel: string): Promise<DiagnosisCounts | DiagnosisSchools> {
  const m = contextMunicipality(codigo);
  const v = diagnosisVariableOf(variavel);
  const r = openRelease(release);
  if (v === 'escolas') {
    return { ...header(m, r.version, diagnosisSources(m)), variavel: v, descricao: DIAGNOSIS_VARIABLES.escolas, ...schoolDistances(r, m) };
  }
  const linhas = await syntheticTractRows(r, m, v);
  return {
    ...header(m, r.version, diagnosisSources(m)), variavel: v, descricao: DIAGNOSIS_VARIABLES[v],
    observados: observedTables(m, v), sinteticos: { ...summarise(linhas), linhas },
  };
}
