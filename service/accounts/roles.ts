// Who may do what on the console: one table of the actions of its pages and the roles allowed
// (spec "Keys", "Deletion": keys by a project's admin or owner; the monthly limit by an admin;
// project deletion and its undo by an admin or owner; closing the organization and its undo by
// an owner only). Every page
// action checks here, and the HTTP tests go through every row.
import { ServiceError } from '../../src/errors.js';
import type { MemberRole } from './accounts.js';
import type { Store } from '../store/open-store.js';
import { PEOPLE_SQL } from '../store/queries/people.js';

export const CONSOLE_ACTIONS = {
  ver: ['owner', 'admin', 'member', 'reader'],
  criar_projeto: ['owner', 'admin'],
  arquivar_projeto: ['owner', 'admin'],
  excluir_projeto: ['owner', 'admin'],
  convidar: ['owner', 'admin'],
  gerir_webhook: ['owner', 'admin'],
  gerir_membros: ['owner', 'admin'],
  fechar_organizacao: ['owner'],
  gerir_chaves: ['owner', 'admin'],
  definir_limite: ['owner', 'admin'],
  renomear_organizacao: ['owner', 'admin'],
  adicionar_creditos: ['owner', 'admin'],
  // a simulation spends the organization's credits: a reader reads, as for agents (oauth/agent-scopes.ts)
  simular: ['owner', 'admin', 'member'],
  // any connected agent of the organization; the person who connected one may always disconnect it
  desconectar_agente: ['owner', 'admin'],
} as const satisfies Record<string, readonly MemberRole[]>;

export type ConsoleAction = keyof typeof CONSOLE_ACTIONS;

export function roleAllows(role: MemberRole | null, action: ConsoleAction): boolean {
  return role !== null && (CONSOLE_ACTIONS[action] as readonly MemberRole[]).includes(role);
}

/** The person's role in the organization, or null when not a member. */
export async function roleIn(store: Store, email: string, organizationId: string): Promise<MemberRole | null> {
  return (await store.query<{ papel: MemberRole }>(PEOPLE_SQL.roleIn, [email, organizationId])).rows[0]?.papel ?? null;
}

/** The role when it allows `action`; else 404 for a non-member (no probing) or 403 naming the roles that may. */
export async function requireRole(store: Store, email: string, organizationId: string, action: ConsoleAction): Promise<MemberRole> {
  const role = await roleIn(store, email, organizationId);
  if (role === null) throw new ServiceError('not_found', 'página não encontrada');
  if (!roleAllows(role, action)) {
    // the role and the roles that may ride with it: the console says them in words (console/refusal-words.ts)
    throw Object.assign(new Error(`seu papel (${role}) não permite isto; pode: ${CONSOLE_ACTIONS[action].join(', ')}`), { statusCode: 403, papel: role, podem: CONSOLE_ACTIONS[action] });
  }
  return role;
}
