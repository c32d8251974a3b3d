// The MCP tools (spec "Other": the tool names; "Scopes"): each one an operation of
// service/operations/, named as it is, with the input schema derived from the operation's own
// (tool-input.ts: the same schema objects its HTTP route declares), a description a model can act
// on alone, and a short text beside the structured result (the same JSON as the HTTP response).
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { getCalibrationSchema, getScenarioSchema } from '../../src/contract/index.js';
import { growthRequestSchema } from '../../src/context/growth-request-schema.js';
import type { JobResponse } from '../jobs/jobs.js';
import { cancelJob } from '../operations/cancel-job.js';
import { eraseJobData } from '../operations/erase-job-data.js';
import { estimateCalibration } from '../operations/estimate-calibration.js';
import { estimateGrowth } from '../operations/estimate-growth.js';
import { estimateSimulation } from '../operations/estimate-simulation.js';
import { getAnswers } from '../operations/get-answers.js';
import { getCalibration } from '../operations/get-calibration.js';
import { getCityDiagnosis, type CityDiagnosis } from '../operations/get-city-diagnosis.js';
import { getFindings } from '../operations/get-findings.js';
import { getJob } from '../operations/get-job.js';
import { listReleases } from '../operations/list-releases.js';
import { openCityDiagnosis } from '../operations/open-city-diagnosis.js';
import type { Operation } from '../operations/operation.js';
import { submitCalibration } from '../operations/submit-calibration.js';
import type { Submitted } from '../operations/submit-job.js';
import { submitSimulation } from '../operations/submit-simulation.js';
import { withContractSchema } from './contract-schema-input.js';
import { toolInputOf, type ToolInput } from './tool-input.js';

type JsonSchema = Record<string, unknown>;

export interface Tool<I = never, O = unknown> {
  /** The operation's name. */
  name: string;
  title: string;
  description: string;
  /** What the arguments must be (toolInputOf the operation): checked before the operation runs (tool-arguments.ts). */
  input: ToolInput;
  /** What tools/list shows: `input`, or `input` with the whole contract schema in pedido. */
  advertised: JsonSchema;
  annotations: ToolAnnotations;
  operation: Operation<I, O>;
  /** The structured result (the HTTP response's JSON) and a one-line text. */
  output(result: O): { data: object; text: string };
}

function tool<I, O>(t: Omit<Tool<I, O>, 'name' | 'input' | 'advertised'> & { contract?: JsonSchema }): Tool<I, O> {
  const { contract, ...rest } = t;
  const input = toolInputOf(t.operation);
  return { ...rest, name: t.operation.name, input, advertised: contract ? withContractSchema(input, contract) : input };
}

const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

function diagnosisText(d: CityDiagnosis): string {
  const at = `${d.nome} (${d.municipio}) at ${d.release}${d.release === d.release_mais_nova ? '' : ` (newest ${d.release_mais_nova}: open_city_diagnosis again to read it there)`}`;
  if ('variaveis' in d) {
    const counts = d.variaveis.filter((v) => v.sinteticos).map((v) => `${v.variavel} ${v.sinteticos!.publicados}`).join(', ');
    return `diagnosis of ${at}: ${d.setores} tracts; modelled counts published under the error cutoff ${d.corte_erro}: ${counts}`;
  }
  if (d.variavel === 'escolas') return d.disponivel ? `escolas of ${at}: ${d.setores.length} tracts with the nearest school of each stage` : `escolas of ${at} withheld: ${d.motivo}`;
  return `${d.variavel} of ${at}: ${d.observados.length} observed tables; modelled count published in ${d.sinteticos.publicados} of ${d.sinteticos.setores} tracts`;
}

function jobText(job: JobResponse): string {
  return `job ${job.id} (${job.tipo}): ${job.estado}, price ${job.preco_micros} micros`;
}

function submittedOutput({ job, created }: Submitted) {
  return { data: job, text: `${created ? 'created' : 'already created by this idempotency_key (charged once)'}: ${jobText(job)}` };
}

