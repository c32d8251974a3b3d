// SQL of the shared rate-limit counters (store/rate-limit-postgres.ts): one row per (bucket, second).
export const RATE_LIMIT_SQL = {
  // Rows are locked in array order; callers always list buckets in one fixed order (credential
  // before address, key before organization), so concurrent takes cannot deadlock.
  increment: `INSERT INTO rate_limit_counts (chave, segundo, n)
    SELECT chave, $2::bigint, 1 FROM unnest($1::text[]) WITH ORDINALITY AS b(chave, ord) ORDER BY ord
    ON CONFLICT (chave, segundo) DO UPDATE SET n = rate_limit_counts.n + 1`,
  windows: `SELECT w.ord, COALESCE(sum(c.n), 0)::bigint AS count, min(c.segundo) AS oldest
    FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS w(chave, desde, ord)
    LEFT JOIN rate_limit_counts c ON c.chave = w.chave AND c.segundo >= w.desde
    GROUP BY w.ord ORDER BY w.ord`,
  counts: `SELECT segundo, n FROM rate_limit_counts WHERE chave = $1 AND segundo >= $2 ORDER BY segundo`,
  prune: `DELETE FROM rate_limit_counts WHERE segundo < $1`,
} as const;
