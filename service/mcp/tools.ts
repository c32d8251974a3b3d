// The MCP tools (spec "Other": the tool names; "Scopes"): each one an operation of
// service/operations/ with an input schema that mirrors the HTTP body or path of its route, a
// description a model can act on alone, and a short text beside the structured result (the
// same JSON as the HTTP response). The city tools come with the city-diagnosis operations.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { getCalibrationSchema, getScenarioSchema } from '../../src/contract/index.js';
import { FINDINGS_QUERY } from '../http-schemas.js';
import type { JobResponse } from '../jobs.js';
import { cancelJob } from '../operations/cancel-job.js';
import { eraseJobData } from '../operations/erase-job-data.js';
import { estimateCalibration } from '../operations/estimate-calibration.js';
import { estimateSimulation } from '../operations/estimate-simulation.js';
import { getAnswers } from '../operations/get-answers.js';
import { getCalibration } from '../operations/get-calibration.js';
import { getFindings } from '../operations/get-findings.js';
import { getJob } from '../operations/get-job.js';
import { listReleases } from '../operations/list-releases.js';
import type { Operation } from '../operations/operation.js';
import { submitCalibration } from '../operations/submit-calibration.js';
import type { Submitted } from '../operations/submit-job.js';
import { submitSimulation } from '../operations/submit-simulation.js';
import { withContractSchema } from './contract-schema-input.js';

type JsonSchema = Record<string, unknown>;

export interface Tool<I = never, O = unknown> {
  name: string;
  title: string;
  description: string;
  /** What the arguments must be: checked before the operation runs (tool-arguments.ts). */
  input: JsonSchema;
  /** What tools/list shows: `input`, or `input` with the whole contract schema in pedido. */
  advertised: JsonSchema;
  annotations: ToolAnnotations;
  operation: Operation<I, O>;
  /** The structured result (the HTTP response's JSON) and a one-line text. */
  output(result: O): { data: object; text: string };
}

function tool<I, O>(t: Omit<Tool<I, O>, 'advertised'> & { contract?: JsonSchema }): Tool<I, O> {
  const { contract, ...rest } = t;
  return { ...rest, advertised: contract ? withContractSchema(t.input, contract) : t.input };
}

const JOB_ID = {
  type: 'string', format: 'uuid',
  description: 'id of a job of this project (the id submit_simulation or submit_calibration returned)',
} as const;
const IDEMPOTENCY_KEY = {
  type: 'string', minLength: 1, maxLength: 200,
  description: 'a key you choose for this submission (1 to 200 characters): repeating it with the same request returns the same job and charges once; with another request it is refused (idempotency_key_reused)',
} as const;
const SCENARIO = { type: 'object', description: 'the campaign scenario (contract version 3): the JSON Schema of GET /v1/schemas/cenario-campanha' } as const;
const CALIBRATION_BODY = {
  pedido: { type: 'object', description: 'the calibration request (contract version 3) without serie.sha256: the JSON Schema of GET /v1/schemas/pedido-calibracao' },
  serie: {
    // Its rows and size are the contract layer's to judge (series_* contract codes), as over HTTP.
    type: ['array', 'null'],
    description: 'the client series, at most 150,000 rows, one object per row: periodo (YYYYMM or YYYYMMDD), municipio (7 digits) or area (10 digits), the declared axes, valor',
  },
  serie_sha256: { type: ['string', 'null'], description: 'sha256 of the rows as the platform computes it, or null; a different value is refused (series_sha256_mismatch)' },
} as const;

const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

function jobText(job: JobResponse): string {
  return `job ${job.id} (${job.tipo}): ${job.estado}, price ${job.preco_micros} micros`;
}

function submittedOutput({ job, created }: Submitted) {
  return { data: job, text: `${created ? 'created' : 'already created by this idempotency_key (charged once)'}: ${jobText(job)}` };
}

