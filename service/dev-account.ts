// The development account of `npm start` (and `campaign-sim admin dev-account`): an organization,
// a project, credits and a key, made or topped up on each start. It sits above accounts, keys and
// the ledger, which know nothing of it.
import { createOrganization, createProject, type Organization, type Project } from './accounts.js';
import { createApiKey } from './api-keys.js';
import { addCredits, balance } from './ledger.js';
import type { Store } from './store/open-store.js';
import { ACCOUNT_SQL } from './store/queries/accounts.js';

/** Name of the development organization `npm start` creates on the embedded store. */
export const DEV_ORGANIZATION = 'Desenvolvimento local';
/** Credits the development organization is topped up to at each start (1,000 reais). */
export const DEV_CREDITS_MICROS = 1_000_000_000;

export interface DevAccount {
  organizationId: string;
  projectId: string;
  /** A new key with every scope, created at each call (only its hash is kept, so an old one cannot be shown again). */
  apiKey: string;
  keyPrefix: string;
  balanceMicros: number;
  /** True when the organization was created by this call. */
  created: boolean;
}

/**
 * The development account of `npm start`: creates (first start) or reuses the organization
 * DEV_ORGANIZATION and its project, tops its credits up to DEV_CREDITS_MICROS, and creates a
 * fresh never-expiring key with the scopes results:read and simulate. Earlier dev keys stay valid.
 */
export async function createDevAccount(store: Store): Promise<DevAccount> {
  let org = (await store.query<Organization>(ACCOUNT_SQL.findOrganizationByName, [DEV_ORGANIZATION])).rows[0];
  const created = !org;
  if (!org) org = await createOrganization(store, { nome: DEV_ORGANIZATION });
  let project = (await store.query<Project>(ACCOUNT_SQL.firstProject, [org.id])).rows[0];
  if (!project) project = await createProject(store, { organizationId: org.id, nome: 'Projeto de desenvolvimento' });
  const saldo = await balance(store, org.id);
  if (saldo < DEV_CREDITS_MICROS) await addCredits(store, org.id, DEV_CREDITS_MICROS - saldo, 'development credits');
  const { key, record } = await createApiKey(store, {
    projectId: project.id, nome: 'dev', scopes: ['results:read', 'simulate'], expiresInDays: null,
  });
  return {
    organizationId: org.id, projectId: project.id, apiKey: key, keyPrefix: record.prefixo,
    balanceMicros: await balance(store, org.id), created,
  };
}
