// The activation check of a webhook URL (spec "Events": https and public; internal network
// addresses refused). The WHATWG URL parser has already turned odd IPv4 spellings (decimal
// 2130706433, hex 0x7f.1, short 127.1, octal) into dotted form, so they meet the same address
// policy as 127.0.0.1. The port must be 443 or unprivileged (port-policy.ts). A name is resolved and every address it gives must be public; the send
// checks again the address each connection really uses (webhook-agent.ts: DNS rebinding).
import { lookup } from 'node:dns/promises';
import { ServiceError } from '../../src/errors.js';
import { refusalOfAddress, type AddressPolicy } from './address-policy.js';
import { HTTPS_PORT, refusalOfPort } from './port-policy.js';

/** Addresses of a host name (all of them, as the system resolver gives them). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithSystem: ResolveHost = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const MAX_URL_LENGTH = 2048;

/**
 * Why a URL is refused, as data beside the message (docs/webhooks.md): `motivo` and what it names,
 * so the console says it in Portuguese (service/console/refusal-words.ts) while the CLI prints the message.
 */
export type WebhookUrlRefusal =
  | { motivo: 'url_longa'; limite: number }
  | { motivo: 'nao_e_url' }
  | { motivo: 'nao_https'; esquema: string }
  | { motivo: 'com_credenciais' }
  | { motivo: 'porta_recusada'; porta: number }
  | { motivo: 'nao_resolve'; host: string }
  | { motivo: 'endereco_nao_publico'; host: string; endereco: string };

function refuse(message: string, why: WebhookUrlRefusal): never {
  throw new ServiceError('webhook_url_refused', message, { extra: why });
}

/** The host of a URL without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** The URL normalised, or webhook_url_refused (422) with the reason. */
export async function checkWebhookUrl(text: string, policy: AddressPolicy, resolve: ResolveHost = resolveWithSystem): Promise<URL> {
  if (text.length > MAX_URL_LENGTH) refuse(`the URL is longer than ${MAX_URL_LENGTH} characters`, { motivo: 'url_longa', limite: MAX_URL_LENGTH });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(`${JSON.stringify(text)} is not a URL`, { motivo: 'nao_e_url' });
  }
  if (url.protocol !== 'https:') refuse(`the URL must be https, not ${url.protocol.slice(0, -1)}`, { motivo: 'nao_https', esquema: url.protocol.slice(0, -1) });
  if (url.username !== '' || url.password !== '') refuse('the URL must not carry credentials (user:password@)', { motivo: 'com_credenciais' });
  const port = url.port === '' ? HTTPS_PORT : Number(url.port);
  const portRefused = refusalOfPort(port);
  if (portRefused) refuse(`the URL's ${portRefused}`, { motivo: 'porta_recusada', porta: port });
  const host = hostOf(url);
  let addresses: string[];
  if (/^[0-9.]+$/.test(host) || host.includes(':')) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return refuse(`${host} does not resolve`, { motivo: 'nao_resolve', host });
    }
    if (addresses.length === 0) refuse(`${host} does not resolve`, { motivo: 'nao_resolve', host });
  }
  for (const a of addresses) {
    const why = refusalOfAddress(a, policy);
    if (why) refuse(host === a ? why : `${host} resolves to ${why}`, { motivo: 'endereco_nao_publico', host, endereco: a });
  }
  return url;
}
