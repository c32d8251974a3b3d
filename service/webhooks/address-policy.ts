// Which addresses a webhook may reach: public unicast only (spec "Events": internal network
// addresses are refused at activation and at each send). ipaddr.js classifies the address; only
// its plain `unicast` range passes, so loopback, private, link-local (169.254.169.254 included),
// CGNAT, multicast, broadcast, unspecified, reserved and documentation ranges, unique-local and
// site-local IPv6, and IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo) are
// all refused. Used by check-webhook-url.ts (activation) and webhook-agent.ts (each connection).
import ipaddr from 'ipaddr.js';

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
  const range = ipaddr.parse(address).range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return `${address} is not a public address (${range})`;
}
