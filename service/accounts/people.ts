// People: the accounts persons sign in to the console with (an email and a password hashed with
// argon2id by @node-rs/argon2). What a person may do in an organization is their membership
// (accounts.ts, members by email), so an account and an invitation meet on the email. SQL in
// store/queries/people.ts; sessions in console-sessions.ts.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { MemberRole } from './accounts.js';
import type { Store } from '../store/open-store.js';
import { PEOPLE_SQL } from '../store/queries/people.js';
import { refuseField } from './form-refusal.js';

export const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 200;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

export interface Person {
  email: string;
  criado_em: Date;
}

export interface PersonMembership {
  organization_id: string;
  nome: string;
  papel: MemberRole;
  /** Closed by an owner (7 days to reopen), or null. */
  fechada_em: Date | null;
}

/** The email as stored (trimmed, lower case), or a refusal. */
export function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!EMAIL.test(e)) refuseField('informe um e-mail válido', 'email');
  return e;
}

export function checkPassword(password: string, field = 'senha'): void {
  if (password.length < MIN_PASSWORD_LENGTH) refuseField(`a senha precisa de pelo menos ${MIN_PASSWORD_LENGTH} caracteres`, field);
  if (password.length > MAX_PASSWORD_LENGTH) refuseField(`a senha pode ter no máximo ${MAX_PASSWORD_LENGTH} caracteres`, field);
}

export async function createPerson(store: Store, email: string, password: string): Promise<Person> {
  const e = normaliseEmail(email);
  checkPassword(password);
  const r = await store.query<Person>(PEOPLE_SQL.insert, [e, await hash(password), store.clock.now()]);
  if (r.rows.length === 0) refuseField('já existe uma conta com este e-mail: entre com ela', 'email');
  return r.rows[0];
}

let decoy: Promise<string> | null = null;
/** A hash no password matches, made once, for the check of an unknown e-mail. */
function decoyHash(): Promise<string> {
  decoy ??= hash(randomBytes(32).toString('base64url'));
  return decoy;
}

/**
 * The person when the password is theirs, else null. An unknown e-mail gets the same answer
 * after the same work (an argon2 check against a decoy hash): skipping it answered in 0.6 ms
 * against 12.5 ms and told who has an account.
 */
export async function verifyPerson(store: Store, email: string, password: string): Promise<Person | null> {
  const row = (await store.query<Person & { senha_hash: string }>(PEOPLE_SQL.get, [email.trim().toLowerCase()])).rows[0];
  const matches = await verify(row?.senha_hash ?? await decoyHash(), password);
  if (!row || !matches) return null;
  return { email: row.email, criado_em: row.criado_em };
}

/** `rightPassword`: called once the current password matched (the sign-in limit gives the attempt back). */
export async function changePassword(store: Store, email: string, current: string, next: string, rightPassword?: () => Promise<void>): Promise<void> {
  if (!(await verifyPerson(store, email, current))) refuseField('a senha atual não confere', 'senha_atual');
  await rightPassword?.();
  checkPassword(next, 'senha_nova');
  await store.query(PEOPLE_SQL.setPassword, [email, await hash(next)]);
}

export async function membershipsOf(store: Store, email: string): Promise<PersonMembership[]> {
  return (await store.query<PersonMembership>(PEOPLE_SQL.memberships, [email])).rows;
}

/**
 * Deletes the account (asking the password): its sessions end and its memberships go; what the
 * person created (projects, keys, jobs) stays in the projects. The last owner of an organization
 * must hand it over or close it first.
 */
export async function deletePerson(store: Store, email: string, password: string, rightPassword?: () => Promise<void>): Promise<void> {
  if (!(await verifyPerson(store, email, password))) refuseField('a senha não confere', 'senha');
  await rightPassword?.();
  await store.transaction(async (tx) => {
    const soleOwner = await tx.query<{ nome: string }>(PEOPLE_SQL.organizationsOwnedAlone, [email]);
    if (soleOwner.rows.length > 0) refuseField(`você é o único proprietário de ${soleOwner.rows.map((r) => r.nome).join(', ')}: passe a organização a outra pessoa ou feche-a antes`, 'senha');
    await tx.query(PEOPLE_SQL.removeMemberships, [email]);
    await tx.query(PEOPLE_SQL.remove, [email]);
  });
}

export interface PersonProject {
  id: string;
  nome: string;
  organization_id: string;
  arquivado_em: Date | null;
}

/** The projects of every organization the person is a member of. */
export async function projectsOf(store: Store, email: string): Promise<PersonProject[]> {
  return (await store.query<PersonProject>(PEOPLE_SQL.projectsOf, [email])).rows;
}
