// A job as the jobs table holds it: its kind, its state and the row itself. The jobs of a project
// (jobs.ts), the queue (queue.ts) and the job events (job-events.ts) all read it. States (spec
// "States and transitions"): reservado, em_execucao (this project's name for the running state
// the spec leaves unnamed), concluido, falhou, cancelado.
import type { CalibrationQuote, SimulationQuote } from '../../src/contract/types.js';

export type JobState = 'reservado' | 'em_execucao' | 'concluido' | 'falhou' | 'cancelado';
export type JobKind = 'simulacao' | 'calibracao';
export const JOB_STATES: readonly JobState[] = ['reservado', 'em_execucao', 'concluido', 'falhou', 'cancelado'];
export const JOB_KINDS: readonly JobKind[] = ['simulacao', 'calibracao'];
/** The running state: a job that has a machine. */
export const RUNNING_STATE: JobState = 'em_execucao';

/** A row of the jobs table. */
export interface JobRow {
  id: string;
  seq: number;
  project_id: string;
  organization_id: string;
  nome: string | null;
  tipo: JobKind;
  estado: JobState;
  /** The request (scenario or calibration body); null once erased or past retention. */
  pedido: unknown | null;
  cotacao: SimulationQuote | CalibrationQuote | null;
  preco_micros: number;
  request_hash: string;
  registro: Record<string, unknown>;
  worker_id: string | null;
  heartbeat_at: Date | null;
  progresso: unknown | null;
  /** When progresso last changed (a simulation whose progress stands still 15 minutes is swept). */
  progresso_em: Date | null;
  criado_em: Date;
  iniciado_em: Date | null;
  terminado_em: Date | null;
  motivo_falha: string | null;
  apagamento_pedido_em: Date | null;
  apagado_em: Date | null;
  expirado_em: Date | null;
}

/**
 * The columns of a job's status (toJobResponse): what GET /v1/jobs/{id} and the list read. Not
 * the request, which may hold a calibration's whole series (150,000 rows), nor the quote.
 * KEEP IN SYNC with JOB_STATUS_COLUMNS in store/queries/jobs.ts.
 */
export type JobStatusRow = Pick<JobRow, 'id' | 'project_id' | 'nome' | 'estado' | 'tipo' | 'preco_micros' | 'criado_em' | 'registro' | 'progresso' | 'apagamento_pedido_em'>;

/** The spec's Job resource. */
export interface JobResponse {
  id: string;
  project_id: string;
  nome: string | null;
  estado: JobState;
  tipo: JobKind;
  preco_micros: number;
  criado_em: string;
  registro: Record<string, unknown>;
  apagamento_pedido_em: string | null;
}

export function toJobResponse(row: JobStatusRow): JobResponse {
  return {
    id: row.id,
    project_id: row.project_id,
    nome: row.nome,
    estado: row.estado,
    tipo: row.tipo,
    preco_micros: row.preco_micros,
    criado_em: row.criado_em.toISOString(),
    // Progress of a running job (rounds done of rounds, or simulation tasks) rides in registro.
    registro: row.progresso != null && row.estado === RUNNING_STATE ? { ...row.registro, progresso: row.progresso } : row.registro,
    apagamento_pedido_em: row.apagamento_pedido_em ? row.apagamento_pedido_em.toISOString() : null,
  };
}
