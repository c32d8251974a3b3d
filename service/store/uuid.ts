// Ids of the store are uuids; a path or CLI argument that is not one names nothing (404), instead of a PostgreSQL cast error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && UUID.test(s);
}
