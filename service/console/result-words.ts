// How the job page and its spreadsheet download say a result to a planner (docs/console.md, "The
// job page"): the measures, the findings columns and their code values in Portuguese words, and
// numbers as Brazilians write them. The codes stay the API's; only the words are here. Keep in
// sync with MEDIDAS (src/contract/scenario-schema.ts), the findings tables' columns
// (src/findings/findings-tables.ts, docs/findings.md), the publication grid's axes and labels
// (src/release/publication-grid.ts, release/types.ts) and the verdict's words and codes
// (PalavraVeredito, MotivoVeredito: src/findings/veredito.ts).
import type { Medida } from '../../src/contract/types.js';
import type { MotivoVeredito, PalavraVeredito } from '../../src/findings/index.js';
import { escapeXml } from '../../src/findings/chart-parts.js';
import { LABELS } from './labels.js';

/** A measure as a count of persons, for sentences: "pessoas alcançadas". */
const MEDIDA_FRASE: Record<Medida, string> = {
  adotantes: 'pessoas que adotaram', adocao: 'pessoas que adotaram', alcance: 'pessoas alcançadas',
  ignora: 'pessoas que ignoraram a mensagem', absorve: 'pessoas que absorveram a mensagem', repassa: 'pessoas que repassaram a mensagem',
  rejeita: 'pessoas que rejeitaram a mensagem', exposta_social: 'pessoas expostas pelo boca a boca',
  exposta_midia_medida: 'pessoas com contato de mídia', exposta_midia_declarada: 'pessoas que declarariam lembrar a mídia',
  exposta_midia_ambas: 'pessoas com contato de mídia e lembrança',
};
/** A measure's short name, for selects, legends and table cells. */
const MEDIDA_NOME: Record<Medida, string> = {
  adotantes: 'adotantes', adocao: 'adoção', alcance: 'alcance', ignora: 'ignoram', absorve: 'absorvem', repassa: 'repassam',
  rejeita: 'rejeitam', exposta_social: 'boca a boca', exposta_midia_medida: 'contato de mídia', exposta_midia_declarada: 'mídia lembrada',
  exposta_midia_ambas: 'contato e lembrança',
};

const COLUNA: Record<string, string> = {
  municipio: 'Município', area_ponderacao: 'Área de ponderação', medida: 'Medida', eixo: 'Recorte', valor: 'Grupo',
  n: 'Pessoas', populacao: 'Pessoas no recorte', parte: 'Parte', erro_padrao: 'Erro de Monte Carlo', motivo: 'Observação',
  canal: 'Canal', publico: 'Público', grp: 'GRP', frequencia_media: 'Frequência média', alcance_1: 'Alcançadas 1 vez ou mais',
  alcance_efetivo: 'Alcançadas 3 vezes ou mais', parte_efetiva: 'Parte com 3 vezes ou mais', alcancavel: 'Alcançáveis',
  plano: 'Plano', sem_canal: 'Sem o canal', contribuicao: 'Contribuição', contribuicao_relativa: 'Contribuição relativa',
  menos10: 'Canal 10% menor', elasticidade: 'Elasticidade', verificacao: 'Verificação', limite: 'Limite', resultado: 'Resultado',
};

/** Columns that hold a share (0 to 1): shown as a percent. */
const SHARES = new Set(['parte', 'parte_efetiva', 'contribuicao_relativa']);
/** Columns that count persons: whole numbers. */
const COUNTS = /^(n|populacao|publico|alcance_\d+|alcance_efetivo|alcancavel|plano|sem_canal|menos10)$/;

const EIXO: Record<string, string> = {
  total: 'toda a população', publico: 'público do cenário', grupo_idade: 'faixa de idade', sexo: 'sexo', renda: 'renda',
  escolaridade: 'escolaridade', raca: 'cor ou raça', faixa_etaria_5: 'faixa de 5 anos',
};
const GRUPO: Record<string, string> = {
  fundamental_incompleto: 'fundamental incompleto', fundamental_completo: 'fundamental completo', medio_completo: 'médio completo',
  superior_completo: 'superior completo', indigena: 'indígena',
};
const MOTIVO: Record<string, string> = {
  menor_que_k: 'escondido: contagem pequena (privacidade)', complementar: 'escondido para que outra contagem não seja deduzida (privacidade)',
};
const VERIFICACAO: Record<string, string> = {
  resultado: 'veredito da simulação', replicas: 'réplicas', kpi: 'estabilidade da medida', contribuicao: 'contribuição do canal', calibracao: 'calibração',
};
const PALAVRA: Record<PalavraVeredito, string> = {
  robusto: 'robusto', indicativo: 'indicativo', inconclusivo: 'inconclusivo', instavel: 'instável', estavel: 'estável', negativa: 'negativa',
  medido: 'medido', nao_avaliado: 'não avaliado', calibrado: 'calibrado', nao_calibrado: 'não calibrado',
};

/** Why a job's verdict is not robusto, in a planner's words (MOTIVOS_VEREDITO says them for the API). */
const MOTIVO_VEREDITO: Record<MotivoVeredito, string> = {
  replica_unica: 'uma réplica só',
  erro_monte_carlo_kpi: 'algum número muda demais de uma réplica para outra (erro de Monte Carlo alto)',
  contribuicao_indistinguivel: 'o que algum canal acrescenta não se distingue de zero',
  contribuicao_negativa: 'um canal reduz uma medida no modelo (a tabela do veredito diz por quê)',
  parametros_nao_calibrados: 'os parâmetros do modelo não foram calibrados contra dados reais desta campanha',
};

