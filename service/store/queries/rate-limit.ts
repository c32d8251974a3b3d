// SQL of the shared rate-limit counters (store/rate-limit-postgres.ts): one row per (bucket, second).
export const RATE_LIMIT_SQL = {
  // Check-and-count of each stage in one round trip (function of migration 14), a stage taken when
  // the ones before had room. Callers list buckets in one fixed order (credential before address,
  // key before organization, burst before hour), so concurrent takes lock rows in the same order
  // and cannot deadlock.
  takeInTurn: `SELECT etapa, contagem, mais_antigo, cheio FROM rate_limit_take_stages($1::text[], $2::bigint[], $3::integer[], $4::integer[], $5::bigint) ORDER BY etapa, ord`,
  // A heavy read's extra weight, in the same bucket order as the takes (no deadlock with them).
  add: `INSERT INTO rate_limit_counts AS c (chave, segundo, n)
    SELECT b.chave, $2, $3 FROM unnest($1::text[]) WITH ORDINALITY AS b(chave, o) ORDER BY b.o
    ON CONFLICT (chave, segundo) DO UPDATE SET n = c.n + EXCLUDED.n`,
  counts: `SELECT segundo, n FROM rate_limit_counts WHERE chave = $1 AND segundo >= $2 AND n > 0 ORDER BY segundo`,
  prune: `DELETE FROM rate_limit_counts WHERE segundo < $1`,
} as const;
