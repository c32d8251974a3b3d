// "Esqueci minha senha": a person asks for a reset link by e-mail; the link's token is random (32
// bytes), kept by its SHA-256 (a leaked table opens nothing), valid RESET_MINUTES and used once.
// Resetting sets the new password, ends every session of the person and voids their other links.
// Whether the e-mail has an account is never told: the caller answers the same either way.
// SQL in store/queries/password-resets.ts.
import { hash } from '@node-rs/argon2';
import type { Store } from '../store/open-store.js';
import { PASSWORD_RESET_SQL } from '../store/queries/password-resets.js';
import { checkPassword } from './people.js';
import { newSecretToken, secretDigest } from './secret-token.js';
import { PEOPLE_SQL } from '../store/queries/people.js';

export const RESET_MINUTES = 60;

/** A new reset link's token for `email`, or null when no account has that e-mail. */
export async function requestPasswordReset(store: Store, email: string): Promise<string | null> {
  const token = newSecretToken();
  const now = store.clock.now();
  const r = await store.query(PASSWORD_RESET_SQL.insert, [secretDigest(token), email.trim().toLowerCase(), now, new Date(now.getTime() + RESET_MINUTES * 60_000)]);
  return r.rows.length > 0 ? token : null;
}

/** Whether `token` is a reset link still usable. */
export async function passwordResetValid(store: Store, token: string): Promise<boolean> {
  return (await store.query(PASSWORD_RESET_SQL.peek, [secretDigest(token), store.clock.now()])).rows.length > 0;
}

/**
 * Sets `password` for the link's person (refused beside field `senha` when too short or long, the
 * link still usable); the link is then used, the person's other links void and their sessions
 * closed. Returns the person's e-mail, or null when the link was unknown, used or expired.
 */
export async function resetPassword(store: Store, token: string, password: string): Promise<string | null> {
  checkPassword(password);
  const senhaHash = await hash(password);
  return store.transaction(async (tx) => {
    const now = store.clock.now();
    const email = (await tx.query<{ email: string }>(PASSWORD_RESET_SQL.use, [secretDigest(token), now])).rows[0]?.email;
    if (!email) return null;
    await tx.query(PEOPLE_SQL.setPassword, [email, senhaHash]);
    await tx.query(PASSWORD_RESET_SQL.useOthers, [email, now]);
    await tx.query(PASSWORD_RESET_SQL.closeSessions, [email]);
    return email;
  });
}
