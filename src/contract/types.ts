// TypeScript shapes of the closed contracts (spec "Campaign scenario", "Answer contract",
// "Calibration request"). The JSON Schemas in src/contract/schemas are the source of truth;
// these types mirror them after validateScenario / validateCalibrationRequest normalised them.

import type { UfCode } from '../release/types.js';

export type Familia = 'adocao' | 'recepcao';
export type Canal = 'digital' | 'tv' | 'radio' | 'exterior';
export const CANAIS: readonly Canal[] = ['digital', 'tv', 'radio', 'exterior'];
export type Kpi = 'adotantes' | 'alcance' | 'ignora' | 'absorve' | 'repassa' | 'rejeita';
export type Medida =
  | 'adotantes' | 'alcance' | 'ignora' | 'absorve' | 'repassa' | 'rejeita' | 'adocao'
  | 'exposta_social' | 'exposta_midia_medida' | 'exposta_midia_declarada' | 'exposta_midia_ambas';

export interface Publico {
  /** [start, end] in years; end null = open. Starts are multiples of 5 up to 80. */
  idades?: Array<[number, number | null]>;
  sexos?: Array<'masculino' | 'feminino'>;
  niveis_instrucao?: Array<'fundamental_incompleto' | 'fundamental_completo' | 'medio_completo' | 'superior_completo'>;
  faixas_renda?: number[];
  racas?: Array<'branca' | 'preta' | 'amarela' | 'parda' | 'indigena'>;
}

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

export interface PublicoPergunta {
  grupo_idade?: number[];
  sexo?: number[];
  renda?: number[];
  escolaridade?: number[];
  raca?: number[];
  faixa_etaria_5?: number[];
}

export type Territorio =
  | { municipios: string[] }
  | { setores: string[] }
  | { ponto: [number, number]; raio_m: number };

export interface PerguntaSimples {
  id: string;
  forma: 'quantos' | 'quando' | 'onde';
  medida: Medida;
  publico?: PublicoPergunta;
  territorio: Territorio;
  semana?: number; // quantos, onde
  parte?: number; // quando
  ordem?: 'maior' | 'menor';
}

export interface PerguntaComparar {
  id: string;
  forma: 'comparar';
  variantes: [string, string];
  pergunta: PerguntaSimples;
}

export type Pergunta = PerguntaSimples | PerguntaComparar;

export interface ContratoDeResposta {
  versao: 1;
  perguntas: Pergunta[];
}

export interface Scenario {
  versao_contrato: 3; // a version 2 document is normalised to 3
  release: string;
  familia: Familia;
  geografia: { ufs: UfCode[]; municipios?: string[]; aps?: string[] };
  publico?: Publico;
  canais?: PeriodoCanal[];
  mensagem?: Mensagem | null;
  lancamento?: Lancamento | null;
  horizonte: { data_inicio: string; dias: number };
  replicas: number;
  grupo_comparacao: string;
  kpis: Kpi[];
  nome?: string;
  descricao?: string;
  saida_por_setor?: boolean;
  contrato_de_resposta?: ContratoDeResposta | null;
}

export type ParametroNome =
  | 'beta0' | 'logit_lancamento' | 'dia_lancamento' | 'beta_expo' | 'amortecimento_saturacao'
  | 'conversao_social' | 'pesos_canais' | 'gamma_celulas' | 'deslocamento_porte';

export interface FaixaParametro {
  min: number;
  max: number;
  passo?: number;
  /** pesos_canais only. */
  canais?: Array<'domicilio' | 'turma' | 'estabelecimento' | 'vizinhanca' | 'digital'>;
  /** gamma_celulas only. */
  agrupamento?: 'celula' | Array<'regiao' | 'faixa' | 'sexo' | 'raca' | 'nivel' | 'renda'>;
}

export interface CalibrationRequest {
  versao_contrato: 3;
  cenario: Scenario;
  serie: {
    declaracao: {
      versao_contrato: 1;
      granularidade: 'mes' | 'dia';
      medida: 'novos' | 'acumulado';
      eixos?: Array<'canal' | 'grupo_idade' | 'sexo' | 'renda' | 'escolaridade' | 'raca'>;
      unidade?: 'municipio' | 'area_ponderacao';
    };
    sha256?: string;
  };
  janela: { inicio: number; fim: number };
  holdout: { inicio: number; fim: number };
  parametros: Partial<Record<ParametroNome, FaixaParametro>>;
  holdout_espacial?: { metodo: 'plataforma' | 'cliente' | 'nenhum'; municipios?: string[] };
  busca: { metodo: 'grade' | 'aleatoria' | 'sequencial'; candidatos?: number; replicas?: number };
}

/** Body of POST /v1/calibracoes and its quote. */
export interface CalibrationBody {
  pedido: CalibrationRequest;
  serie: Array<Record<string, unknown>> | null;
  serie_sha256?: string | null;
}

export interface SimulationQuote {
  release: string;
  ufs: UfCode[];
  dias: number;
  variantes: number;
  replicas: number;
  pessoa_dias: number;
  preco_micros: number;
  minutos_estimados?: number;
}

export interface CalibrationQuote {
  release: string;
  ufs: UfCode[];
  dias: number;
  rodadas: number;
  replicas: number;
  pessoa_dias: number;
  preco_micros: number;
  minutos_estimados: number;
}
