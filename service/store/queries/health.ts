// SQL of the health check (GET /healthz): the cheapest statement that needs the database.
export const HEALTH_SQL = {
  ping: 'SELECT 1 AS ok',
} as const;
