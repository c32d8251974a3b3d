// The library's campaign templates (spec GET /v1/biblioteca): a starting scenario per use,
// grouped by sector. Every number here is an ASSUMPTION a client starts from (audience, channels
// with their days and intensity, horizon), never a result; `premissas` says each one in words and
// is derived from `cenario` (describe-template.ts), so the two cannot drift. A template has no
// place and none of what the platform fills (geografia, release, mensagem, grupo_comparacao,
// nome, horizonte.data_inicio): fill-template.ts adds them. Questions are answer-contract
// questions without territory (the place gives it), with their wording.
import type { Familia, Kpi, Lancamento, PeriodoCanal, PerguntaComparar, PerguntaSimples, Publico } from '../src/contract/types.js';

/** A question of a template: the answer-contract question without territory, and its wording. */
export interface TemplateQuestion {
  texto: string;
  pergunta: Omit<PerguntaSimples, 'territorio'> | (Omit<PerguntaComparar, 'pergunta'> & { pergunta: Omit<PerguntaSimples, 'territorio'> });
}

/** The scenario part of a template: a campaign request without place and platform fields. */
export interface TemplateScenario {
  versao_contrato: 3;
  familia: Familia;
  publico?: Publico;
  canais?: PeriodoCanal[];
  lancamento?: Omit<Lancamento, 'calibracao'> & { cenario_base: 'pix' };
  horizonte: { dias: number };
  replicas: number;
  kpis: Kpi[];
  descricao?: string;
}

export interface Template {
  id: string;
  setor: string;
  nome: string;
  para_que_serve: string;
  cenario: TemplateScenario;
  perguntas: TemplateQuestion[];
}

const comparar = (id: string, texto: string, variantes: [string, string], pergunta: Omit<PerguntaSimples, 'territorio'>): TemplateQuestion =>
  ({ texto, pergunta: { id, forma: 'comparar', variantes, pergunta } });

