// "Nova simulação" (docs/console.md): a first simulation without code. A person picks a library
// template and a place (GET .../simulacoes/nova: the library, GET /v1/biblioteca's operation),
// changes what the form offers (scenario-form.ts, scenario-of-form.ts: each channel in intensity, or in GRPs a week
// where the release has a GRP table) and asks the price (GET with revisar=1: the quote of
// POST /v1/jobs/estimate, estimateSimulation, reserving nothing, with the plan's GRPs), then
// confirms (POST .../simulacoes, CSRF): the job is submitted by the same operation as POST /v1/jobs
// (submitSimulation), its price reserved from the organization's credits, under an idempotency key
// made with the quote (a second click makes no second job). A refusal, the contract's or the
// credits', comes back under its field in Portuguese (contract-refusal-words.ts). Members,
// administrators and owners simulate (roles.ts `simular`); a reader reads.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CANAIS } from '../../src/contract/scenario-schema.js';
import type { Scenario, SimulationQuote } from '../../src/contract/types.js';
import type { UfCode } from '../../src/release/types.js';
import { openRelease } from '../../src/release/release.js';
import { ServiceError } from '../../src/errors.js';
import { balance } from '../accounts/ledger.js';
import { formatReais } from '../accounts/reais.js';
import { refuseField } from '../accounts/form-refusal.js';
import { getLibrary, getLibraryTemplate } from '../operations/get-library.js';
import { estimateSimulation } from '../operations/estimate-simulation.js';
import { submitSimulation } from '../operations/submit-simulation.js';
import { personInProject } from '../operations/person-in-project.js';
import type { Principal } from '../operations/operation.js';
import { projectTrail } from './breadcrumbs.js';
import { CONSOLE_PATH, type ConsoleKit } from './console-kit.js';
import { contractRefusalWords } from './contract-refusal-words.js';
import { formState } from './form-state.js';
import { LABELS } from './labels.js';
import { NUMBERS, RESULT_WORDS } from './result-words.js';
import { contractFieldOf, FORM_FIELDS, formOfTemplate, formOfText, formQuery, type ScenarioForm } from './scenario-form.js';
import { offersChannels, offersGrp, scenarioOfForm } from './scenario-of-form.js';

type Text = Record<string, string | string[] | undefined>;

const UF_NOME: Record<string, string> = {
  AC: 'Acre', AL: 'Alagoas', AP: 'Amapá', AM: 'Amazonas', BA: 'Bahia', CE: 'Ceará', DF: 'Distrito Federal', ES: 'Espírito Santo',
  GO: 'Goiás', MA: 'Maranhão', MT: 'Mato Grosso', MS: 'Mato Grosso do Sul', MG: 'Minas Gerais', PA: 'Pará', PB: 'Paraíba',
  PR: 'Paraná', PE: 'Pernambuco', PI: 'Piauí', RJ: 'Rio de Janeiro', RN: 'Rio Grande do Norte', RS: 'Rio Grande do Sul',
  RO: 'Rondônia', RR: 'Roraima', SC: 'Santa Catarina', SP: 'São Paulo', SE: 'Sergipe', TO: 'Tocantins',
};

/** The form's key in the page's form state (form-state.ts). */
const FORM = 'simulacao';

/** The person's principal for submitting: the console's (person-in-project.ts) with simulate, as a member's agent gets it. */
const simulating = (p: Principal): Principal => ({ ...p, scopes: ['results:read', 'simulate'] });

/** The scenario of a form: the template filled for the place (checked as the quote checks it), then what was typed. */
async function scenarioOf(kit: ConsoleKit, principal: Principal, form: ScenarioForm): Promise<{ pedido: Record<string, unknown>; base: Scenario }> {
  const filled = await getLibraryTemplate.run(kit.ctx, principal, { modelo: form.modelo, uf: [form.uf], municipio: form.municipio });
  const base = filled.pedido!;
  return { pedido: scenarioOfForm(form, base, offersChannels(base)), base };
}

/**
 * A refusal of the form, in Portuguese under the field it names (else above the button), or the
 * error itself when it is no refusal of the form (a 404 of an unknown template, an outage).
 */
function asFormRefusal(err: unknown, pedido: Record<string, unknown>): ServiceError {
  if (err instanceof ServiceError && err.status === 422 && typeof err.extra.campo === 'string') return err;
  const words = contractRefusalWords(err);
  if (words === null) throw err;
  return new ServiceError('invalid_request', words, { extra: { campo: contractFieldOf((err as ServiceError).field, pedido) ?? 'preco' } });
}

