// Invitations by link (no mail server here: the console shows the link to send by hand). An owner
// or admin invites an e-mail with a role (only an owner invites an owner); the person opens the
// link signed in with that e-mail and becomes a member. Valid 7 days, used once; kept by the hash
// of the token. SQL in store/queries/invitations.ts.
import { ServiceError } from '../../src/errors.js';
import { addMember, MEMBER_ROLES, type MemberRole } from './accounts.js';
import { normaliseEmail } from './people.js';
import type { Store } from '../store/open-store.js';
import { INVITATION_SQL } from '../store/queries/invitations.js';
import { newSecretToken, secretDigest } from './secret-token.js';
import { INVITATION_DAYS } from './invitation-days.js';

export interface PendingInvitation {
  email: string; papel: MemberRole; criado_em: Date; expira_em: Date;
  /** The link's token sealed by the inviter's `seal` (the console's), to show the link again; null without one. */
  link_cifrado: string | null;
}

/**
 * A new invitation; returns the token of its link. Kept by its hash; with `seal` (the console's,
 * a key only it holds) the token is kept sealed too, so the link can be shown again while valid.
 */
export async function invite(store: Store, organizationId: string, email: string, papel: MemberRole, by: MemberRole, seal?: (token: string) => string): Promise<string> {
  const e = normaliseEmail(email);
  if (!MEMBER_ROLES.includes(papel)) throw new ServiceError('invalid_request', `o papel é um de ${MEMBER_ROLES.join(', ')}`);
  if (papel === 'owner' && by !== 'owner') throw new ServiceError('invalid_request', 'só um proprietário convida outro proprietário');
  const token = newSecretToken();
  const now = store.clock.now();
  await store.query(INVITATION_SQL.insert, [secretDigest(token), organizationId, e, papel, now, new Date(now.getTime() + INVITATION_DAYS * 86_400_000), seal?.(token) ?? null]);
  return token;
}

export async function pendingInvitations(store: Store, organizationId: string): Promise<PendingInvitation[]> {
  return (await store.query<PendingInvitation>(INVITATION_SQL.pending, [organizationId, store.clock.now()])).rows;
}

/** Revokes the pending invitations of `email` to the organization; how many there were. */
export async function revokeInvitations(store: Store, organizationId: string, email: string): Promise<number> {
  return (await store.query(INVITATION_SQL.revokePending, [organizationId, normaliseEmail(email)])).rows.length;
}

/** What an invitation link offers, or null when it is unknown. */
export async function peekInvitation(store: Store, token: string): Promise<{ email: string; papel: MemberRole; nome: string; valido: boolean } | null> {
  const r = (await store.query<{ email: string; papel: MemberRole; nome: string; expira_em: Date; aceito_em: Date | null }>(INVITATION_SQL.peek, [secretDigest(token)])).rows[0];
  if (!r) return null;
  return { email: r.email, papel: r.papel, nome: r.nome, valido: r.aceito_em === null && r.expira_em > store.clock.now() };
}

/** Accepts the invitation for the signed-in person, whose e-mail must be the invited one. */
export async function acceptInvitation(store: Store, token: string, email: string): Promise<{ organization_id: string; papel: MemberRole }> {
  const peek = await peekInvitation(store, token);
  if (!peek?.valido) throw new ServiceError('invalid_request', 'este convite não vale mais (usado, vencido ou inexistente)');
  if (peek.email !== email) throw new ServiceError('invalid_request', `este convite é para ${peek.email}: entre com esse e-mail`);
  const r = (await store.query<{ organization_id: string; papel: MemberRole }>(INVITATION_SQL.take, [secretDigest(token), store.clock.now()])).rows[0];
  if (!r) throw new ServiceError('invalid_request', 'este convite não vale mais (usado, vencido ou inexistente)');
  await addMember(store, { organizationId: r.organization_id, email, papel: r.papel });
  return r;
}
