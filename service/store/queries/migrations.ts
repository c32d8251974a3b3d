// SQL of the migration runner (service/store/open-store.ts applyMigrations).
export const MIGRATION_SQL = {
  // One migrator per schema at a time, across processes.
  lock: `SELECT pg_advisory_xact_lock(hashtext('campaign-sim.migrate.' || current_schema()))`,
  createTable: `CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`,
  isApplied: `SELECT 1 FROM schema_migrations WHERE version = $1`,
  record: `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`,
} as const;