export async function consoleNewSimulationRoutes(app: FastifyInstance, kit: ConsoleKit): Promise<void> {
  const { store } = kit;
  const page = (id: string) => `${CONSOLE_PATH}/projetos/${id}/simulacoes/nova`;

  app.get<{ Params: { id: string }; Querystring: Text }>('/projetos/:id/simulacoes/nova', async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const { project, principal } = await personInProject(store, pessoa, req.params.id, 'simular');
    const release = openRelease();
    const q = req.query;
    const typed = formOfText(q);
    const trilha = await projectTrail(store, project,
      { rotulo: 'Simulações', href: `${CONSOLE_PATH}/projetos/${project.id}/jobs` }, { rotulo: 'Nova simulação', href: '' });
    const common = {
      projeto: project, trilha, canais: CANAIS, rotuloCanal: LABELS.canal, ufs: release.ufs.map((uf) => ({ uf, nome: UF_NOME[uf] ?? uf })),
      biblioteca: await getLibrary.run(kit.ctx, principal, {}), reais: formatReais, numeros: NUMBERS, daApi: RESULT_WORDS.daApi, codigosMarcados: RESULT_WORDS.codigosMarcados,
    };
    // step 1: a template and a place
    const escolhido = common.biblioteca.modelos.some((m) => m.id === typed.modelo) && release.ufs.includes(typed.uf as UfCode);
    if (!escolhido || q.trocar !== undefined) return kit.page(reply, 'nova-simulacao', 'Nova simulação', pessoa, { ...common, passo: 1, valores: typed });

    // step 2: the form, filled from the template (or as typed), and with revisar the price
    const filled = await getLibraryTemplate.run(kit.ctx, principal, { modelo: typed.modelo, uf: [typed.uf], municipio: typed.municipio });
    const valores = q.dias === undefined ? formOfTemplate(filled, typed.uf, typed.municipio) : typed;
    let preco: SimulationQuote | null = null, saldo: number | null = null, status = 200;
    let form = undefined as ReturnType<typeof formState> | undefined;
    if (q.revisar === '1') {
      let pedido: Record<string, unknown> = {};
      try {
        pedido = (await scenarioOf(kit, principal, valores)).pedido;
        preco = await estimateSimulation.run(kit.ctx, simulating(principal), { pedido });
        saldo = await balance(store, project.organization_id);
      } catch (err) {
        const refused = asFormRefusal(err, pedido);
        const campo = FORM_FIELDS.includes(refused.extra.campo as string) ? refused.extra.campo as string : null;
        form = formState({ form: FORM, campo, erro: refused.message, valores: {} });
        status = 422;
      }
    }
    const data = {
      ...common, passo: 2, valores, modelo: filled, preco, saldo, chave: randomUUID(), query: formQuery(valores),
      municipios: release.municipalities(typed.uf as UfCode).map((m) => ({ codigo: m.codigo, nome: m.nome })),
      temCanais: offersChannels(filled.pedido!), temGrp: offersGrp(filled.pedido!), ...(form ? { form } : {}),
    };
    return kit.page(reply, 'nova-simulacao', 'Nova simulação', pessoa, data, status);
  });

  // Confirm: the same operation as POST /v1/jobs, charged to the organization's credits.
  app.post<{ Params: { id: string }; Body: Text }>('/projetos/:id/simulacoes', kit.csrf, async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const { project, principal } = await personInProject(store, pessoa, req.params.id, 'simular');
    const form = formOfText(req.body);
    const chave = String(req.body.chave ?? '');
    let pedido: Record<string, unknown> = {};
    try {
      if (!/^[0-9a-f-]{36}$/.test(chave)) refuseField('Veja o preço antes de confirmar.', 'preco');
      pedido = (await scenarioOf(kit, principal, form)).pedido;
      const { job, created } = await submitSimulation.run(kit.ctx, simulating(principal), { pedido, idempotency_key: `console:${chave}` });
      return kit.flash(reply, `${CONSOLE_PATH}/projetos/${project.id}/jobs/${job.id}`, {
        ok: created
          ? `Simulação enviada: ${formatReais(job.preco_micros)} reservados dos créditos da organização (gastos quando ela concluir; devolvidos se falhar).`
          : 'Esta simulação já tinha sido enviada com este preço: é a mesma, cobrada uma vez.',
      });
    } catch (err) {
      return kit.refuse(reply, `${page(project.id)}?${formQuery(form)}`, asFormRefusal(err, pedido), { chave: FORM, campos: FORM_FIELDS, corpo: {} });
    }
  });
}