const whole = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
const fine = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4 });

export const NUMBERS = {
  /** "12.345" */
  inteiro: (n: number) => whole.format(n),
  /** "12,35" */
  decimal: (n: number) => decimal.format(n),
  /** "44,3%" */
  parte: (n: number) => percent.format(n),
  /** "359 mil", "1,2 mi" */
  curto: (n: number) => compact.format(n),
  /** "0,2279": an intensity (one the form computed from GRPs has many digits) */
  intensidade: (n: number) => fine.format(n),
};

/** A grid label in words: "20-29" → "20 a 29 anos", "60+" → "60 anos ou mais", codes of schooling and race. */
function groupWords(eixo: string, valor: string): string {
  if (eixo === 'grupo_idade' || eixo === 'faixa_etaria_5') {
    const m = /^(\d+)(?:-(\d+)|\+)$/.exec(valor);
    if (m) return m[2] === undefined ? `${m[1]} anos ou mais` : `${m[1]} a ${m[2]} anos`;
  }
  if (eixo === 'renda') return `faixa de renda ${valor}`;
  return GRUPO[valor] ?? valor;
}

/**
 * An API code in running text: lower-case words joined by underscores (`parametros_pix`,
 * `alcance_1`), JSON's true and false, the scenario's field `kpis`, and the verdict's checks whose
 * codes are no word as written (`kpi`, `replicas`, `contribuicao`, `calibracao`; `resultado` is one).
 */
const CODE = new RegExp(String.raw`\b(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|true|false|kpis|${Object.keys(VERIFICACAO).filter((c) => c !== 'resultado').join('|')})\b`, 'g');

const wordOf = (table: Record<string, string>) => (code: string) => table[code] ?? code;

export const RESULT_WORDS = {
  medidaFrase: wordOf(MEDIDA_FRASE),
  medida: wordOf(MEDIDA_NOME),
  /** A findings column's header in Portuguese ("alcance_4" → "Alcançadas 4 vezes ou mais"). */
  coluna: (c: string) => COLUNA[c] ?? (/^alcance_(\d+)$/.test(c) ? `Alcançadas ${c.slice(8)} vezes ou mais` : c),
  palavra: wordOf(PALAVRA),
  /**
   * A Portuguese text the API and the library write for programs (a column's meaning, a premise, a
   * check's reason, the library's notice) in the page's words: the JSON's null is the page's
   * empty cell, a dash; the job is the simulation; the release the model's version (docs/glossary.md,
   * "The console's words"); the codes a planner cannot read (parametros_pix, cenario_base,
   * nao_calibrado) and KPI in words. Other codes it names stay, as on the API: plain text (a
   * tooltip, the playground's page) cannot mark them, an HTML page marks them (codigosMarcados).
   */
  daApi: (texto: string) => texto.replace(/\bnull\b/g, 'vazio (—)').replace(/\bdo job\b/g, 'da simulação').replace(/\bjob\b/g, 'simulação')
    .replace(/\breleases\b/g, 'versões do modelo').replace(/\brelease\b/g, 'versão do modelo')
    .replace(/ \(parametros_pix\)/g, '').replace(/\bparametros_pix\b/g, 'parâmetros de adoção')
    .replace(/\bcenario_base:? (pix|calibracao)\b/g, (_, base: string) => (base === 'pix' ? 'cenário base Pix' : 'cenário base de calibração'))
    .replace(/\bnao_calibrado\b/g, `“${PALAVRA.nao_calibrado}”`).replace(/\bKPIs\b/g, 'indicadores').replace(/\bKPI\b/g, 'indicador'),
  /**
   * A text of the page's words as HTML, the codes left in it (a column's or a parameter's name,
   * `menor_que_k`) marked as code, as the glossary asks of a code beside its words.
   */
  codigosMarcados: (texto: string) => escapeXml(texto).replace(CODE, '<code>$&</code>'),
  /** The verdict row's motivo codes, in words. */
  motivos: (codes: string | null) => (codes ?? '').split(',').map((c) => c.trim()).filter((c) => c !== '')
    .map((c) => MOTIVO_VEREDITO[c as MotivoVeredito] ?? c),
};

/**
 * A findings cell as the page shows it: counts whole, shares as percents, other numbers with two
 * decimals, all in pt-BR; code values in words; a null as a dash. `row` gives the context (the axis
 * of a group, the check of a verdict value).
 */
export function cellWords(coluna: string, row: Record<string, unknown>): string {
  const v = row[coluna];
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') {
    if (row.verificacao !== undefined && (coluna === 'valor' || coluna === 'limite')) return row.verificacao === 'replicas' ? whole.format(v) : percent.format(v);
    if (SHARES.has(coluna)) return percent.format(v);
    if (COUNTS.test(coluna)) return whole.format(v);
    return decimal.format(v);
  }
  const s = String(v);
  switch (coluna) {
    case 'medida': return RESULT_WORDS.medida(s);
    case 'canal': return s === 'qualquer' ? 'qualquer canal' : LABELS.canal(s);
    case 'eixo': return EIXO[s] ?? s;
    case 'valor': return groupWords(String(row.eixo ?? ''), s);
    case 'verificacao': return VERIFICACAO[s] ?? s;
    case 'resultado': return RESULT_WORDS.palavra(s);
    case 'motivo': return row.verificacao === 'resultado' ? RESULT_WORDS.motivos(s).join('; ') : MOTIVO[s] ?? RESULT_WORDS.daApi(s);
    default: return s;
  }
}
