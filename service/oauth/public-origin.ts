// The service's public origin: the OAuth issuer for agents, the `resource` of /mcp and the
// address of its protected-resource metadata (docs/agents.md, "Discovery"). Never a request's
// Host or X-Forwarded-Host: the first request used to fix it for everyone, so one request with
// `Host: attacker.example` sent every agent's client to the attacker. It is
// CAMPAIGN_SIM_PUBLIC_URL (`serve` refuses to start in production without it), or in development
// the address the app listens on.
import type { AddressInfo } from 'node:net';

/** `url` as an origin (scheme, host, port; no path, query, fragment or credentials), or the reason it is not one. */
export function parsePublicUrl(url: string): { origin: string } | { refusal: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { refusal: `the public URL ${JSON.stringify(url)} is not a URL` };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { refusal: `the public URL ${url} must be http or https` };
  if (u.username || u.password || u.search || u.hash || u.pathname !== '/') {
    return { refusal: `the public URL ${url} must be an origin only (scheme, host and port), e.g. https://sim.example.org` };
  }
  return { origin: u.origin };
}

/**
 * The origin of the address an app listens on (Fastify's server.address()): http://<host>:<port>,
 * localhost for a wildcard address; http://localhost for an app that is not listening (tests
 * that inject requests).
 */
export function listenOrigin(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') return 'http://localhost';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
