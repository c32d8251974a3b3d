// SQL of the fleet (service/execution/fleet.ts): the workers that take tasks of spread jobs and their
// last sign of life (migration 12).
export const FLEET_SQL = {
  // A worker's sign of life (its first one records when it started).
  beat: `INSERT INTO workers (id, threads, iniciado_em, visto_em) VALUES ($1, $2, $3, $3)
    ON CONFLICT (id) DO UPDATE SET threads = EXCLUDED.threads, visto_em = EXCLUDED.visto_em`,
  leave: `DELETE FROM workers WHERE id = $1`,
  // Workers seen since $1 and their task threads (the measured fleet).
  live: `SELECT count(*)::bigint AS workers, COALESCE(sum(threads), 0)::bigint AS threads FROM workers WHERE visto_em >= $1`,
  // Rows of workers silent since $1 (their process died without leaving).
  sweep: `DELETE FROM workers WHERE visto_em < $1`,
} as const;
