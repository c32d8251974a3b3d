// API keys (spec "Authentication"): svc_<prefix>_<secret>, shown once, only a SHA-256 hash
// stored (the secret is 256 random bits, so a plain hash is enough: there is nothing to guess).
// Lookup by the unique prefix, then a constant-time compare of the hash. Expiry 7/30/90/365
// days or never; rotation with a grace of 0, 1 or 7 days; immediate revocation; an archived
// project disables its keys. SQL in store/queries/api-keys.ts.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ServiceError } from '../../src/errors.js';
import { getProject } from './accounts.js';
import type { Queryable, Store } from '../store/open-store.js';
import { API_KEY_SQL } from '../store/queries/api-keys.js';
import { isUuid } from '../store/uuid.js';

export type Scope = 'results:read' | 'simulate' | 'calibrate' | 'manage';
export const SCOPES: readonly Scope[] = ['results:read', 'simulate', 'calibrate', 'manage'];
export const KEY_DURATIONS_DAYS = [7, 30, 90, 365] as const;
export type KeyDurationDays = (typeof KEY_DURATIONS_DAYS)[number];
export const GRACE_DAYS = [0, 1, 7] as const;
export type GraceDays = (typeof GRACE_DAYS)[number];

export interface ApiKeyRecord {
  id: string;
  project_id: string;
  prefixo: string;
  nome: string;
  scopes: Scope[];
  duracao_dias: KeyDurationDays | null;
  expira_em: Date | null;
  revogada_em: Date | null;
  substituida_por: string | null;
  ultimo_uso_em: Date | null;
  criado_em: Date;
}

export interface AuthenticatedKey {
  keyId: string;
  projectId: string;
  organizationId: string;
  keyPrefix: string;
  scopes: Scope[];
}

const DAY_MS = 86_400_000;
const KEY_FORMAT = /^svc_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
/** A key's last use is recorded at most this often (authenticateApiKey). */
const TOUCH_EVERY_MS = 60_000;

/** Whether a credential has the form of an API key (svc_<prefix>_<secret>), valid or not. */
export function looksLikeApiKey(text: string): boolean {
  return KEY_FORMAT.test(text);
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

function publicRecord(row: ApiKeyRecord & { hash?: unknown; seq?: unknown }): ApiKeyRecord {
  const { hash: _hash, seq: _seq, ...rest } = row;
  return rest;
}

export interface CreateApiKeyInput {
  projectId: string;
  nome: string;
  scopes: Scope[];
  /** 7, 30, 90 or 365 days, or null for a key that never expires. */
  expiresInDays: KeyDurationDays | null;
  now?: Date;
}

/** Creates a key. `key` is the only time the full text exists: show it once. */
export async function createApiKey(store: Store, input: CreateApiKeyInput): Promise<{ key: string; record: ApiKeyRecord }> {
  const nome = typeof input.nome === 'string' ? input.nome.trim() : '';
  if (nome === '') throw new ServiceError('invalid_request', 'dê um nome à chave');
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0 || scopes.some((s) => !SCOPES.includes(s))) {
    throw new ServiceError('invalid_request', `escolha ao menos um escopo entre ${SCOPES.join(', ')}`);
  }
  const days = input.expiresInDays;
  if (days !== null && !KEY_DURATIONS_DAYS.includes(days)) {
    throw new ServiceError('invalid_request', 'a duração é 7, 30, 90 ou 365 dias, ou nunca');
  }
  const project = await getProject(store, input.projectId);
  if (project.arquivado_em) throw new ServiceError('invalid_request', `o projeto ${project.nome} está arquivado: restaure-o para criar chaves`);
  return insertApiKey(store, { ...input, projectId: project.id, nome, scopes }, input.now ?? store.clock.now());
}

/** Writes a new key of checked input (createApiKey, and a rotation inside its transaction). */
async function insertApiKey(q: Queryable, input: CreateApiKeyInput, now: Date): Promise<{ key: string; record: ApiKeyRecord }> {
  const prefix = randomBytes(6).toString('hex');
  const key = `svc_${prefix}_${randomBytes(32).toString('base64url')}`;
  const days = input.expiresInDays;
  const expira = days === null ? null : new Date(now.getTime() + days * DAY_MS);
  const r = await q.query<ApiKeyRecord>(API_KEY_SQL.insert, [
    input.projectId, prefix, hashKey(key), input.nome, JSON.stringify(input.scopes), days, expira, now,
  ]);
  return { key, record: publicRecord(r.rows[0]) };
}

/** The cache's entry of a key (by its hash in base64) while it is valid at `t`. */
function validCacheEntry(store: Store, cacheId: string, t: number): CachedKey | undefined {
  const hit = store.cache?.get<CachedKey>('key', cacheId);
  return hit && t < hit.validUntil ? hit : undefined;
}

/**
 * authenticateApiKey's answer when the cache holds it and it needs no query (its last use
 * recorded less than a minute ago); undefined otherwise, for authenticateApiKey to find.
 */
export function cachedApiKey(store: Store, bearerToken: string | null, now: Date = store.clock.now()): AuthenticatedKey | undefined {
  if (bearerToken === null || !KEY_FORMAT.test(bearerToken)) return undefined;
  const t = now.getTime();
  const hit = validCacheEntry(store, hashKey(bearerToken).toString('base64'), t);
  return hit && t - hit.touchedAt < TOUCH_EVERY_MS ? hit.principal : undefined;
}

/**
 * The key's identity, or null when the bearer token is missing, malformed, unknown, wrong,
 * expired, revoked (or past its rotation grace), or its project is archived (spec: all 401
 * invalid_api_key). Records the last use at most once a minute per key.
 */
