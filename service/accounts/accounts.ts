// Organizations, members and projects (spec "Accounting rules": credits belong to the
// organization; jobs and keys belong to a project). SQL in store/queries/accounts.ts.
import { ServiceError } from '../../src/errors.js';
import type { Queryable, Store } from '../store/open-store.js';
import { ACCOUNT_SQL } from '../store/queries/accounts.js';
import { PEOPLE_SQL } from '../store/queries/people.js';
import { isUuid } from '../store/uuid.js';
import { refuseField } from './form-refusal.js';

export interface Organization {
  id: string;
  nome: string;
  /** Monthly spend limit in micros; null = none. */
  limite_gasto_mensal_micros: number | null;
  /** Jobs running at once (default 2). */
  limite_jobs_simultaneos: number;
  /** The share of the monthly limit (1 to 100 %) at which the console warns and the log says so once a month; null: none. */
  alerta_gasto_parte: number | null;
  /** The month (yyyy-mm, Brasília) whose crossing of that share was already logged. */
  alerta_gasto_mes: string | null;
  criado_em: Date;
  /** Closed by an owner (service/accounts/deletion.ts), and erased after the undo; null otherwise. */
  fechada_em?: Date | null;
  apagada_em?: Date | null;
}

export type MemberRole = 'owner' | 'admin' | 'member' | 'reader';
export const MEMBER_ROLES: readonly MemberRole[] = ['owner', 'admin', 'member', 'reader'];

export interface Member {
  organization_id: string;
  email: string;
  papel: MemberRole;
  criado_em: Date;
}

export interface Project {
  id: string;
  organization_id: string;
  nome: string;
  criado_em: Date;
  arquivado_em: Date | null;
  /** Deleted by an admin or owner (service/accounts/deletion.ts), and erased after the undo; null otherwise. */
  excluido_em?: Date | null;
  apagado_em?: Date | null;
}

export async function createOrganization(store: Store, opts: { nome: string }): Promise<Organization> {
  const nome = requireName(opts.nome, 'nome');
  const r = await store.query<Organization>(ACCOUNT_SQL.insertOrganization, [nome, store.clock.now()]);
  return r.rows[0];
}

/**
 * A signed-in person's own new organization, the person its owner, in one transaction (never an
 * organization without an owner). Defaults (docs/console.md): no credits, no spend limit, the
 * default concurrency; credits come as for any organization (the operator, or development credits).
 */
export async function createOrganizationOwnedBy(store: Store, opts: { nome: string; email: string }): Promise<Organization> {
  const nome = requireName(opts.nome, 'nome');
  const email = requireName(opts.email, 'email').toLowerCase();
  const now = store.clock.now();
  return store.transaction(async (tx) => {
    const org = (await tx.query<Organization>(ACCOUNT_SQL.insertOrganization, [nome, now])).rows[0];
    await tx.query(ACCOUNT_SQL.upsertMember, [org.id, email, 'owner', now]);
    return org;
  });
}

export async function getOrganization(db: Queryable, organizationId: string): Promise<Organization> {
  if (!isUuid(organizationId)) throw new ServiceError('not_found', `organization ${organizationId} does not exist`);
  const r = await db.query<Organization>(ACCOUNT_SQL.getOrganization, [organizationId]);
  if (r.rows.length === 0) throw new ServiceError('not_found', `organization ${organizationId} does not exist`);
  return r.rows[0];
}

export async function addMember(
  store: Store,
  opts: { organizationId: string; email: string; papel?: MemberRole },
): Promise<Member> {
  const email = requireName(opts.email, 'email').toLowerCase();
  const papel = opts.papel ?? 'member';
  if (!MEMBER_ROLES.includes(papel)) throw new ServiceError('invalid_request', `o papel é um de ${MEMBER_ROLES.join(', ')}`);
  await getOrganization(store, opts.organizationId);
  const r = await store.query<Member>(ACCOUNT_SQL.upsertMember, [opts.organizationId, email, papel, store.clock.now()]);
  return r.rows[0];
}

/**
 * Adds a person who has an account (or changes their role): the operator's path (`campaign-sim
 * admin member add`). An e-mail without an account is refused: whoever signed up first with it
 * would take the role, so that person is invited by link and accepts it signed in (invitations.ts).
 */
export async function addAccountHolder(
  store: Store,
  opts: { organizationId: string; email: string; papel?: MemberRole },
): Promise<Member> {
  const email = requireName(opts.email, 'email').toLowerCase();
  if ((await store.query(PEOPLE_SQL.get, [email])).rows.length === 0) {
    throw new ServiceError('not_found',
      `no account has the e-mail ${email}: invite it (campaign-sim admin member invite ${opts.organizationId} ${email} --papel ${opts.papel ?? 'member'}), and the person accepts the link signed in`);
  }
  return addMember(store, { ...opts, email });
}

/**
 * Changes a member's role (`papel`) or removes the member (`papel` null). The last owner can
 * neither leave nor stop being owner: the organization always has one.
 */
