// The row of each findings table as a type (the columns findings-tables.ts builds and
// docs/findings.md describes: keep the three in sync). `publicavel` is the in-process page's own
// column (findings-page.ts): false on raw rows.
import type { Medida } from '../contract/types.js';
import type { FindingsTableName } from './findings-tables.js';

interface UnitColumns {
  municipio: string;
  /** Present when the scenario's units are weighting areas. */
  area_ponderacao?: string;
  publicavel: boolean;
}

export interface SaturacaoRow extends UnitColumns {
  medida: Medida; eixo: string; valor: string | null;
  n: number | null; populacao: number | null; parte: number | null; erro_padrao: number | null; motivo: string | null;
}
export interface AlcanceEfetivoRow extends UnitColumns {
  canal: string; publico: number | null; alcance_1: number | null; alcance_efetivo: number | null;
  parte_efetiva: number | null; erro_padrao: number | null; motivo: string | null;
  /** Releases with exposure propensities (v2.0.0 on): GRPs, mean frequency and reach 2+ .. 10+. */
  grp?: number | null; frequencia_media?: number | null;
  alcance_2?: number | null; alcance_3?: number | null; alcance_4?: number | null; alcance_5?: number | null; alcance_6?: number | null;
  alcance_7?: number | null; alcance_8?: number | null; alcance_9?: number | null; alcance_10?: number | null;
}
export interface AlcancePotencialRow extends UnitColumns {
  canal: string; publico: number | null; alcancavel: number | null; parte: number | null; erro_padrao: number | null; motivo: string | null;
}
export interface ContribuicaoRow extends UnitColumns {
  medida: Medida; canal: string; plano: number | null; sem_canal: number | null;
  contribuicao: number | null; contribuicao_relativa: number | null; erro_padrao: number | null; motivo: string | null;
}
export interface ElasticidadeRow extends UnitColumns {
  medida: Medida; canal: string; plano: number | null; menos10: number | null;
  elasticidade: number | null; erro_padrao: number | null; motivo: string | null;
}
export interface VereditoRow {
  verificacao: string; medida: string | null; canal: string | null; valor: number | null;
  limite: number | null; resultado: string; motivo: string | null; publicavel: boolean;
}

export interface FindingsRowOf {
  saturacao: SaturacaoRow;
  alcance_efetivo: AlcanceEfetivoRow;
  alcance_potencial: AlcancePotencialRow;
  contribuicao: ContribuicaoRow;
  elasticidade: ElasticidadeRow;
  veredito: VereditoRow;
}
export type FindingsRow<T extends FindingsTableName = FindingsTableName> = FindingsRowOf[T];