// biome-ignore lint/suspicious/noExplicitAny: the tools differ in argument and result types; each tool() call checks its own pair.
export const TOOLS: Tool<any, any>[] = [
  tool({
    title: 'List releases',
    description: 'The releases a scenario may name (release field, vX.Y.Z), oldest first, with the UFs each offers and whether it is the newest. A release or UF outside this list is refused with release_unavailable.',
    annotations: READ,
    operation: listReleases,
    output: (r) => ({ data: r, text: `releases: ${r.releases.map((x) => x.versao).join(', ')} (newest ${r.releases.find((x) => x.mais_nova)?.versao})` }),
  }),
  tool({
    title: 'Quote a simulation',
    description: 'Validate a campaign scenario and quote it in micros of a real (1 credit = 1 real = 1,000,000 micros); reserves nothing. A scenario outside the contract is refused with invalid_request and a contract_code naming the field. Call before submit_simulation.',
    contract: getScenarioSchema(),
    annotations: { readOnlyHint: true, openWorldHint: false },
    operation: estimateSimulation,
    output: (q) => ({ data: q, text: `quote: ${q.preco_micros} micros for ${q.pessoa_dias} person-days (${q.variantes} variants x ${q.replicas} replicas, ${q.dias} days)` }),
  }),
  tool({
    title: 'Submit a simulation',
    description: 'Submit a campaign scenario as a job: reserves its price from the organization\'s credits (insufficient_credits otherwise) and queues it. Follow it with get_job until estado is concluido, then read get_findings and get_answers.',
    contract: getScenarioSchema(),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    operation: submitSimulation,
    output: submittedOutput,
  }),
  tool({
    title: 'Read a job',
    description: 'One job of this project: estado (reservado, em_execucao, concluido, falhou, cancelado), tipo, price and registro (progress while it runs). Poll it after a submission; findings and answers are ready when estado is concluido.',
    annotations: READ,
    operation: getJob,
    output: (job) => ({ data: job, text: jobText(job) }),
  }),
  tool({
    title: 'Read findings',
    description: 'A findings table of a concluded simulation, every count under the privacy rule (0 or at least 5 in every replica; withheld cells are null with motivo). Tables: saturacao (default), alcance_efetivo, alcance_potencial, contribuicao, elasticidade, veredito. Each table says what its numbers rest on: premissas (per column, the assumed parameters and the data, as fontes ids), aviso and fontes; erro_padrao is Monte Carlo error only. In veredito, estavel / instavel are Monte Carlo precision, not validity; indicativo means the numbers rest on uncalibrated parameters.',
    annotations: READ,
    operation: getFindings,
    output: (t) => ({ data: t, text: `${t.tabela}: ${t.linhas.length} of ${t.total} rows${t.truncado ? ' (truncated: raise limite or filter municipio)' : ''}` }),
  }),
  tool({
    title: 'Read answers',
    description: 'The answers to the answer contract (contrato_de_resposta) of a concluded simulation, one per question in order, under the privacy rule: quantos (count at the week asked), quando (week the share is reached), onde (territories ranked), comparar (both variants and b minus a). Each answer has texto, a one-sentence reading; retida true means withheld, with motivo.',
    annotations: READ,
    operation: getAnswers,
    output: (a) => ({ data: a, text: a.respostas.length === 0 ? 'the job has no answer contract' : a.respostas.map((r) => `${r.id}: ${r.texto}`).join('\n') }),
  }),
  tool({
    title: 'Cancel a job',
    description: 'Cancel a job that has no machine yet (estado reservado); its reservation returns whole. A job running or ended is refused with job_not_cancellable.',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    operation: cancelJob,
    output: (job) => ({ data: job, text: jobText(job) }),
  }),
  tool({
    title: 'Erase a job\'s data',
    description: 'Erase the request, inputs and result of an ended job (concluido, falhou or cancelado); the job record stays with registro.apagado_em. Cannot be undone. A job not ended is refused with job_not_erasable.',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    operation: eraseJobData,
    output: (job) => ({ data: job, text: `${jobText(job)}; data erased at ${String(job.registro.apagado_em)}` }),
  }),
  tool({
    title: 'Quote a calibration',
    description: 'Check a calibration request and its series (the client\'s time series) and quote it: rounds, person-days, price in micros, minutes; reserves nothing.',
    contract: getCalibrationSchema(),
    annotations: { readOnlyHint: true, openWorldHint: false },
    operation: estimateCalibration,
    output: (q) => ({ data: q, text: `quote: ${q.preco_micros} micros for ${q.rodadas} rounds (${q.pessoa_dias} person-days, about ${q.minutos_estimados} min)` }),
  }),
  tool({
    title: 'Submit a calibration',
    description: 'Submit a calibration as a job of tipo calibracao: reserves the quoted price and queues it. Follow it with get_job, then read get_calibration when concluido.',
    contract: getCalibrationSchema(),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    operation: submitCalibration,
    output: submittedOutput,
  }),
  tool({
    title: 'Read a calibration',
    description: 'The result of a concluded calibration: out-of-sample verdict (aprovada or reprovada with its metrics), identifiability (free, fixed and grouped parameters), search record and the chosen parameters. Use its id as lancamento.calibracao with cenario_base calibracao in a scenario.',
    annotations: READ,
    operation: getCalibration,
    output: (r) => ({ data: r, text: `verdict: ${String((r.veredito as { resultado?: unknown }).resultado)}` }),
  }),
  tool({
    title: 'Open a city\'s diagnosis',
    description: 'Open a municipality\'s diagnosis (per-census-tract tables) for this project at the newest release; free (price 0). ' +
      'Needed before get_city_diagnosis and estimate_growth. Repeating it returns the same receipt (recibo). A city opened at an older ' +
      'release is read there until opened again, which moves it to the newest.',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    operation: openCityDiagnosis,
    output: ({ receipt: r, created }) => ({
      data: r,
      text: `${created ? 'opened' : 'already open (same receipt)'}: ${r.nome} (${r.municipio}) at ${r.release}, ${r.setores} tracts, price ${r.preco_micros} micros, receipt ${r.recibo}`,
    }),
  }),
  tool({
    title: 'Read a city\'s diagnosis',
    description: 'A municipality\'s diagnosis at the release the project opened it (diagnosis_not_open until open_city_diagnosis). ' +
      'Without variavel: the summary (tracts; for each variable its observed census tables and how many modelled counts are published). ' +
      'With variavel: that variable per tract: what IBGE observed (null where it suppressed the figure) and the synthetic population\'s count ' +
      'with its tract error, hidden (null with motivo) above the cutoff 0.50 or where the error could not be measured. variavel escolas: ' +
      'distance from each tract to the nearest school of each stage (São Paulo city only; elsewhere disponivel false with the reason). ' +
      'Observed tract data exist for Roraima (Boa Vista 2022, the rest 2010) in this data version.',
    annotations: READ,
    operation: getCityDiagnosis,
    output: (d) => ({ data: d, text: diagnosisText(d) }),
  }),
  tool({
    title: 'Estimate what a housing development asks of a city',
    description: 'For a development of unidades housing units at a site (a polygon, or census tracts of the city) in a municipality ' +
      'whose diagnosis the project opened: residents and children 0-14 by analogy with the five nearest urban tracts (with a band), the ' +
      'nearest primary-care unit, the nearest school of each stage, water and sewage coverage, slope. Each answer in respostas has valor, ' +
      'base and texto, or retida true with motivo when the data cannot give it. Free; changes nothing. A request outside its contract is ' +
      'invalid_growth_request with a growth_* contract_code and the field.',
    contract: growthRequestSchema(),
    annotations: { readOnlyHint: true, openWorldHint: false },
    operation: estimateGrowth,
    output: (g) => ({
      data: g,
      text: Object.entries(g.respostas).map(([k, a]) => `${k}: ${a.texto}`).join('\n'),
    }),
  }),
];
