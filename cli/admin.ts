// `campaign-sim admin ...`: the operator's account actions (service/operations/account-actions.ts,
// the same the console's pages run for people): organizations, members, projects, keys, credits,
// spend limit, concurrency and webhooks. Prints JSON.
// Works on the embedded store (--data-dir, env DATA_DIR; not while `serve` holds it) or on the
// PostgreSQL server of DATABASE_URL.
import path from 'node:path';
import { type Command, InvalidArgumentError } from 'commander';
import { MEMBER_ROLES, type MemberRole } from '../service/accounts/accounts.js';
import { GRACE_DAYS, KEY_DURATIONS_DAYS, SCOPES, type GraceDays, type KeyDurationDays, type Scope } from '../service/accounts/api-keys.js';
import { INVITATION_DAYS } from '../service/accounts/invitation-days.js';
import { reaisToMicros } from '../service/accounts/reais.js';
import { withStore, type StoreFlags } from './admin-store.js';
import { registerAdminWebhook } from './admin-webhook.js';

/** "12.5" reais -> 12500000 micros, exactly (one credit is one real; service/accounts/reais.ts). */
export function parseReais(text: string): number {
  const micros = reaisToMicros(text);
  if (micros === null) throw new InvalidArgumentError('an amount in reais, e.g. 100 or 12.50 (at most 6 decimals)');
  return micros;
}

function parseScopes(text: string): Scope[] {
  const scopes = text.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = scopes.filter((s) => !SCOPES.includes(s as Scope));
  if (scopes.length === 0 || bad.length > 0) throw new InvalidArgumentError(`comma-separated scopes among ${SCOPES.join(', ')}`);
  return scopes as Scope[];
}

function parseExpiry(text: string): KeyDurationDays | null {
  if (text === 'never') return null;
  const n = Number(text);
  if (!KEY_DURATIONS_DAYS.includes(n as KeyDurationDays)) throw new InvalidArgumentError(`one of ${KEY_DURATIONS_DAYS.join(', ')} or never`);
  return n as KeyDurationDays;
}

function parseGrace(text: string): GraceDays {
  const n = Number(text);
  if (!GRACE_DAYS.includes(n as GraceDays)) throw new InvalidArgumentError(`one of ${GRACE_DAYS.join(', ')} days`);
  return n as GraceDays;
}

function parsePositiveInt(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('an integer >= 1');
  return n;
}

