// The development account of `npm start` (and `campaign-sim admin dev-account`): an organization,
// a project, credits and a key. Made once, on the first start; later starts reuse all of it and
// leave the balance as the jobs left it (before, every start minted a new never-expiring key and
// topped the credits back up). It sits above accounts, keys and the ledger, which know nothing of it.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { addMember, createOrganization, createProject, type Organization, type Project } from './accounts.js';
import { createPerson, verifyPerson } from './people.js';
import { authenticateApiKey, createApiKey } from './api-keys.js';
import { addCredits, balance } from './ledger.js';
import type { Store } from '../store/open-store.js';
import { ACCOUNT_SQL } from '../store/queries/accounts.js';

/** Name of the development organization `npm start` creates on the embedded store. */
export const DEV_ORGANIZATION = 'Desenvolvimento local';
/** Credits the development organization starts with (1,000 reais). */
export const DEV_CREDITS_MICROS = 1_000_000_000;

export interface DevAccount {
  organizationId: string;
  projectId: string;
  /** The development key (with every scope of jobs): the one of keyFile when it still works, otherwise a new one. */
  apiKey: string;
  keyPrefix: string;
  balanceMicros: number;
  /** True when the organization was created by this call. */
  created: boolean;
  /** True when apiKey was created by this call. */
  newKey: boolean;
  /** The development owner's console sign-in (with passwordFile): its password, or null once the person changed it. */
  console?: { email: string; password: string | null };
}

export interface DevAccountOptions {
  /**
   * Where the key is kept between starts (only its hash is in the store, so it cannot be shown
   * again otherwise), readable by its owner only. Without it, every call creates a key.
   */
  keyFile?: string;
  /**
   * Where the development owner's console password is kept (as the key): with it, the first call
   * creates the person DEV_OWNER_EMAIL, owner of the organization, with a random password.
   */
  passwordFile?: string;
}

/** The development owner's e-mail on the console. */
export const DEV_OWNER_EMAIL = 'dev@campaign-sim.local';

function readKeyFile(file: string | undefined): string | null {
  if (file === undefined) return null;
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The development account: creates (first call) or reuses the organization DEV_ORGANIZATION,
 * its project and, with keyFile, its key (a key revoked, or of another project, is replaced).
 * Credits are added once, when the organization is created.
 */
export async function createDevAccount(store: Store, opts: DevAccountOptions = {}): Promise<DevAccount> {
  let org = (await store.query<Organization>(ACCOUNT_SQL.findOrganizationByName, [DEV_ORGANIZATION])).rows[0];
  const created = !org;
  if (!org) {
    org = await createOrganization(store, { nome: DEV_ORGANIZATION });
    await addCredits(store, org.id, DEV_CREDITS_MICROS, 'development credits');
  }
  let project = (await store.query<Project>(ACCOUNT_SQL.firstProject, [org.id])).rows[0];
  if (!project) project = await createProject(store, { organizationId: org.id, nome: 'Projeto de desenvolvimento' });
  const kept = readKeyFile(opts.keyFile);
  const keptKey = kept === null ? null : await authenticateApiKey(store, kept);
  let apiKey: string;
  let keyPrefix: string;
  if (kept !== null && keptKey?.projectId === project.id) {
    apiKey = kept;
    keyPrefix = keptKey.keyPrefix;
  } else {
    const made = await createApiKey(store, { projectId: project.id, nome: 'dev', scopes: ['results:read', 'simulate'], expiresInDays: null });
    apiKey = made.key;
    keyPrefix = made.record.prefixo;
    if (opts.keyFile !== undefined) fs.writeFileSync(opts.keyFile, `${apiKey}\n`, { mode: 0o600 });
  }
  return {
    organizationId: org.id, projectId: project.id, apiKey, keyPrefix,
    balanceMicros: await balance(store, org.id), created, newKey: apiKey !== kept,
    ...(opts.passwordFile !== undefined ? { console: await devOwner(store, org.id, opts.passwordFile) } : {}),
  };
}

/**
 * The development owner: created once with a random password kept in `file`; later calls reuse
 * it, and say null for the password when the person changed it on the console (never reset).
 */
async function devOwner(store: Store, orgId: string, file: string): Promise<{ email: string; password: string | null }> {
  const kept = readKeyFile(file);
  if (kept !== null && (await verifyPerson(store, DEV_OWNER_EMAIL, kept))) return { email: DEV_OWNER_EMAIL, password: kept };
  const password = randomBytes(12).toString('base64url');
  try {
    await createPerson(store, DEV_OWNER_EMAIL, password);
  } catch {
    return { email: DEV_OWNER_EMAIL, password: null }; // the account exists with a password of the person's own
  }
  await addMember(store, { organizationId: orgId, email: DEV_OWNER_EMAIL, papel: 'owner' });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return { email: DEV_OWNER_EMAIL, password };
}