export async function authenticateApiKey(store: Store, bearerToken: string | null | undefined, now: Date = store.clock.now()): Promise<AuthenticatedKey | null> {
  if (typeof bearerToken !== 'string') return null;
  const m = KEY_FORMAT.exec(bearerToken);
  if (!m) return null;
  const given = hashKey(bearerToken);
  const t = now.getTime();
  const cacheId = given.toString('base64');
  const hit = validCacheEntry(store, cacheId, t);
  if (hit) {
    if (t - hit.touchedAt >= TOUCH_EVERY_MS) {
      hit.touchedAt = t;
      await store.query(API_KEY_SQL.touch, [hit.principal.keyId, now]);
    }
    return hit.principal;
  }
  const mark = store.cache?.mark('key') ?? 0;
  const row = (await store.query<{
    id: string; project_id: string; prefixo: string; hash: Uint8Array; scopes: Scope[]; expira_em: Date | null;
    revogada_em: Date | null; ultimo_uso_em: Date | null; organization_id: string; arquivado_em: Date | null;
    excluido_em: Date | null; fechada_em: Date | null;
  }>(API_KEY_SQL.byPrefix, [m[1]])).rows[0];
  if (!row) return null;
  const stored = Buffer.from(row.hash.buffer, row.hash.byteOffset, row.hash.byteLength);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  if (row.expira_em && row.expira_em.getTime() <= t) return null;
  if (row.revogada_em && row.revogada_em.getTime() <= t) return null;
  // an archived or deleted project, or a closed organization: its keys stop at once (service/accounts/deletion.ts)
  if (row.arquivado_em || row.excluido_em || row.fechada_em) return null;
  let touchedAt = row.ultimo_uso_em?.getTime() ?? -Infinity;
  if (t - touchedAt >= TOUCH_EVERY_MS) {
    await store.query(API_KEY_SQL.touch, [row.id, now]);
    touchedAt = t;
  }
  const principal: AuthenticatedKey = {
    keyId: row.id, projectId: row.project_id, organizationId: row.organization_id, keyPrefix: row.prefixo, scopes: row.scopes,
  };
  const validUntil = Math.min(row.expira_em?.getTime() ?? Infinity, row.revogada_em?.getTime() ?? Infinity, t + (store.cache?.keyTtlMs ?? 0));
  store.cache?.set('key', cacheId, { principal, validUntil, touchedAt } satisfies CachedKey, mark);
  return principal;
}

/** A cached authentication: valid for the cache's keyTtlMs at most, never past the key's expiry or scheduled stop. */
interface CachedKey {
  principal: AuthenticatedKey;
  validUntil: number;
  touchedAt: number;
}

/**
 * Creates a key with the same name, scopes and duration; the old key stops at once (grace 0)
 * or after 1 or 7 days. Returns the new key, shown once. A key rotates once: one already
 * replaced (in its grace or past it) is refused, so a key never has two live successors; the
 * old key's row is locked for the rotation, so two rotations at once make one successor.
 */
export async function rotateApiKey(
  store: Store, keyId: string, opts: { graceDays: GraceDays; now?: Date },
): Promise<{ key: string; record: ApiKeyRecord; replaced: ApiKeyRecord }> {
  if (!GRACE_DAYS.includes(opts.graceDays)) throw new ServiceError('invalid_request', 'a carência é 0, 1 ou 7 dias');
  const now = opts.now ?? store.clock.now();
  await getApiKey(store, keyId);
  const out = await store.transaction(async (tx) => {
    const old = (await tx.query<ApiKeyRecord>(API_KEY_SQL.lockForRotation, [keyId])).rows[0];
    if (old.revogada_em && old.revogada_em.getTime() <= now.getTime()) {
      throw new ServiceError('invalid_request', `a chave ${old.prefixo} já foi revogada`);
    }
    if (old.substituida_por) {
      throw new ServiceError('invalid_request', `a chave ${old.prefixo} já foi rotacionada: rotacione a que a substituiu`);
    }
    const created = await insertApiKey(tx, {
      projectId: old.project_id, nome: old.nome, scopes: old.scopes, expiresInDays: old.duracao_dias,
    }, now);
    const stop = new Date(now.getTime() + opts.graceDays * DAY_MS);
    const r = await tx.query<ApiKeyRecord>(API_KEY_SQL.scheduleStop, [keyId, stop, created.record.id]);
    return { ...created, replaced: publicRecord(r.rows[0]) };
  });
  store.cache?.clear('key');
  return out;
}

/** Revocation is immediate (it also ends a rotation's grace). */
export async function revokeApiKey(store: Store, keyId: string, now: Date = store.clock.now()): Promise<ApiKeyRecord> {
  await getApiKey(store, keyId);
  const r = await store.query<ApiKeyRecord>(API_KEY_SQL.revoke, [keyId, now]);
  store.cache?.clear('key');
  return publicRecord(r.rows[0]);
}

export async function getApiKey(store: Store, keyId: string): Promise<ApiKeyRecord> {
  if (!isUuid(keyId)) throw new ServiceError('not_found', `key ${keyId} does not exist`);
  const r = await store.query<ApiKeyRecord>(API_KEY_SQL.get, [keyId]);
  if (r.rows.length === 0) throw new ServiceError('not_found', `key ${keyId} does not exist`);
  return publicRecord(r.rows[0]);
}

/** Keys of the project with their last use (spec: "The project's page shows each key's last use"), newest first. */
export async function listApiKeys(store: Store, projectId: string): Promise<ApiKeyRecord[]> {
  return (await store.query<ApiKeyRecord>(API_KEY_SQL.listByProject, [projectId])).rows.map(publicRecord);
}
