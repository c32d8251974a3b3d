// The credits ledger (spec "Accounting rules"). Credits belong to the organization and are
// integers in micros. The balance is the sum of the organization's entries; nothing else holds
// money. A job's price is reserved on submission (reserveForJob, inside createJob's transaction)
// and the reservation resolves exactly once, in the transaction of the job's state change:
// spent on concluido, returned whole on falhou or cancelado. The unique index
// ledger_one_resolution enforces "exactly once" in the database. SQL in store/queries/ledger.ts.
import { ServiceError } from '../../src/errors.js';
import type { Organization } from './accounts.js';
import { formatCredits } from './reais.js';
import type { Queryable, Store } from '../store/open-store.js';
import { ACCOUNT_SQL } from '../store/queries/accounts.js';
import { LEDGER_SQL } from '../store/queries/ledger.js';

export type LedgerEntryType = 'credito' | 'reserva' | 'gasto' | 'devolucao';

export interface LedgerEntry {
  id: number;
  organization_id: string;
  job_id: string | null;
  tipo: LedgerEntryType;
  valor_micros: number;
  nota: string | null;
  criado_em: Date;
}

/** A statement line: the entry with its job's name and live project (null without a job, or when its project is deleted). */
export interface StatementEntry extends LedgerEntry {
  job_nome: string | null;
  job_projeto: string | null;
}

export async function addCredits(store: Store, organizationId: string, micros: number, note?: string): Promise<LedgerEntry> {
  if (!(Number.isSafeInteger(micros) && micros > 0)) throw new ServiceError('invalid_request', 'o valor precisa ser maior que zero');
  return store.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const r = await tx.query<LedgerEntry>(LEDGER_SQL.insertCredit, [organizationId, micros, note ?? null, store.clock.now()]);
    return r.rows[0];
  });
}

/** Balance in micros: the sum of every entry of the organization (reservations still pending are already deducted). */
export async function balance(db: Queryable, organizationId: string): Promise<number> {
  return (await db.query<{ saldo: number }>(LEDGER_SQL.balance, [organizationId])).rows[0].saldo;
}

/**
 * Spend of the calendar month containing `now` (default: the store's clock), in Brazil's official time (UTC-3, no daylight
 * saving since 2019): reservations made in the month that did not return (pending or spent).
 */
export async function monthSpend(db: Queryable | Store, organizationId: string, now?: Date): Promise<number> {
  const [start, end] = monthBounds(now ?? ('clock' in db ? db.clock.now() : new Date()));
  return (await db.query<{ gasto: number }>(LEDGER_SQL.monthSpend, [organizationId, start, end])).rows[0].gasto;
}

export async function listEntries(db: Queryable, organizationId: string): Promise<StatementEntry[]> {
  return (await db.query<StatementEntry>(LEDGER_SQL.entries, [organizationId])).rows;
}

const BRT_OFFSET_MS = 3 * 3600_000;

/** [start, end) of the month of `now` in UTC-3, as instants. */
export function monthBounds(now: Date): [Date, Date] {
  const local = new Date(now.getTime() - BRT_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  return [new Date(Date.UTC(y, m, 1) + BRT_OFFSET_MS), new Date(Date.UTC(y, m + 1, 1) + BRT_OFFSET_MS)];
}

/** Locks the organization row: reservations and top-ups of one organization happen one at a time. */
export async function lockOrganization(tx: Queryable, organizationId: string): Promise<Organization> {
  const r = await tx.query<Organization>(ACCOUNT_SQL.lockOrganization, [organizationId]);
  if (r.rows.length === 0) throw new ServiceError('not_found', `organization ${organizationId} does not exist`);
  return r.rows[0];
}

/** This month's spend passed the organization's alert share of its limit (docs/console.md, "Spend alert"). */
export interface SpendAlert { organization_id: string; parte: number; gasto_micros: number; limite_micros: number }

/** "2026-11": the month of `now` in Brasília (UTC-3), as monthBounds counts it. */
export function monthKey(now: Date): string {
  return new Date(now.getTime() - BRT_OFFSET_MS).toISOString().slice(0, 7);
}

/**
 * Checks balance and monthly limit and reserves `price` for the job. Call inside the
 * transaction that creates the job, after lockOrganization. Returns the spend alert when this
 * reservation takes the month's spend to the organization's alert share of its limit for the
 * first time this month (marked in the row, so it is said once), else null.
 */
export async function reserveForJob(
  tx: Queryable, org: Organization, jobId: string, price: number, now: Date,
): Promise<SpendAlert | null> {
  const saldo = await balance(tx, org.id);
  if (saldo < price) {
    throw new ServiceError('insufficient_credits',
      `a organização tem ${formatCredits(saldo)} e o job custa ${formatCredits(price)}`);
  }
  let gasto = 0;
  if (org.limite_gasto_mensal_micros !== null) {
    gasto = await monthSpend(tx, org.id, now);
    if (gasto + price > org.limite_gasto_mensal_micros) {
      throw new ServiceError('spend_limit_reached',
        `o job levaria o gasto deste mês a ${formatCredits(gasto + price)}, acima do limite mensal de ${formatCredits(org.limite_gasto_mensal_micros)}`);
    }
  }
  await tx.query(LEDGER_SQL.insertReservation, [org.id, jobId, price, now]);
  const limite = org.limite_gasto_mensal_micros;
  const parte = org.alerta_gasto_parte ?? null;
  if (limite === null || parte === null || (gasto + price) * 100 < limite * parte) return null;
  const first = await tx.query(LEDGER_SQL.markSpendAlert, [org.id, monthKey(now)]);
  return first.rows.length > 0 ? { organization_id: org.id, parte, gasto_micros: gasto + price, limite_micros: limite } : null;
}

/** Resolves the job's reservation: 'gasto' on concluido, 'devolucao' (whole price back) on falhou or cancelado. */
export async function resolveReservation(tx: Queryable, jobId: string, how: 'gasto' | 'devolucao', now: Date): Promise<void> {
  const r = await tx.query(LEDGER_SQL.insertResolution, [jobId, how, now]);
  if (r.rows.length !== 1) throw new Error(`job ${jobId} has no reservation to resolve`);
}
