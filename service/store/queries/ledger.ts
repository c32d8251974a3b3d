// SQL of the credits ledger (service/accounts/ledger.ts). The balance is always the sum of the entries.
export const LEDGER_SQL = {
  insertCredit: `INSERT INTO ledger_entries (organization_id, tipo, valor_micros, nota, criado_em)
    VALUES ($1, 'credito', $2, $3, $4) RETURNING *`,
  // the month's spend alert, said once: only the first reservation of the month past the share marks it
  markSpendAlert: `UPDATE organizations SET alerta_gasto_mes = $2 WHERE id = $1 AND alerta_gasto_mes IS DISTINCT FROM $2 RETURNING id`,
  insertReservation: `INSERT INTO ledger_entries (organization_id, job_id, tipo, valor_micros, criado_em)
    VALUES ($1, $2, 'reserva', -$3::bigint, $4) RETURNING *`,
  // Resolution of a job's reservation: spent (0) or returned whole (+price). The unique index
  // ledger_one_resolution makes a second resolution fail instead of counting twice.
  insertResolution: `INSERT INTO ledger_entries (organization_id, job_id, tipo, valor_micros, criado_em)
    SELECT r.organization_id, r.job_id, $2::text, CASE WHEN $2::text = 'devolucao' THEN -r.valor_micros ELSE 0 END, $3
    FROM ledger_entries r WHERE r.job_id = $1 AND r.tipo = 'reserva' RETURNING *`,
  balance: `SELECT COALESCE(SUM(valor_micros), 0)::bigint AS saldo FROM ledger_entries WHERE organization_id = $1`,
  // Spend of a month: reservations made in [start, end) that were not returned (pending or spent).
  monthSpend: `SELECT COALESCE(-SUM(r.valor_micros), 0)::bigint AS gasto FROM ledger_entries r
    WHERE r.organization_id = $1 AND r.tipo = 'reserva' AND r.criado_em >= $2 AND r.criado_em < $3
      AND NOT EXISTS (SELECT 1 FROM ledger_entries d WHERE d.job_id = r.job_id AND d.tipo = 'devolucao')`,
  // each entry's job with its project while the project is live (the statement links there)
  entries: `SELECT e.*, j.nome AS job_nome, p.id AS job_projeto FROM ledger_entries e
    LEFT JOIN jobs j ON j.id = e.job_id
    LEFT JOIN projects p ON p.id = j.project_id AND p.excluido_em IS NULL
    WHERE e.organization_id = $1 ORDER BY e.id`,
} as const;
