// Which ports a webhook may reach (and a client metadata document be fetched from): 443, the
// https port, or an unprivileged one, 1024 to 65535. Below 1024 are the system's services (22 ssh,
// 25 smtp, 53 dns, ...): no receiver of a signed https POST listens there, and a URL naming one
// only points the sender at such a service; port 0 names none. A receiver on a port of its own
// (8443, 3000, ...) is common. The spec says "https and public" and nothing of ports (issue 54:
// `:22` and `:0` were accepted). Used by check-webhook-url.ts (activation) and webhook-agent.ts
// (each connection: a URL stored before the rule is refused at send).

export const HTTPS_PORT = 443;
export const FIRST_UNPRIVILEGED_PORT = 1024;

/** Why `port` may not be reached, or null when it may. */
export function refusalOfPort(port: number): string | null {
  if (port === HTTPS_PORT || (port >= FIRST_UNPRIVILEGED_PORT && port <= 65_535)) return null;
  return `port ${port} is refused (${HTTPS_PORT}, or an unprivileged port from ${FIRST_UNPRIVILEGED_PORT} to 65535)`;
}