export const TEMPLATES: readonly Template[] = [
  {
    id: 'vacinacao-adultos',
    setor: 'saude_publica',
    nome: 'Campanha de vacinação de adultos',
    para_que_serve: 'Estimar quantos adultos uma campanha de vacinação alcança por TV, rádio, digital e mídia exterior, em que semana e onde, e quanto cada canal acrescenta.',
    cenario: {
      versao_contrato: 3, familia: 'recepcao', publico: { idades: [[20, 59]] },
      canais: [
        { canal: 'tv', dia_inicio: 1, dia_fim: 42, intensidade: 0.6 },
        { canal: 'radio', dia_inicio: 1, dia_fim: 56, intensidade: 0.5 },
        { canal: 'digital', dia_inicio: 8, dia_fim: 70, intensidade: 0.7 },
        { canal: 'exterior', dia_inicio: 15, dia_fim: 84, intensidade: 0.4 },
      ],
      horizonte: { dias: 90 }, replicas: 3, kpis: ['alcance', 'absorve', 'repassa'],
    },
    perguntas: [
      { texto: 'Quantas pessoas do público foram alcançadas até a semana 4?', pergunta: { id: 'alcance_semana_4', forma: 'quantos', medida: 'alcance', semana: 4 } },
      { texto: 'Em que semana metade do público foi alcançada?', pergunta: { id: 'metade_alcancada', forma: 'quando', medida: 'alcance', parte: 0.5 } },
      { texto: 'Onde o alcance na semana 6 é menor (onde reforçar)?', pergunta: { id: 'onde_reforcar', forma: 'onde', medida: 'alcance', semana: 6, ordem: 'menor' } },
      comparar('valor_da_tv', 'Quanto alcance a TV acrescenta na semana 2?', ['plano', 'sem_tv'], { id: 'alcance_semana_2', forma: 'quantos', medida: 'alcance', semana: 2 }),
    ],
  },
  {
    id: 'vacinacao-infantil-aviso-aos-pais',
    setor: 'saude_publica',
    nome: 'Aviso de vacinação infantil aos responsáveis',
    para_que_serve: 'Medir quantos responsáveis (20 a 49 anos) ouvem o aviso de uma vacinação infantil pelo rádio e pelo digital, e quantos o repassam adiante.',
    cenario: {
      versao_contrato: 3, familia: 'recepcao', publico: { idades: [[20, 49]] },
      canais: [
        { canal: 'radio', dia_inicio: 1, dia_fim: 28, intensidade: 0.6 },
        { canal: 'digital', dia_inicio: 1, dia_fim: 35, intensidade: 0.6 },
      ],
      horizonte: { dias: 42 }, replicas: 3, kpis: ['alcance', 'repassa'],
    },
    perguntas: [
      { texto: 'Quantos responsáveis receberam o aviso até a semana 3?', pergunta: { id: 'alcance_semana_3', forma: 'quantos', medida: 'alcance', semana: 3 } },
      { texto: 'Quantos repassaram o aviso até a semana 5?', pergunta: { id: 'repasse_semana_5', forma: 'quantos', medida: 'repassa', semana: 5 } },
      comparar('valor_do_radio', 'Quanto o rádio acrescenta ao alcance na semana 2?', ['plano', 'sem_radio'], { id: 'alcance_semana_2', forma: 'quantos', medida: 'alcance', semana: 2 }),
    ],
  },
  {
    id: 'conta-digital',
    setor: 'financeiro',
    nome: 'Adoção de uma conta ou meio de pagamento digital',
    para_que_serve: 'Projetar a adoção de um produto financeiro digital que se espalha pelo boca a boca, com a dinâmica do Pix como cenário de referência.',
    cenario: {
      versao_contrato: 3, familia: 'adocao', lancamento: { dia: 1, cenario_base: 'pix' },
      horizonte: { dias: 364 }, replicas: 3, kpis: ['adotantes'],
    },
    perguntas: [
      { texto: 'Quantas pessoas adotaram até a semana 12?', pergunta: { id: 'adotantes_semana_12', forma: 'quantos', medida: 'adotantes', semana: 12 } },
      { texto: 'Em que semana 25% da população adotou?', pergunta: { id: 'quarto_da_populacao', forma: 'quando', medida: 'adocao', parte: 0.25 } },
      { texto: 'Onde a adoção na semana 26 é maior?', pergunta: { id: 'onde_adota_mais', forma: 'onde', medida: 'adocao', semana: 26, ordem: 'maior' } },
    ],
  },
  {
    id: 'aplicativo-de-varejo',
    setor: 'varejo',
    nome: 'Adoção de um aplicativo de compras',
    para_que_serve: 'Projetar em quanto tempo um aplicativo de compras chega a uma parte da população e onde ele pega primeiro.',
    cenario: {
      versao_contrato: 3, familia: 'adocao', lancamento: { dia: 1, cenario_base: 'pix' },
      horizonte: { dias: 182 }, replicas: 3, kpis: ['adotantes'],
    },
    perguntas: [
      { texto: 'Em que semana 10% da população adotou?', pergunta: { id: 'dez_por_cento', forma: 'quando', medida: 'adocao', parte: 0.1 } },
      { texto: 'Onde a adoção na semana 8 é maior?', pergunta: { id: 'onde_pega_primeiro', forma: 'onde', medida: 'adocao', semana: 8, ordem: 'maior' } },
    ],
  },
  {
    id: 'lancamento-de-loja',
    setor: 'varejo',
    nome: 'Lançamento de loja com mídia digital e exterior',
    para_que_serve: 'Estimar o alcance de um lançamento de loja entre 15 e 49 anos com digital e mídia exterior, e o que a mídia exterior acrescenta.',
    cenario: {
      versao_contrato: 3, familia: 'recepcao', publico: { idades: [[15, 49]] },
      canais: [
        { canal: 'digital', dia_inicio: 1, dia_fim: 28, intensidade: 0.8 },
        { canal: 'exterior', dia_inicio: 1, dia_fim: 21, intensidade: 0.5 },
      ],
      horizonte: { dias: 35 }, replicas: 3, kpis: ['alcance', 'absorve'],
    },
    perguntas: [
      { texto: 'Quantas pessoas do público foram alcançadas na primeira semana?', pergunta: { id: 'alcance_semana_1', forma: 'quantos', medida: 'alcance', semana: 1 } },
      comparar('valor_do_exterior', 'Quanto a mídia exterior acrescenta ao alcance na semana 3?', ['plano', 'sem_exterior'], { id: 'alcance_semana_3', forma: 'quantos', medida: 'alcance', semana: 3 }),
    ],
  },
  {
    id: 'matricula-escolar',
    setor: 'educacao',
    nome: 'Chamada para a matrícula escolar',
    para_que_serve: 'Medir se a chamada para a matrícula chega aos responsáveis (25 a 54 anos) antes do fim do prazo, por rádio, TV e digital.',
    cenario: {
      versao_contrato: 3, familia: 'recepcao', publico: { idades: [[25, 54]] },
      canais: [
        { canal: 'radio', dia_inicio: 1, dia_fim: 21, intensidade: 0.6 },
        { canal: 'tv', dia_inicio: 8, dia_fim: 21, intensidade: 0.5 },
        { canal: 'digital', dia_inicio: 1, dia_fim: 28, intensidade: 0.6 },
      ],
      horizonte: { dias: 28 }, replicas: 3, kpis: ['alcance', 'absorve'],
    },
    perguntas: [
      { texto: 'Em que semana 60% dos responsáveis ouviram a chamada?', pergunta: { id: 'sessenta_por_cento', forma: 'quando', medida: 'alcance', parte: 0.6 } },
      { texto: 'Onde a chamada alcançou menos até a semana 3?', pergunta: { id: 'onde_reforcar', forma: 'onde', medida: 'alcance', semana: 3, ordem: 'menor' } },
      comparar('valor_da_tv', 'Quanto a TV acrescenta ao alcance na semana 3?', ['plano', 'sem_tv'], { id: 'alcance_semana_3', forma: 'quantos', medida: 'alcance', semana: 3 }),
    ],
  },
  {
    id: 'aviso-de-falta-de-agua',
    setor: 'servico_publico',
    nome: 'Aviso de interrupção no abastecimento de água',
    para_que_serve: 'Estimar quantos moradores ficam sabendo de uma interrupção programada no abastecimento em duas semanas de rádio, TV e digital.',
    cenario: {
      versao_contrato: 3, familia: 'recepcao',
      canais: [
        { canal: 'radio', dia_inicio: 1, dia_fim: 14, intensidade: 0.7 },
        { canal: 'tv', dia_inicio: 1, dia_fim: 14, intensidade: 0.5 },
        { canal: 'digital', dia_inicio: 1, dia_fim: 14, intensidade: 0.7 },
      ],
      horizonte: { dias: 14 }, replicas: 3, kpis: ['alcance', 'repassa'],
    },
    perguntas: [
      { texto: 'Quantos moradores souberam do aviso na primeira semana?', pergunta: { id: 'alcance_semana_1', forma: 'quantos', medida: 'alcance', semana: 1 } },
      { texto: 'Quantos souberam pelo boca a boca até a semana 2?', pergunta: { id: 'social_semana_2', forma: 'quantos', medida: 'exposta_social', semana: 2 } },
    ],
  },
  {
    id: 'festival-cultural',
    setor: 'cultura',
    nome: 'Divulgação de um festival cultural',
    para_que_serve: 'Estimar o alcance entre 15 e 39 anos da divulgação de um festival por digital e mídia exterior, e quantos repassam o convite.',
    cenario: {
      versao_contrato: 3, familia: 'recepcao', publico: { idades: [[15, 39]] },
      canais: [
        { canal: 'digital', dia_inicio: 1, dia_fim: 30, intensidade: 0.8 },
        { canal: 'exterior', dia_inicio: 10, dia_fim: 30, intensidade: 0.4 },
      ],
      horizonte: { dias: 30 }, replicas: 3, kpis: ['alcance', 'repassa'],
    },
    perguntas: [
      { texto: 'Quantos jovens foram alcançados até a semana 4?', pergunta: { id: 'alcance_semana_4', forma: 'quantos', medida: 'alcance', semana: 4 } },
      { texto: 'Onde o convite foi mais repassado até a semana 4?', pergunta: { id: 'onde_repassa', forma: 'onde', medida: 'repassa', semana: 4, ordem: 'maior' } },
    ],
  },
  {
    id: 'mudanca-de-linha-de-onibus',
    setor: 'transporte',
    nome: 'Mudança de linhas de ônibus',
    para_que_serve: 'Estimar quantos moradores ficam sabendo de uma mudança de linhas antes e depois da data, por mídia exterior, rádio e digital.',
    cenario: {
      versao_contrato: 3, familia: 'recepcao', publico: { idades: [[15, null]] },
      canais: [
        { canal: 'exterior', dia_inicio: 1, dia_fim: 42, intensidade: 0.6 },
        { canal: 'radio', dia_inicio: 1, dia_fim: 21, intensidade: 0.4 },
        { canal: 'digital', dia_inicio: 1, dia_fim: 42, intensidade: 0.5 },
      ],
      horizonte: { dias: 42 }, replicas: 3, kpis: ['alcance', 'absorve'],
    },
    perguntas: [
      { texto: 'Quantos moradores souberam da mudança até a semana 3?', pergunta: { id: 'alcance_semana_3', forma: 'quantos', medida: 'alcance', semana: 3 } },
      comparar('valor_do_exterior', 'Quanto a mídia exterior acrescenta ao alcance na semana 3?', ['plano', 'sem_exterior'], { id: 'alcance_semana_3', forma: 'quantos', medida: 'alcance', semana: 3 }),
    ],
  },
  {
    id: 'prazo-de-declaracao-de-imposto',
    setor: 'informacao_civica',
    nome: 'Lembrete do prazo da declaração do imposto de renda',
    para_que_serve: 'Estimar quantos adultos recebem, a tempo, o lembrete de um prazo fiscal por TV, rádio e digital (informação cívica sem conteúdo eleitoral).',
    cenario: {
      versao_contrato: 3, familia: 'recepcao', publico: { idades: [[20, null]] },
      canais: [
        { canal: 'tv', dia_inicio: 1, dia_fim: 28, intensidade: 0.4 },
        { canal: 'radio', dia_inicio: 1, dia_fim: 28, intensidade: 0.4 },
        { canal: 'digital', dia_inicio: 1, dia_fim: 35, intensidade: 0.7 },
      ],
      horizonte: { dias: 35 }, replicas: 3, kpis: ['alcance', 'absorve'],
    },
    perguntas: [
      { texto: 'Em que semana 70% dos adultos receberam o lembrete?', pergunta: { id: 'setenta_por_cento', forma: 'quando', medida: 'alcance', parte: 0.7 } },
      { texto: 'Quantos adultos receberam o lembrete até a semana 4?', pergunta: { id: 'alcance_semana_4', forma: 'quantos', medida: 'alcance', semana: 4 } },
    ],
  },
];