export async function changeMember(store: Store, organizationId: string, email: string, papel: MemberRole | null): Promise<Member | null> {
  const e = email.trim().toLowerCase();
  const current = (await listMembers(store, organizationId)).find((m) => m.email === e);
  if (!current) throw new ServiceError('not_found', `${e} is not a member of organization ${organizationId}`);
  if (current.papel === 'owner' && papel !== 'owner' && (await store.query<{ n: number }>(ACCOUNT_SQL.otherOwners, [organizationId, e])).rows[0].n === 0) {
    throw new ServiceError('invalid_request', 'a organização precisa de ao menos um proprietário: dê o papel a outra pessoa antes');
  }
  if (papel === null) {
    await store.query(ACCOUNT_SQL.removeMember, [organizationId, e]);
    return null;
  }
  return addMember(store, { organizationId, email: e, papel });
}

export async function listMembers(store: Store, organizationId: string): Promise<Member[]> {
  return (await store.query<Member>(ACCOUNT_SQL.listMembers, [organizationId])).rows;
}

export async function createProject(store: Store, opts: { organizationId: string; nome: string }): Promise<Project> {
  const nome = requireName(opts.nome, 'nome');
  await getOrganization(store, opts.organizationId);
  const r = await store.query<Project>(ACCOUNT_SQL.insertProject, [opts.organizationId, nome, store.clock.now()]);
  return r.rows[0];
}

export async function getProject(db: Queryable, projectId: string): Promise<Project> {
  if (!isUuid(projectId)) throw new ServiceError('not_found', `project ${projectId} does not exist`);
  const r = await db.query<Project>(ACCOUNT_SQL.getProject, [projectId]);
  if (r.rows.length === 0) throw new ServiceError('not_found', `project ${projectId} does not exist`);
  return r.rows[0];
}

/** Archiving disables every key of the project at once (authenticateApiKey checks it); restoring re-enables them. */
export async function archiveProject(store: Store, projectId: string): Promise<Project> {
  const project = await one(() => store.query<Project>(ACCOUNT_SQL.archiveProject, [projectId, store.clock.now()]), 'project', projectId);
  store.cache?.clear('key'); // after the write: a read that started before it cannot be cached
  return project;
}

export async function restoreProject(store: Store, projectId: string): Promise<Project> {
  return one(() => store.query<Project>(ACCOUNT_SQL.restoreProject, [projectId]), 'project', projectId);
}

/** The longest organization name (a name is a label, not a text). */
export const ORGANIZATION_NAME_MAX = 120;

export async function renameOrganization(store: Store, organizationId: string, nome: string): Promise<Organization> {
  const n = nome.trim();
  if (n === '') refuseField('Informe o nome da organização.', 'nome');
  if (n.length > ORGANIZATION_NAME_MAX) refuseField(`Use no máximo ${ORGANIZATION_NAME_MAX} caracteres.`, 'nome');
  return one(() => store.query<Organization>(ACCOUNT_SQL.rename, [organizationId, n]), 'organization', organizationId);
}

/** The share of the monthly limit, a whole percent from 1 to 100, at which to warn; null: none. */
export async function setSpendAlert(store: Store, organizationId: string, parte: number | null): Promise<Organization> {
  if (parte !== null && !(Number.isInteger(parte) && parte >= 1 && parte <= 100)) refuseField('Informe uma porcentagem inteira de 1 a 100, ou deixe vazio.', 'parte');
  return one(() => store.query<Organization>(ACCOUNT_SQL.setSpendAlert, [organizationId, parte]), 'organization', organizationId);
}

/** Monthly spend limit in micros (null removes it). */
export async function setSpendLimit(store: Store, organizationId: string, micros: number | null): Promise<Organization> {
  if (micros !== null && !(Number.isSafeInteger(micros) && micros >= 0)) {
    throw new ServiceError('invalid_request', 'the spend limit is a whole number of micros >= 0, or null');
  }
  return one(() => store.query<Organization>(ACCOUNT_SQL.setSpendLimit, [organizationId, micros]), 'organization', organizationId);
}

/** Jobs of the organization that may run at once (spec: 2, or the contract's number). */
export async function setConcurrencyLimit(store: Store, organizationId: string, limit: number): Promise<Organization> {
  if (!(Number.isSafeInteger(limit) && limit >= 1)) throw new ServiceError('invalid_request', 'the concurrency limit is an integer >= 1');
  return one(() => store.query<Organization>(ACCOUNT_SQL.setConcurrencyLimit, [organizationId, limit]), 'organization', organizationId);
}

async function one<T>(run: () => Promise<{ rows: T[] }>, what: string, id: string): Promise<T> {
  if (!isUuid(id)) throw new ServiceError('not_found', `${what} ${id} does not exist`);
  const r = await run();
  if (r.rows.length === 0) throw new ServiceError('not_found', `${what} ${id} does not exist`);
  return r.rows[0];
}

function requireName(v: unknown, field: string): string {
  if (typeof v !== 'string' || v.trim() === '') throw new ServiceError('invalid_request', `informe ${field}: não pode ficar vazio`);
  return v.trim();
}
