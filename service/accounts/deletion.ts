// Deletion done by people (spec "Deletion"): a project deleted by an admin or owner leaves the
// lists and its keys stop at once, and can be undone for 7 days; an organization closed by an
// owner likewise. After the 7 days the worker's sweep erases for good
// (service/worker/sweep-deletions.ts). SQL in store/queries/deletion.ts.
import { ServiceError } from '../../src/errors.js';
import type { Organization, Project } from './accounts.js';
import type { Store } from '../store/open-store.js';
import { DELETION_SQL } from '../store/queries/deletion.js';

export const UNDO_DAYS = 7;
const UNDO_MS = UNDO_DAYS * 86_400_000;

/** The instant before which an asked deletion is past its undo. */
export function undoCutoff(now: Date): Date {
  return new Date(now.getTime() - UNDO_MS);
}

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