export const TOOLS: Tool<any, any>[] = [
  tool({
    name: 'list_releases',
    title: 'List releases',
    description: 'The releases a scenario may name (release field, vX.Y.Z), oldest first, with the UFs each offers and whether it is the newest. A release or UF outside this list is refused with release_unavailable.',
    input: { type: 'object', properties: {}, additionalProperties: false },
    annotations: READ,
    operation: listReleases,
    output: (r) => ({ data: r, text: `releases: ${r.releases.map((x) => x.versao).join(', ')} (newest ${r.releases.find((x) => x.mais_nova)?.versao})` }),
  }),
  tool({
    name: 'estimate_simulation',
    title: 'Quote a simulation',
    description: 'Validate a campaign scenario and quote it in micros of a real (1 credit = 1 real = 1,000,000 micros); reserves nothing. A scenario outside the contract is refused with invalid_request and a contract_code naming the field. Call before submit_simulation.',
    input: { type: 'object', required: ['pedido'], properties: { pedido: SCENARIO }, additionalProperties: false },
    contract: getScenarioSchema(),
    annotations: { readOnlyHint: true, openWorldHint: false },
    operation: estimateSimulation,
    output: (q) => ({ data: q, text: `quote: ${q.preco_micros} micros for ${q.pessoa_dias} person-days (${q.variantes} variants x ${q.replicas} replicas, ${q.dias} days)` }),
  }),
  tool({
    name: 'submit_simulation',
    title: 'Submit a simulation',
    description: 'Submit a campaign scenario as a job: reserves its price from the organization\'s credits (insufficient_credits otherwise) and queues it. Follow it with get_job until estado is concluido, then read get_findings and get_answers.',
    input: { type: 'object', required: ['pedido', 'idempotency_key'], properties: { pedido: SCENARIO, idempotency_key: IDEMPOTENCY_KEY }, additionalProperties: false },
    contract: getScenarioSchema(),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    operation: submitSimulation,
    output: submittedOutput,
  }),
  tool({
    name: 'get_job',
    title: 'Read a job',
    description: 'One job of this project: estado (reservado, em_execucao, concluido, falhou, cancelado), tipo, price and registro (progress while it runs). Poll it after a submission; findings and answers are ready when estado is concluido.',
    input: { type: 'object', required: ['job_id'], properties: { job_id: JOB_ID }, additionalProperties: false },
    annotations: READ,
    operation: getJob,
    output: (job) => ({ data: job, text: jobText(job) }),
  }),
  tool({
    name: 'get_findings',
    title: 'Read findings',
    description: 'A findings table of a concluded simulation, every count under the privacy rule (0 or at least 5 in every replica; withheld cells are null with motivo). Tables: saturacao (default), alcance_efetivo, alcance_potencial, contribuicao, elasticidade, veredito.',
    input: { type: 'object', required: ['job_id'], properties: { job_id: JOB_ID, ...FINDINGS_QUERY.properties }, additionalProperties: false },
    annotations: READ,
    operation: getFindings,
    output: (t) => ({ data: t, text: `${t.tabela}: ${t.linhas.length} of ${t.total} rows${t.truncado ? ' (truncated: raise limite or filter municipio)' : ''}` }),
  }),
  tool({
    name: 'get_answers',
    title: 'Read answers',
    description: 'The answers to the answer contract (contrato_de_resposta) of a concluded simulation, one per question in order, under the privacy rule: quantos (count at the week asked), quando (week the share is reached), onde (territories ranked), comparar (both variants and b minus a). Each answer has texto, a one-sentence reading; retida true means withheld, with motivo.',
    input: { type: 'object', required: ['job_id'], properties: { job_id: JOB_ID }, additionalProperties: false },
    annotations: READ,
    operation: getAnswers,
    output: (a) => ({ data: a, text: a.respostas.length === 0 ? 'the job has no answer contract' : a.respostas.map((r) => `${r.id}: ${r.texto}`).join('\n') }),
  }),
  tool({
    name: 'cancel_job',
    title: 'Cancel a job',
    description: 'Cancel a job that has no machine yet (estado reservado); its reservation returns whole. A job running or ended is refused with job_not_cancellable.',
    input: { type: 'object', required: ['job_id'], properties: { job_id: JOB_ID }, additionalProperties: false },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    operation: cancelJob,
    output: (job) => ({ data: job, text: jobText(job) }),
  }),
  tool({
    name: 'erase_job_data',
    title: 'Erase a job\'s data',
    description: 'Erase the request, inputs and result of an ended job (concluido, falhou or cancelado); the job record stays with registro.apagado_em. Cannot be undone. A job not ended is refused with job_not_erasable.',
    input: { type: 'object', required: ['job_id'], properties: { job_id: JOB_ID }, additionalProperties: false },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    operation: eraseJobData,
    output: (job) => ({ data: job, text: `${jobText(job)}; data erased at ${String(job.registro.apagado_em)}` }),
  }),
  tool({
    name: 'estimate_calibration',
    title: 'Quote a calibration',
    description: 'Check a calibration request and its series (the client\'s time series) and quote it: rounds, person-days, price in micros, minutes; reserves nothing.',
    input: { type: 'object', required: ['pedido'], properties: { ...CALIBRATION_BODY }, additionalProperties: false },
    contract: getCalibrationSchema(),
    annotations: { readOnlyHint: true, openWorldHint: false },
    operation: estimateCalibration,
    output: (q) => ({ data: q, text: `quote: ${q.preco_micros} micros for ${q.rodadas} rounds (${q.pessoa_dias} person-days, about ${q.minutos_estimados} min)` }),
  }),
  tool({
    name: 'submit_calibration',
    title: 'Submit a calibration',
    description: 'Submit a calibration as a job of tipo calibracao: reserves the quoted price and queues it. Follow it with get_job, then read get_calibration when concluido.',
    input: { type: 'object', required: ['pedido', 'idempotency_key'], properties: { ...CALIBRATION_BODY, idempotency_key: IDEMPOTENCY_KEY }, additionalProperties: false },
    contract: getCalibrationSchema(),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    operation: submitCalibration,
    output: submittedOutput,
  }),
  tool({
    name: 'get_calibration',
    title: 'Read a calibration',
    description: 'The result of a concluded calibration: out-of-sample verdict (aprovada or reprovada with its metrics), identifiability (free, fixed and grouped parameters), search record and the chosen parameters. Use its id as lancamento.calibracao with cenario_base calibracao in a scenario.',
    input: { type: 'object', required: ['id'], properties: { id: { ...JOB_ID, description: 'id of a calibration job of this project' } }, additionalProperties: false },
    annotations: READ,
    operation: getCalibration,
    output: (r) => ({ data: r, text: `verdict: ${String((r.veredito as { resultado?: unknown }).resultado)}` }),
  }),
];