export function registerAdmin(program: Command): void {
  const admin = program
    .command('admin')
    .description('Manage organizations, members, projects, API keys, credits and limits (prints JSON)')
    .option('--data-dir <dir>', 'directory of the embedded store (env DATA_DIR)', process.env.DATA_DIR ?? path.join('data', 'pglite'))
    .option('--database-url <url>', 'PostgreSQL server (env DATABASE_URL); overrides --data-dir', process.env.DATABASE_URL)
    .option('--schema <name>', 'PostgreSQL schema of the service tables (env DATABASE_SCHEMA; default public)', process.env.DATABASE_SCHEMA)
    .addHelpText('after', '\nAmounts are in reais (one credit is one real) and printed in micros. The embedded store can be\nopened by one process at a time: stop `campaign-sim serve` first, or use DATABASE_URL.');
  const flags = (): StoreFlags => admin.opts<StoreFlags>();

  const org = admin.command('org').description('organizations');
  org.command('create').description('create an organization (concurrency limit 2, no spend limit, no credits)')
    .requiredOption('--nome <nome>', 'organization name')
    .action((o: { nome: string }) => withStore(flags(), (s, a) => a.createOrganization.run(s, { nome: o.nome })));
  org.command('show <orgId>').description('an organization with its balance, this month\'s spend and members')
    .action((orgId: string) => withStore(flags(), (s, a) => a.showOrganization.run(s, { organizationId: orgId })));
  org.command('rename <orgId> <nome>').description('a new name (1 to 120 characters)')
    .action((orgId: string, nome: string) => withStore(flags(), (s, a) => a.renameOrganization.run(s, { organizationId: orgId, nome })));

  const member = admin.command('member').description('members of organizations');
  member.command('add <orgId> <email>').description('add a person who has an account (or change the role of one); others are invited')
    .option('--papel <papel>', `role: ${MEMBER_ROLES.join(', ')}`, 'member')
    .action((orgId: string, email: string, o: { papel: MemberRole }) => withStore(flags(), (s, a) => a.addMember.run(s, { organizationId: orgId, email, papel: o.papel })));
  member.command('invite <orgId> <email>').description(`invite an e-mail by link (valid ${INVITATION_DAYS} days, once): the person opens it signed in with that e-mail`)
    .option('--papel <papel>', `role: ${MEMBER_ROLES.join(', ')}`, 'member')
    .action((orgId: string, email: string, o: { papel: MemberRole }) => withStore(flags(), async (s, a) => {
      // The operator invites as an owner would (any role, owner included).
      const token = await a.invite.run(s, { organizationId: orgId, email, papel: o.papel, by: 'owner' });
      return { email: email.trim().toLowerCase(), papel: o.papel, link: `/console/convites/${token}`, valido_dias: INVITATION_DAYS };
    }));

  const project = admin.command('project').description('projects');
  project.command('create <orgId>').description('create a project in the organization')
    .requiredOption('--nome <nome>', 'project name')
    .action((orgId: string, o: { nome: string }) => withStore(flags(), (s, a) => a.createProject.run(s, { organizationId: orgId, nome: o.nome })));
  project.command('archive <projectId>').description('archive a project: its keys stop at once')
    .action((id: string) => withStore(flags(), (s, a) => a.archiveProject.run(s, { projectId: id })));
  project.command('restore <projectId>').description('restore an archived project and its keys')
    .action((id: string) => withStore(flags(), (s, a) => a.restoreProject.run(s, { projectId: id })));

  const key = admin.command('key').description('API keys (svc_<prefix>_<secret>, shown once)');
  key.command('create <projectId>').description('create a key; the printed "key" is shown only this once')
    .requiredOption('--nome <nome>', 'key name')
    .option('--scopes <list>', `comma-separated: ${SCOPES.join(', ')}`, parseScopes, ['results:read', 'simulate'] as Scope[])
    .option('--expires <days>', 'expiry: 7, 30, 90, 365 or never', parseExpiry, null)
    .action((projectId: string, o: { nome: string; scopes: Scope[]; expires: KeyDurationDays | null }) =>
      withStore(flags(), (s, a) => a.createKey.run(s, { projectId, nome: o.nome, scopes: o.scopes, expiresInDays: o.expires })));
  key.command('rotate <keyId>').description('new key with the same name, scopes and duration; the old one stops after the grace')
    .option('--grace <days>', 'days the old key keeps working: 0, 1 or 7', parseGrace, 0 as GraceDays)
    .action((keyId: string, o: { grace: GraceDays }) => withStore(flags(), (s, a) => a.rotateKey.run(s, { keyId, graceDays: o.grace })));
  key.command('revoke <keyId>').description('revoke a key at once')
    .action((keyId: string) => withStore(flags(), (s, a) => a.revokeKey.run(s, { keyId })));
  key.command('list <projectId>').description('keys of a project with their last use (never the key text)')
    .action((projectId: string) => withStore(flags(), (s, a) => a.listKeys.run(s, { projectId })));

  admin.command('credits').description('credits of organizations')
    .command('add <orgId> <reais>').description('add credits (in reais, e.g. 100 or 12.50)')
    .option('--nota <text>', 'note kept with the ledger entry')
    .action((orgId: string, reais: string, o: { nota?: string }) => withStore(flags(), (s, a) => a.addCredits.run(s, { organizationId: orgId, micros: parseReais(reais), nota: o.nota })));

  admin.command('spend-limit').description('monthly spend limit of an organization')
    .command('set <orgId> <reais>').description('set the monthly limit in reais, or "none" to remove it')
    .action((orgId: string, reais: string) => withStore(flags(), (s, a) => a.setSpendLimit.run(s, { organizationId: orgId, micros: reais === 'none' ? null : parseReais(reais) })));

  admin.command('spend-alert').description('the share of the monthly limit at which the console warns (and the log says it once a month)')
    .command('set <orgId> <percent>').description('a whole percent from 1 to 100, or "none" to turn it off')
    .action((orgId: string, p: string) => withStore(flags(), (s, a) => a.setSpendAlert.run(s, { organizationId: orgId, parte: p === 'none' ? null : parsePositiveInt(p) })));

  admin.command('concurrency').description('jobs an organization runs at once')
    .command('set <orgId> <n>').description('set how many jobs may run at once (default 2)')
    .action((orgId: string, n: string) => withStore(flags(), (s, a) => a.setConcurrencyLimit.run(s, { organizationId: orgId, limit: parsePositiveInt(n) })));

  admin.command('dev-account').description('create or reuse the development organization (credits on creation only) and print a fresh key')
    .action(() => withStore(flags(), (s, a) => a.createDevAccount.run(s, {})));

  registerAdminWebhook(admin, flags);
}
