// What an agent may be granted (spec "Scopes", "Agents on the MCP server"): results:read and
// simulate; manage is never granted to agents. A reader of the project may grant only
// results:read; simulate needs a member (it spends credits). The same rule is applied at consent
// and again at every use of a token, against the role the person holds then.
import type { MemberRole } from '../accounts/accounts.js';
import type { Scope } from '../accounts/api-keys.js';

export const AGENT_SCOPES = ['results:read', 'simulate'] as const satisfies readonly Scope[];
export type AgentScope = (typeof AGENT_SCOPES)[number];

const BY_ROLE: Record<MemberRole, readonly AgentScope[]> = {
  owner: AGENT_SCOPES, admin: AGENT_SCOPES, member: AGENT_SCOPES, reader: ['results:read'],
};

/** The scopes a person of `role` may give an agent; none when not a member. */
export function agentScopesFor(role: MemberRole | null): readonly AgentScope[] {
  return role === null ? [] : BY_ROLE[role];
}
