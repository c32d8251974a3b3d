// Which addresses a webhook may reach: public unicast only (spec "Events": internal network
// addresses are refused at activation and at each send). ipaddr.js classifies the address; only
// its plain `unicast` range passes, so loopback, private, link-local (169.254.169.254 included),
// CGNAT, multicast, broadcast, unspecified, reserved and documentation ranges, unique-local and
// site-local IPv6, and IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo) are
// all refused. ipaddr.js calls `unicast` some IPv6 addresses outside the global unicast space
// 2000::/3 that are no public host, such as the deprecated IPv4-compatible ::/96 (::7f00:1 is
// 127.0.0.1), so an IPv6 address must also lie inside 2000::/3 (RFC 4291; the special blocks
// inside it, 2001::/23, 2001:db8::/32, 2002::/16, have ranges of their own in ipaddr.js).
// Used by check-webhook-url.ts (activation) and webhook-agent.ts (each connection).
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

export interface AddressPolicy {
  /**
   * Loopback receivers for local development (CAMPAIGN_SIM_WEBHOOK_ALLOW_LOOPBACK=1, never in
   * production: webhook-settings.ts). Only loopback: private networks stay refused.
   */
  allowLoopback: boolean;
}

export const PUBLIC_ONLY: AddressPolicy = { allowLoopback: false };

/** Why `address` (an IP literal) may not be reached, or null when it may. */
export function refusalOfAddress(address: string, policy: AddressPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (range === 'unicast' && parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(GLOBAL_UNICAST)) {
    return `${address} is not a public address (outside the global unicast 2000::/3)`;
  }
  if (range === 'unicast') return null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return `${address} is not a public address (${range})`;
}
