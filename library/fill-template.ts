// GET /v1/biblioteca/{modelo}?uf=..&municipio=..: a template with its place filled in. The
// platform adds what a template leaves out (geografia, release, mensagem, grupo_comparacao,
// nome, horizonte.data_inicio) and gives each suggested question the place as its territory; the
// result is checked exactly as the quote checks a scenario (validateScenario + quoteSimulation),
// so a `pedido` that comes back passes the quote as it is. Place errors are the scenario's own
// contract codes, with the field named after the query parameter (uf[i], municipio[i]).
import { createHash } from 'node:crypto';
import { contractError, ServiceError } from '../src/errors.js';
import { quoteSimulation } from '../src/contract/quotes.js';
import { ufOfMunicipality } from '../src/contract/scenario-rules.js';
import type { Pergunta, Scenario } from '../src/contract/types.js';
import { validateScenario } from '../src/contract/validate-scenario.js';
import { modelFor } from '../src/models/model-registry.js';
import type { Release, UfCode } from '../src/release/types.js';
import { describePremises, templateCalibration } from './describe-template.js';
import { TEMPLATES, type Template, type TemplateQuestion, type TemplateScenario } from './templates.js';

export const LIBRARY_AVISO =
  'Os modelos são premissas para começar (público, canais com dias e intensidade, horizonte), não resultados nem recomendações. ' +
  'Nenhum modelo de recepção é calibrado; os modelos de adoção usam os parametros_pix da release por analogia e só dizem calibrado quando o caso Pix da release passa na bateria de validação em vigor. ' +
  'Os casos públicos mostram onde o motor acerta e onde erra, com os dados e o método.';

export interface TemplatePlace {
  uf?: readonly string[];
  municipio?: readonly string[];
}

export interface TemplateView {
  id: string;
  setor: string;
  nome: string;
  para_que_serve: string;
  premissas: string[];
  calibracao: 'calibrado' | 'nao_calibrado';
}

export interface FilledTemplate extends TemplateView {
  cenario: TemplateScenario;
  perguntas: TemplateQuestion[];
  aviso: string;
  /** The complete scenario for the place (null without a place), checked as the quote checks it. */
  pedido: Scenario | null;
}

export function findTemplate(id: string): Template {
  const t = TEMPLATES.find((x) => x.id === id);
  if (!t) throw new ServiceError('not_found', `no template ${id}; the library has: ${TEMPLATES.map((x) => x.id).join(', ')}`);
  return t;
}

export function viewTemplate(t: Template, release: Release): TemplateView {
  return { id: t.id, setor: t.setor, nome: t.nome, para_que_serve: t.para_que_serve, premissas: describePremises(t), calibracao: templateCalibration(t, release) };
}

/** The Monday after `hoje` (UTC): campaigns start on a week's first day, and never in the past. */
export function nextMonday(hoje: Date): string {
  const d = new Date(Date.UTC(hoje.getUTCFullYear(), hoje.getUTCMonth(), hoje.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + (((8 - d.getUTCDay()) % 7) || 7));
  return d.toISOString().slice(0, 10);
}

/** The place's UFs: the given ones, else those of the given municipalities (malformed codes refused). */
function placeUfs(place: TemplatePlace): string[] {
  (place.municipio ?? []).forEach((m, i) => {
    if (!/^[0-9]{7}$/.test(m)) throw contractError('municipality_malformed', `municipio[${i}]`, `municipio must be a 7-digit IBGE code, got ${JSON.stringify(m)}`);
  });
  if (place.uf?.length) return [...place.uf];
  const ufs: string[] = [];
  (place.municipio ?? []).forEach((m, i) => {
    const uf = ufOfMunicipality(m);
    if (uf === undefined) throw contractError('municipality_malformed', `municipio[${i}]`, `${m} is not an IBGE municipality code: it starts with no UF code`);
    if (!ufs.includes(uf)) ufs.push(uf);
  });
  return ufs;
}

/** Runs `f`; a contract refusal on geografia is renamed to the query parameter it came from. */
function asPlaceError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ServiceError && e.field !== undefined) {
      const field = e.field.replace(/^geografia\.ufs/, 'uf').replace(/^geografia\.municipios/, 'municipio');
      if (field !== e.field) throw new ServiceError(e.code, e.message.replace(e.field, field), { contractCode: e.contractCode, field, extra: e.extra });
    }
    throw e;
  }
}

function withTerritory(q: TemplateQuestion['pergunta'], municipios: string[]): Pergunta {
  if (q.forma === 'comparar') return { ...q, pergunta: { ...q.pergunta, territorio: { municipios } } };
  return { ...q, territorio: { municipios } } as Pergunta;
}

/** The template `id`, with `pedido` when a place is given. */
export function fillTemplate(id: string, place: TemplatePlace, release: Release, hoje: Date): FilledTemplate {
  const t = findTemplate(id);
  const view = { ...viewTemplate(t, release), cenario: t.cenario, perguntas: t.perguntas, aviso: LIBRARY_AVISO };
  if (!place.uf?.length && !place.municipio?.length) return { ...view, pedido: null };
  const ufs = placeUfs(place);
  const municipios = place.municipio?.length ? [...place.municipio] : undefined;
  const { descricao, ...cenario } = t.cenario;
  const withPlace = `${t.nome} (${ufs.join(', ')})`;
  const doc: Record<string, unknown> = {
    ...cenario,
    release: release.version,
    nome: withPlace.length <= 80 ? withPlace : t.nome,
    ...(descricao ? { descricao } : {}),
    geografia: municipios ? { ufs, municipios } : { ufs },
    horizonte: { data_inicio: nextMonday(hoje), dias: t.cenario.horizonte.dias },
    grupo_comparacao: `biblioteca-${t.id}`,
    // a family that requires a mensagem gets one of the template's own (its id, version and theme)
    ...(modelFor(t.cenario.familia).campos.some((rule) => rule.campo === 'mensagem' && rule.exigido)
      ? { mensagem: { stim_id: createHash('sha256').update(`biblioteca:${t.id}`).digest('hex').slice(0, 32), template_ver: '1', politica: t.setor.replace(/_/g, '-') } }
      : {}),
  };
  // The place first, alone: its errors name the query parameters, before any territory is built from it.
  const placed = asPlaceError(() => validateScenario(doc, release));
  const territory = municipios ?? placed.geografia.ufs.flatMap((uf) => release.municipalities(uf as UfCode).map((m) => m.codigo));
  const pedido = validateScenario({ ...doc, contrato_de_resposta: { versao: 1, perguntas: t.perguntas.map((q) => withTerritory(q.pergunta, territory)) } }, release);
  quoteSimulation(pedido, release);
  return { ...view, pedido };
}
