// Account actions: what a person does on the console's organization and project pages and the
// operator does with `campaign-sim admin` (organizations, members, projects, keys, credits,
// limits, webhooks). They sit beside the API's operations (operation.ts), which act for an API
// key inside its project; these act on the account itself, so both the console and the CLI
// reach the accounts and webhooks through here rather than each on its own.
// Each names the row of the console's role table (accounts/roles.ts) a person needs in the
// organization: the console checks it for the signed-in person before run (requireRole,
// person-in-project.ts). `campaign-sim admin` runs on the host with the store's own
// credentials and so holds every role; an action whose role is null is the operator's alone (no
// console page does it).
import { ServiceError } from '../../src/errors.js';
import * as accounts from '../accounts/accounts.js';
import type { MemberRole } from '../accounts/accounts.js';
import * as keys from '../accounts/api-keys.js';
import type { GraceDays, KeyDurationDays, Scope } from '../accounts/api-keys.js';
import * as deletion from '../accounts/deletion.js';
import { createDevAccount as createDevAccountOf } from '../accounts/dev-account.js';
import { invite as inviteTo, revokeInvitations } from '../accounts/invitations.js';
import * as ledger from '../accounts/ledger.js';
import type { ConsoleAction } from '../accounts/roles.js';
import { foundOrNull } from './found-or-null.js';
import type { Store } from '../store/open-store.js';
import type { AddressPolicy } from '../webhooks/address-policy.js';
import * as webhooks from '../webhooks/webhook-config.js';

export interface AccountAction<I, O> {
  /** The console's role table row a person needs in the organization; null: none (the operator's alone, or a person's own new organization). */
  readonly role: ConsoleAction | null;
  run(store: Store, input: I): Promise<O>;
}

type Org = { organizationId: string };
type Project = { projectId: string };

export const createOrganization = {
  role: null,
  run: (store, { nome }) => accounts.createOrganization(store, { nome }),
} satisfies AccountAction<{ nome: string }, accounts.Organization>;

/** A signed-in person's own new organization, of which the person is the owner (the console's home page). */
export const createOwnOrganization = {
  role: null,
  run: (store, input) => accounts.createOrganizationOwnedBy(store, input),
} satisfies AccountAction<{ nome: string; email: string }, accounts.Organization>;

/** The organization with its balance, this month's spend and members. */
export const showOrganization = {
  role: 'ver',
  async run(store, { organizationId }) {
    const org = await accounts.getOrganization(store, organizationId);
    return {
      ...org,
      saldo_micros: await ledger.balance(store, organizationId),
      gasto_mes_micros: await ledger.monthSpend(store, organizationId, store.clock.now()),
      membros: await accounts.listMembers(store, organizationId),
    };
  },
} satisfies AccountAction<Org, accounts.Organization & { saldo_micros: number; gasto_mes_micros: number; membros: accounts.Member[] }>;

/** Adds a person who has an account as a member, or changes the role of one; anyone else is invited. */
export const addMember = {
  role: null,
  run: (store, input) => accounts.addAccountHolder(store, input),
} satisfies AccountAction<Org & { email: string; papel?: MemberRole }, accounts.Member>;

/**
 * Changes a member's role, or removes the member (papel null); the organization keeps an owner.
 * `by` is the acting role: only an owner touches an owner or makes one.
 */
export const changeMember = {
  role: 'gerir_membros',
  async run(store, { organizationId, email, papel, by }) {
    const e = email.trim().toLowerCase();
    if (papel !== null && !accounts.MEMBER_ROLES.includes(papel)) throw new ServiceError('invalid_request', `o papel é um de ${accounts.MEMBER_ROLES.join(', ')}`);
    const target = (await accounts.listMembers(store, organizationId)).find((m) => m.email === e);
    if (by !== 'owner' && (target?.papel === 'owner' || papel === 'owner')) throw new ServiceError('invalid_request', 'só um proprietário muda ou remove um proprietário, ou faz alguém proprietário');
    return accounts.changeMember(store, organizationId, e, papel);
  },
} satisfies AccountAction<Org & { email: string; papel: MemberRole | null; by: MemberRole }, accounts.Member | null>;

/** Revokes the pending invitations of an e-mail (their links stop); whoever may invite may revoke. */
export const revokeInvitation = {
  role: 'convidar',
  run: (store, { organizationId, email }) => revokeInvitations(store, organizationId, email),
} satisfies AccountAction<Org & { email: string }, number>;

