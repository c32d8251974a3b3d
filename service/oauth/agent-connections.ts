// The agents people connected (table agent_connections, migration 10; SQL in
// store/queries/oauth.ts): one per consent, for one project, holding the scopes the person gave.
// Every use of an agent's token is checked here against what holds now (spec "Agents on the MCP
// server"): the connection not disconnected, the project neither archived nor deleted, the
// organization open, the person still a member, and the scopes cut to what their current role
// may give (agent-scopes.ts). Someone who leaves takes the power of their agents with them.
import type { AuthorizationServer } from './agent-authorization.js';
import { ServiceError } from '../../src/errors.js';
import type { MemberRole } from '../accounts/accounts.js';
import type { Scope } from '../accounts/api-keys.js';
import { requireRole, roleAllows } from '../accounts/roles.js';
import type { Principal } from '../operations/operation.js';
import type { Store } from '../store/open-store.js';
import { AGENT_SQL } from '../store/queries/oauth.js';
import { isUuid } from '../store/uuid.js';
import { agentScopesFor, type AgentScope } from './agent-scopes.js';
import { revokeGrantRecords } from './oauth-adapter.js';

export interface NewConnection {
  grantId: string;
  projectId: string;
  email: string;
  clientId: string;
  clienteNome: string;
  scopes: readonly AgentScope[];
}

export async function recordConnection(store: Store, c: NewConnection, now: Date = store.clock.now()): Promise<string> {
  const r = await store.query<{ id: string }>(AGENT_SQL.insert, [c.grantId, c.projectId, c.email, c.clientId, c.clienteNome, JSON.stringify(c.scopes), now]);
  return r.rows[0].id;
}

interface ConnectionRow {
  id: string;
  project_id: string;
  email: string;
  scopes: AgentScope[];
  desconectado_em: Date | null;
  ultimo_uso_em: Date | null;
  organization_id: string;
  arquivado_em: Date | null;
  excluido_em: Date | null;
  fechada_em: Date | null;
  papel: MemberRole | null;
}

/**
 * Whether a bearer credential has the form of the access tokens this server issues to agents
 * (oidc-provider's opaque tokens: 43 characters of base64url). Anything else sent to /mcp is
 * taken for an API key, valid or not (mcp-route.ts).
 */
export function looksLikeAgentToken(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text);
}

/**
 * What an agent's access token is worth now. Dead (`live: false`): unknown, expired, revoked, or
 * for another resource than the server's (RFC 8707). Live: its principal, or null when its
 * connection no longer holds (see above). The principal's scopes are the connection's cut to the
 * person's current role; its `keyId` is the connection, so each agent has its own hourly budget
 * inside its organization's.
 */
export async function readAgentToken(store: Store, server: Pick<AuthorizationServer, 'provider' | 'resource'>, token: string, now: Date = store.clock.now()):
  Promise<{ live: false } | { live: true; principal: Principal | null }> {
  const at = await server.provider.AccessToken.find(token);
  const audience = (at as unknown as { aud?: string | string[] } | undefined)?.aud;
  if (!at?.grantId || !(Array.isArray(audience) ? audience.includes(server.resource) : audience === server.resource)) return { live: false };
  const c = (await store.query<ConnectionRow>(AGENT_SQL.byGrant, [at.grantId])).rows[0];
  if (!c || c.desconectado_em || c.arquivado_em || c.excluido_em || c.fechada_em || c.papel === null) return { live: true, principal: null };
  if (c.ultimo_uso_em === null || now.getTime() - c.ultimo_uso_em.getTime() >= 60_000) await store.query(AGENT_SQL.touch, [c.id, now]);
  const allowed = agentScopesFor(c.papel);
  const scopes: Scope[] = c.scopes.filter((s) => allowed.includes(s));
  return { live: true, principal: { keyId: c.id, projectId: c.project_id, organizationId: c.organization_id, keyPrefix: 'agente', scopes } };
}

export interface ConnectedAgent {
  id: string;
  project_id: string;
  projeto: string;
  email: string;
  client_id: string;
  cliente_nome: string;
  scopes: AgentScope[];
  criado_em: Date;
  ultimo_uso_em: Date | null;
  organization_id: string;
  /** The viewer's role in the agent's organization. */
  papel: MemberRole;
  /** Whether the viewer may disconnect it: the person who connected it, or an admin or owner. */
  pode_desconectar: boolean;
}

/** The connected agents of every project the person can see. */
export async function listConnectedAgents(store: Store, email: string): Promise<ConnectedAgent[]> {
  const rows = (await store.query<Omit<ConnectedAgent, 'pode_desconectar'>>(AGENT_SQL.visibleTo, [email])).rows;
  return rows.map((r) => ({ ...r, pode_desconectar: r.email === email || roleAllows(r.papel, 'desconectar_agente') }));
}

/** Disconnects an agent: its tokens stop at once. By the person who connected it, or an admin or owner; 404 outside the organization. */
export async function disconnectAgent(store: Store, id: string, email: string, now: Date = store.clock.now()): Promise<void> {
  if (!isUuid(id)) throw new ServiceError('not_found', 'agente não encontrado');
  const c = (await store.query<{ grant_id: string; email: string; desconectado_em: Date | null; organization_id: string; papel: MemberRole | null }>(
    AGENT_SQL.one, [id, email])).rows[0];
  if (!c || c.papel === null || c.desconectado_em) throw new ServiceError('not_found', 'agente não encontrado');
  // someone else's agent: an admin or owner (403 with the roles that may, as every console action)
  if (c.email !== email) await requireRole(store, email, c.organization_id, 'desconectar_agente');
  await store.transaction(async (tx) => {
    await tx.query(AGENT_SQL.disconnect, [id, now]);
    await revokeGrantRecords(tx, c.grant_id);
  });
}

/** A project's erasure (service/accounts/deletion.ts): its connections and every record of their grants. */
export async function eraseAgentConnections(store: Store, projectId: string): Promise<void> {
  await store.transaction(async (tx) => {
    for (const { grant_id } of (await tx.query<{ grant_id: string }>(AGENT_SQL.grantsOfProject, [projectId])).rows) await revokeGrantRecords(tx, grant_id);
    await tx.query(AGENT_SQL.deleteOfProject, [projectId]);
  });
}
