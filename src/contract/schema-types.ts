// Generated from the contract JSON Schemas (scenario-schema.ts, calibration-schema.ts) by
// `npm run schemas:types` (scripts/schema-types.ts): do not edit; change the schema and rerun.
import type { UfCode } from '../release/types.js';

export type Familia = 'adocao' | 'recepcao';
export type Canal = 'digital' | 'tv' | 'radio' | 'exterior';
export type Kpi = 'adotantes' | 'alcance' | 'ignora' | 'absorve' | 'repassa' | 'rejeita';
/**
 * This interface was referenced by `CalibrationRequest`'s JSON-Schema
 * via the `definition` "pergunta".
 */
export type Pergunta = PerguntaComparar | PerguntaSimples;
export type Medida =
  | 'adotantes'
  | 'alcance'
  | 'ignora'
  | 'absorve'
  | 'repassa'
  | 'rejeita'
  | 'adocao'
  | 'exposta_social'
  | 'exposta_midia_medida'
  | 'exposta_midia_declarada'
  | 'exposta_midia_ambas';
/**
 * exactly one of municipios, setores, or ponto with raio_m
 *
 * This interface was referenced by `CalibrationRequest`'s JSON-Schema
 * via the `definition` "territorio".
 */
export type Territorio =
  | {
      municipios: string[];
    }
  | {
      setores: string[];
    }
  | {
      /**
       * [longitude, latitude]
       */
      ponto: [number, number];
      raio_m: number;
    };

/**
 * Calibration request, contract version 3 (a version 2 request is read as 3). serie.sha256 is left out by the client: the platform computes it from the rows (docs/contracts.md, "Series hash").
 */
export interface CalibrationRequest {
  /**
   * 3 (a request with 2 is read as 3)
   */
  versao_contrato: 3;
  cenario: Scenario;
  serie: {
    declaracao: {
      versao_contrato: 1;
      granularidade: 'mes' | 'dia';
      medida: 'novos' | 'acumulado';
      eixos?: ('canal' | 'grupo_idade' | 'sexo' | 'renda' | 'escolaridade' | 'raca')[];
      unidade?: 'municipio' | 'area_ponderacao';
    };
    /**
     * computed by the platform from the rows
     */
    sha256?: string;
  };
  /**
   * YYYYMM with granularidade mes, YYYYMMDD with granularidade dia
   */
  janela: {
    inicio: number;
    fim: number;
  };
  /**
   * YYYYMM with granularidade mes, YYYYMMDD with granularidade dia
   */
  holdout: {
    inicio: number;
    fim: number;
  };
  parametros: {
    beta0?: {
      min: number;
      max: number;
      passo?: number;
    };
    logit_lancamento?: {
      min: number;
      max: number;
      passo?: number;
    };
    dia_lancamento?: {
      min: number;
      max: number;
      passo?: number;
    };
    beta_expo?: {
      min: number;
      max: number;
      passo?: number;
    };
    amortecimento_saturacao?: {
      min: number;
      max: number;
      passo?: number;
    };
    conversao_social?: {
      min: number;
      max: number;
      passo?: number;
    };
    pesos_canais?: {
      min: number;
      max: number;
      passo?: number;
      canais?: ('domicilio' | 'turma' | 'estabelecimento' | 'vizinhanca' | 'digital')[];
    };
    gamma_celulas?: {
      min: number;
      max: number;
      passo?: number;
      /**
       * the constant celula, or a unique non-empty array of axes
       */
      agrupamento?: 'celula' | ('regiao' | 'faixa' | 'sexo' | 'raca' | 'nivel' | 'renda')[];
    };
    deslocamento_porte?: {
      min: number;
      max: number;
      passo?: number;
    };
  };
  holdout_espacial?: {
    metodo: 'plataforma' | 'cliente' | 'nenhum';
    /**
     * required when metodo is cliente, forbidden otherwise
     */
    municipios?: string[];
  };
  busca: {
    metodo: 'grade' | 'aleatoria' | 'sequencial';
    /**
     * forbidden for grade, required otherwise
     */
    candidatos?: number;
    replicas?: number;
  };
}
/**
 * Campaign scenario, contract version 3. A version 2 document is accepted and read as version 3. The server also enforces rules a schema cannot state (between fields, against the release, the calendar, the electoral reading of free text); see docs/contracts.md.
 *
 * This interface was referenced by `CalibrationRequest`'s JSON-Schema
 * via the `definition` "cenario".
 */
export interface Scenario {
  /**
   * 3 (a document with 2 is read as 3)
   */
  versao_contrato: 3;
  release: string;
  familia: Familia;
  geografia: {
    ufs: UfCode[];
    municipios?: string[];
    aps?: string[];
  };
  publico?: Publico;
  canais?: PeriodoCanal[];
  mensagem?: Mensagem | null;
  lancamento?: Lancamento | null;
  horizonte: {
    data_inicio: string;
    dias: number;
  };
  replicas: number;
  grupo_comparacao: string;
  kpis: Kpi[];
  nome?: string;
  descricao?: string;
  saida_por_setor?: boolean;
  contrato_de_resposta?: ContratoDeResposta | null;
}
export interface Publico {
  idades?: [
    0 | 5 | 10 | 15 | 20 | 25 | 30 | 35 | 40 | 45 | 50 | 55 | 60 | 65 | 70 | 75 | 80,
    4 | 9 | 14 | 19 | 24 | 29 | 34 | 39 | 44 | 49 | 54 | 59 | 64 | 69 | 74 | 79 | null
  ][];
  sexos?: ('masculino' | 'feminino')[];
  niveis_instrucao?: ('fundamental_incompleto' | 'fundamental_completo' | 'medio_completo' | 'superior_completo')[];
  faixas_renda?: number[];
  racas?: ('branca' | 'preta' | 'amarela' | 'parda' | 'indigena')[];
}
/**
 * This interface was referenced by `CalibrationRequest`'s JSON-Schema
 * via the `definition` "periodoCanal".
 */
export interface PeriodoCanal {
  canal: Canal;
  dia_inicio: number;
  dia_fim: number;
  intensidade: number;
}
export interface Mensagem {
  stim_id: string;
  template_ver: string;
  politica: string;
}
export interface Lancamento {
  dia: number;
  cenario_base: 'pix' | 'calibracao';
  calibracao?: string;
}
/**
 * This interface was referenced by `CalibrationRequest`'s JSON-Schema
 * via the `definition` "contratoDeResposta".
 */
export interface ContratoDeResposta {
  versao: 1;
  perguntas: Pergunta[];
}
/**
 * This interface was referenced by `CalibrationRequest`'s JSON-Schema
 * via the `definition` "perguntaComparar".
 */
export interface PerguntaComparar {
  id: string;
  forma: 'comparar';
  variantes: [string, string];
  pergunta: PerguntaSimples;
}
/**
 * This interface was referenced by `CalibrationRequest`'s JSON-Schema
 * via the `definition` "perguntaSimples".
 */
export interface PerguntaSimples {
  id: string;
  forma: 'quantos' | 'quando' | 'onde';
  medida: Medida;
  publico?: PublicoPergunta;
  territorio: Territorio;
  /**
   * week (7-day blocks from day 1); quantos and onde
   */
  semana?: number;
  /**
   * share of the final value, (0, 1]; quando
   */
  parte?: number;
  ordem?: 'maior' | 'menor';
}
export interface PublicoPergunta {
  grupo_idade?: number[];
  sexo?: number[];
  renda?: number[];
  escolaridade?: number[];
  raca?: number[];
  faixa_etaria_5?: number[];
}
