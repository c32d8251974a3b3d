// SQL of the shared rate-limit counters (store/rate-limit-postgres.ts): one row per (bucket, second).
export const RATE_LIMIT_SQL = {
  // Check-and-count of each stage in one round trip (function of migration 14), a stage taken when
  // the ones before had room. Callers list buckets in one fixed order (credential before address,
  // key before organization, burst before hour), so concurrent takes lock rows in the same order
  // and cannot deadlock.
  takeInTurn: `SELECT etapa, contagem, mais_antigo, cheio FROM rate_limit_take_stages($1::text[], $2::bigint[], $3::integer[], $4::integer[], $5::bigint) ORDER BY etapa, ord`,
  counts: `SELECT segundo, n FROM rate_limit_counts WHERE chave = $1 AND segundo >= $2 AND n > 0 ORDER BY segundo`,
  prune: `DELETE FROM rate_limit_counts WHERE segundo < $1`,
} as const;
