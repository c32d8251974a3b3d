// One attempt of a delivery (spec "Events", delivery rule 1): POST the body with its signed
// headers; a 2xx within 10 seconds is success, anything else (another status, a redirect, a
// refused address, no answer) is a failure. The first bytes of the receiver's answer are kept
// for the delivery log.
import { request, type Agent } from 'undici';
import { signWebhook } from './sign-webhook.js';

export const SEND_TIMEOUT_MS = 10_000;
/** Bytes of the receiver's answer kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 512;

export interface Delivery {
  id: string;
  url: string;
  segredo: string;
  corpo: string;
}

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  /** First bytes of the answer (UTF-8, possibly cut mid-character). */
  resposta: string | null;
  /** Why there was no answer (connection refused, timeout, address refused). */
  erro: string | null;
}

async function excerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    n += chunk.length;
    if (n >= RESPONSE_EXCERPT_BYTES) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
}

/** Sends `d` now; `nowMs` is the signature's time (seconds since 1970 in the header). */
export async function sendWebhook(agent: Agent, d: Delivery, nowMs: number): Promise<AttemptOutcome> {
  const timestamp = Math.floor(nowMs / 1000);
  try {
    const res = await request(d.url, {
      method: 'POST',
      dispatcher: agent,
      body: d.corpo,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'campaign-sim-webhooks',
        'svc-webhook-id': d.id,
        'svc-webhook-timestamp': String(timestamp),
        'svc-webhook-signature': signWebhook(d.segredo, timestamp, d.corpo),
      },
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const resposta = await excerpt(res.body);
    return { ok: res.statusCode >= 200 && res.statusCode < 300, status: res.statusCode, resposta, erro: null };
  } catch (err) {
    const e = err as Error & { cause?: Error };
    const why = e.name === 'TimeoutError' ? `no answer within ${SEND_TIMEOUT_MS / 1000} s` : (e.cause?.message ?? e.message);
    return { ok: false, status: null, resposta: null, erro: why.slice(0, 500) };
  }
}
