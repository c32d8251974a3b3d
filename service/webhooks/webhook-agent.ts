// The HTTP agent of webhook sends: every connection resolves its host itself and connects to an
// address the policy allows, so the address checked is the address the socket uses (a name that
// resolved to a public address at activation and to 127.0.0.1 now is refused now: DNS
// rebinding), on a port the port policy allows. TLS still verifies the certificate against the URL's host name. Redirects are
// never followed (undici's request does not follow them; a 3xx is a failure: send-webhook.ts).
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { refusalOfAddress, type AddressPolicy } from './address-policy.js';
import { HTTPS_PORT, refusalOfPort } from './port-policy.js';
import { resolveWithSystem, type ResolveHost } from './check-webhook-url.js';

/** Time to open a connection (the spec's 10 s covers the whole attempt: send-webhook.ts). */
const CONNECT_TIMEOUT_MS = 10_000;

export interface WebhookAgentOptions {
  policy: AddressPolicy;
  /** Default: the system resolver. Tests inject one (rebinding). */
  resolve?: ResolveHost;
  /** Extra trusted certificate authorities (tests: a self-signed receiver). */
  ca?: string | Buffer;
}

export class AddressRefused extends Error {}

export function createWebhookAgent(o: WebhookAgentOptions): Agent {
  const resolve = o.resolve ?? resolveWithSystem;
  const base = buildConnector({ timeout: CONNECT_TIMEOUT_MS, ...(o.ca ? { ca: o.ca } : {}) });
  const connect: buildConnector.connector = (opts, callback) => {
    const host = opts.hostname.startsWith('[') ? opts.hostname.slice(1, -1) : opts.hostname;
    const portRefused = refusalOfPort(opts.port ? Number(opts.port) : HTTPS_PORT);
    if (portRefused) return callback(new AddressRefused(portRefused), null);
    (isIP(host) ? Promise.resolve([host]) : resolve(host)).then((addresses) => {
      const address = addresses[0];
      if (address === undefined) throw new AddressRefused(`${host} does not resolve`);
      const why = refusalOfAddress(address, o.policy);
      if (why) throw new AddressRefused(host === address ? why : `${host} resolves to ${why}`);
      base({ ...opts, hostname: address }, callback);
    }).catch((err: Error) => callback(err, null));
  };
  return new Agent({ connect, keepAliveTimeout: 1_000 });
}
