// Deletion done by people (spec "Deletion"): a project deleted by an admin or owner leaves the
// lists and its keys stop at once, and can be undone for 7 days; an organization closed by an
// owner likewise. After the 7 days the worker's sweep (sweepDeletions) erases for good: the jobs'
// data (requests, results; only each job's record with its hashes stays), keys, the webhook with
// its deliveries, the opened city diagnoses, the connected agents with their authorizations (an
// agent stops at once, as keys do: service/oauth/agent-connections.ts checks the project at each
// use), and for an organization its members and invitations too. The credit
// statement stays. SQL in store/queries/deletion.ts.
import { ServiceError } from '../../src/errors.js';
import type { Organization, Project } from './accounts.js';
import { cancelJob, eraseJob } from '../jobs/jobs.js';
import type { JobState } from '../jobs/job-row.js';
import type { Store } from '../store/open-store.js';
import { DELETION_SQL } from '../store/queries/deletion.js';
import { eraseAgentConnections } from '../oauth/agent-connections.js';

export const UNDO_DAYS = 7;
const UNDO_MS = UNDO_DAYS * 86_400_000;

/** The instant before which an asked deletion is past its undo. */
const undoCutoff = (now: Date) => new Date(now.getTime() - UNDO_MS);

/**
 * One state change of a deletion: the row it changed (keys then stop or come back: the key cache
 * is cleared), or `refusal` when no row could change (unknown, or past its undo).
 */
async function changeState<T>(store: Store, sql: string, args: unknown[], refusal: ServiceError): Promise<T> {
  const r = await store.query<T>(sql, args);
  if (r.rows.length === 0) throw refusal;
  store.cache?.clear('key');
  return r.rows[0];
}

export function deleteProject(store: Store, projectId: string): Promise<Project> {
  return changeState(store, DELETION_SQL.deleteProject, [projectId, store.clock.now()], new ServiceError('not_found', `project ${projectId} does not exist`));
}

export function undoProjectDeletion(store: Store, projectId: string): Promise<Project> {
  return changeState(store, DELETION_SQL.undoProject, [projectId, undoCutoff(store.clock.now())],
    new ServiceError('invalid_request', `a exclusão do projeto não pode mais ser desfeita (${UNDO_DAYS} dias)`));
}

export function closeOrganization(store: Store, organizationId: string): Promise<Organization> {
  return changeState(store, DELETION_SQL.closeOrganization, [organizationId, store.clock.now()], new ServiceError('not_found', `organization ${organizationId} does not exist`));
}

export function reopenOrganization(store: Store, organizationId: string): Promise<Organization> {
  return changeState(store, DELETION_SQL.reopenOrganization, [organizationId, undoCutoff(store.clock.now())],
    new ServiceError('invalid_request', `o fechamento da organização não pode mais ser desfeito (${UNDO_DAYS} dias)`));
}

/** Projects of the organization deleted and still within their undo. */
export async function deletedProjects(store: Store, organizationId: string): Promise<Array<{ id: string; nome: string; excluido_em: Date }>> {
  return (await store.query<{ id: string; nome: string; excluido_em: Date }>(DELETION_SQL.deletedProjects, [organizationId])).rows;
}

/** Erases one project; false when a job of it is still running (the next sweep finishes it). */
async function eraseProject(store: Store, projectId: string, now: Date): Promise<boolean> {
  const jobs = (await store.query<{ id: string; estado: JobState; apagado_em: Date | null }>(DELETION_SQL.jobsOf, [projectId])).rows;
  let running = false;
  for (const j of jobs) {
    if (j.estado === 'reservado') await cancelJob(store, projectId, j.id);
    if (j.estado === 'em_execucao') { running = true; continue; }
    if (j.apagado_em === null) await eraseJob(store, projectId, j.id, now);
  }
  await store.query(DELETION_SQL.deleteKeys, [projectId]);
  await store.query(DELETION_SQL.deleteWebhook, [projectId]);
  await store.query(DELETION_SQL.deleteDiagnoses, [projectId]);
  await eraseAgentConnections(store, projectId);
  store.cache?.clear('key');
  if (running) return false;
  await store.query(DELETION_SQL.markProjectErased, [projectId, now]);
  return true;
}

/** The sweep (worker): erases what was deleted or closed more than 7 days ago. Returns how many projects and organizations it finished. */
export async function sweepDeletions(store: Store, now: Date = store.clock.now()): Promise<{ projetos: number; organizacoes: number }> {
  const cutoff = undoCutoff(now);
  let projetos = 0, organizacoes = 0;
  for (const { id } of (await store.query<{ id: string }>(DELETION_SQL.dueProjects, [cutoff])).rows) {
    if (await eraseProject(store, id, now)) projetos++;
  }
  for (const { id } of (await store.query<{ id: string }>(DELETION_SQL.dueOrganizations, [cutoff])).rows) {
    if ((await store.query<{ n: number }>(DELETION_SQL.organizationProjectsLeft, [id])).rows[0].n > 0) continue;
    await store.query(DELETION_SQL.deleteMembers, [id]);
    await store.query(DELETION_SQL.deleteInvitations, [id]);
    await store.query(DELETION_SQL.markOrganizationErased, [id, now]);
    organizacoes++;
  }
  return { projetos, organizacoes };
}