/** An invitation link's token; `by` is the inviter's role (only an owner invites an owner). */
export const invite = {
  role: 'convidar',
  async run(store, { organizationId, email, papel, by, seal }) {
    await accounts.getOrganization(store, organizationId);
    return inviteTo(store, organizationId, email, papel, by, seal);
  },
} satisfies AccountAction<Org & { email: string; papel: MemberRole; by: MemberRole; seal?: (token: string) => string }, string>;

export const addCredits = {
  role: 'adicionar_creditos',
  async run(store, { organizationId, micros, nota }) {
    const entrada = await ledger.addCredits(store, organizationId, micros, nota);
    return { entrada, saldo_micros: await ledger.balance(store, organizationId) };
  },
} satisfies AccountAction<Org & { micros: number; nota?: string }, { entrada: ledger.LedgerEntry; saldo_micros: number }>;

/** A new name (1 to ORGANIZATION_NAME_MAX characters). */
export const renameOrganization = {
  role: 'renomear_organizacao',
  run: (store, { organizationId, nome }) => accounts.renameOrganization(store, organizationId, nome),
} satisfies AccountAction<Org & { nome: string }, accounts.Organization>;

/** The share of the monthly limit (1 to 100 %) at which the console warns; null: no warning. */
export const setSpendAlert = {
  role: 'definir_limite',
  run: (store, { organizationId, parte }) => accounts.setSpendAlert(store, organizationId, parte),
} satisfies AccountAction<Org & { parte: number | null }, accounts.Organization>;

/** The monthly spend limit in micros; null removes it. */
export const setSpendLimit = {
  role: 'definir_limite',
  run: (store, { organizationId, micros }) => accounts.setSpendLimit(store, organizationId, micros),
} satisfies AccountAction<Org & { micros: number | null }, accounts.Organization>;

export const setConcurrencyLimit = {
  role: null,
  run: (store, { organizationId, limit }) => accounts.setConcurrencyLimit(store, organizationId, limit),
} satisfies AccountAction<Org & { limit: number }, accounts.Organization>;

export const closeOrganization = {
  role: 'fechar_organizacao',
  run: (store, { organizationId }) => deletion.closeOrganization(store, organizationId),
} satisfies AccountAction<Org, accounts.Organization>;

export const reopenOrganization = {
  role: 'fechar_organizacao',
  run: (store, { organizationId }) => deletion.reopenOrganization(store, organizationId),
} satisfies AccountAction<Org, accounts.Organization>;

/** The development organization (credits on creation only) with a fresh key. */
export const createDevAccount = {
  role: null,
  run: (store, _input) => createDevAccountOf(store),
} satisfies AccountAction<Record<string, never>, Awaited<ReturnType<typeof createDevAccountOf>>>;

export const createProject = {
  role: 'criar_projeto',
  run: (store, { organizationId, nome }) => accounts.createProject(store, { organizationId, nome }),
} satisfies AccountAction<Org & { nome: string }, accounts.Project>;

/** Archiving stops the project's keys at once; restoring brings them back. */
export const archiveProject = {
  role: 'arquivar_projeto',
  run: (store, { projectId }) => accounts.archiveProject(store, projectId),
} satisfies AccountAction<Project, accounts.Project>;

export const restoreProject = {
  role: 'arquivar_projeto',
  run: (store, { projectId }) => accounts.restoreProject(store, projectId),
} satisfies AccountAction<Project, accounts.Project>;

/** A project of the organization (one of another organization is not found from this one's page). */
async function projectOf(store: Store, organizationId: string, projectId: string): Promise<accounts.Project> {
  const p = await foundOrNull(accounts.getProject(store, projectId));
  if (!p || p.organization_id !== organizationId) throw new ServiceError('not_found', 'projeto não encontrado');
  return p;
}

/** Deleting takes the project out of the lists and stops its keys; undone within deletion.UNDO_DAYS. */
export const deleteProject = {
  role: 'excluir_projeto',
  run: async (store, { organizationId, projectId }) => deletion.deleteProject(store, (await projectOf(store, organizationId, projectId)).id),
} satisfies AccountAction<Org & Project, accounts.Project>;

