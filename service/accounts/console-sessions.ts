// Console sessions: a random token in a signed, httpOnly cookie; the session (whose, until when)
// in PostgreSQL under the token's SHA-256, so a leaked table opens nothing and signing out ends
// the session on the server. SQL in store/queries/people.ts.
import type { Store } from '../store/open-store.js';
import { PEOPLE_SQL } from '../store/queries/people.js';
import { newSecretToken, secretDigest } from './secret-token.js';

/** A session lasts 7 days from sign-in. */
export const SESSION_DAYS = 7;

/** Opens a session for `email`; returns the token the cookie carries. */
export async function openSession(store: Store, email: string): Promise<string> {
  const token = newSecretToken();
  const now = store.clock.now();
  await store.query(PEOPLE_SQL.openSession, [secretDigest(token), email, now, new Date(now.getTime() + SESSION_DAYS * 86_400_000)]);
  return token;
}

/** The email of a live session, or null. */
export async function readSession(store: Store, token: string): Promise<string | null> {
  const r = await store.query<{ email: string }>(PEOPLE_SQL.readSession, [secretDigest(token), store.clock.now()]);
  return r.rows[0]?.email ?? null;
}

export async function closeSession(store: Store, token: string): Promise<void> {
  await store.query(PEOPLE_SQL.closeSession, [secretDigest(token)]);
}

/** Ends every other session of the person (after a password change). */
export async function closeOtherSessions(store: Store, email: string, token: string): Promise<void> {
  await store.query(PEOPLE_SQL.closeOtherSessions, [email, secretDigest(token)]);
}