export const undoProjectDeletion = {
  role: 'excluir_projeto',
  run: async (store, { organizationId, projectId }) => deletion.undoProjectDeletion(store, (await projectOf(store, organizationId, projectId)).id),
} satisfies AccountAction<Org & Project, accounts.Project>;

/**
 * A key to rotate or revoke; with projectId (the console, acting inside a project), a key of
 * another project is not found there.
 */
async function keyOf(store: Store, keyId: string, projectId: string | undefined): Promise<keys.ApiKeyRecord> {
  if (projectId === undefined) return keys.getApiKey(store, keyId);
  const k = await foundOrNull(keys.getApiKey(store, keyId));
  if (!k || k.project_id !== projectId) throw new ServiceError('not_found', 'chave não encontrada');
  return k;
}

type KeyInput = { keyId: string; projectId?: string };

/** A new key, its text shown only this once. */
export const createKey = {
  role: 'gerir_chaves',
  run: (store, { projectId, nome, scopes, expiresInDays }) => keys.createApiKey(store, { projectId, nome, scopes, expiresInDays }),
} satisfies AccountAction<Project & { nome: string; scopes: Scope[]; expiresInDays: KeyDurationDays | null }, { key: string; record: keys.ApiKeyRecord }>;

/** A new key with the same name, scopes and duration; the old one stops after the grace. */
export const rotateKey = {
  role: 'gerir_chaves',
  run: async (store, { keyId, projectId, graceDays }) => keys.rotateApiKey(store, (await keyOf(store, keyId, projectId)).id, { graceDays }),
} satisfies AccountAction<KeyInput & { graceDays: GraceDays }, Awaited<ReturnType<typeof keys.rotateApiKey>>>;

export const revokeKey = {
  role: 'gerir_chaves',
  run: async (store, { keyId, projectId }) => keys.revokeApiKey(store, (await keyOf(store, keyId, projectId)).id),
} satisfies AccountAction<KeyInput, keys.ApiKeyRecord>;

/** The project's keys with their last use (never the key text). */
export const listKeys = {
  role: 'ver',
  run: (store, { projectId }) => keys.listApiKeys(store, projectId),
} satisfies AccountAction<Project, keys.ApiKeyRecord[]>;

/** Sets (or replaces) the project's webhook, its URL checked under `policy`; the signing secret is shown once. */
export const setWebhook = {
  role: 'gerir_webhook',
  run: (store, { projectId, url, policy }) => webhooks.setWebhook(store, projectId, url, { policy }),
} satisfies AccountAction<Project & { url: string; policy: AddressPolicy }, Awaited<ReturnType<typeof webhooks.setWebhook>>>;

export const rotateWebhookSecret = {
  role: 'gerir_webhook',
  run: (store, { projectId }) => webhooks.rotateWebhookSecret(store, projectId),
} satisfies AccountAction<Project, Awaited<ReturnType<typeof webhooks.rotateWebhookSecret>>>;

export const removeWebhook = {
  role: 'gerir_webhook',
  run: (store, { projectId }) => webhooks.removeWebhook(store, projectId),
} satisfies AccountAction<Project, Awaited<ReturnType<typeof webhooks.removeWebhook>>>;

/** Queues a ping delivery; the worker sends it. */
export const sendTestPing = {
  role: 'gerir_webhook',
  run: (store, { projectId }) => webhooks.sendTestPing(store, projectId),
} satisfies AccountAction<Project, { id: string }>;

/** The project's webhook, or null when it has none. */
export const showWebhook = {
  role: 'ver',
  run: (store, { projectId }) => foundOrNull(webhooks.getWebhook(store, projectId)),
} satisfies AccountAction<Project, webhooks.Webhook | null>;

/** Sends a delivery of the log again now, with its id and body (webhooks/webhook-config.ts). */
export const resendWebhookDelivery = {
  role: 'gerir_webhook',
  run: (store, { projectId, deliveryId }) => webhooks.resendDelivery(store, projectId, deliveryId),
} satisfies AccountAction<Project & { deliveryId: string }, { id: string }>;

/** The latest deliveries, newest first. */
export const listWebhookDeliveries = {
  role: 'ver',
  run: (store, { projectId }) => webhooks.listWebhookDeliveries(store, projectId),
} satisfies AccountAction<Project, webhooks.DeliveryLogRow[]>;
