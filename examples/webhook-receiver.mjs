// A minimal receiver of campaign-sim webhooks (docs/webhooks.md), with no dependencies:
//   WEBHOOK_SECRET=whsec_... PORT=8443 TLS_CERT=cert.pem TLS_KEY=key.pem node examples/webhook-receiver.mjs
// (the service sends to https only; behind a TLS-terminating proxy, drop TLS_CERT/TLS_KEY and it
// serves plain http). It verifies each delivery as the spec asks: the HMAC over the raw bytes,
// before parsing; a constant-time comparison; a timestamp within 5 minutes; repeated
// Svc-Webhook-Id values acknowledged and ignored. GET /v1/jobs/{id} stays the source of truth.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttp } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { pathToFileURL } from 'node:url';

export const TOLERANCE_SECONDS = 5 * 60;

/**
 * Whether a delivery is authentic: `raw` the body bytes as received, `headers` Node's
 * lower-cased request headers. Returns null when it is, else the reason.
 */
export function verifyWebhook(raw, headers, secret, nowMs = Date.now()) {
  const timestamp = headers['svc-webhook-timestamp'];
  const signature = headers['svc-webhook-signature'];
  if (typeof timestamp !== 'string' || !/^\d+$/.test(timestamp)) return 'missing or malformed Svc-Webhook-Timestamp';
  if (typeof signature !== 'string' || !signature.startsWith('v1=')) return 'missing or malformed Svc-Webhook-Signature';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return 'timestamp more than 5 minutes away';
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex')}`);
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature does not match';
  return null;
}

function main() {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) throw new Error('set WEBHOOK_SECRET to the secret `campaign-sim admin webhook set` printed');
  const seen = new Set(); // a real receiver keeps the ids it handled in its database
  const handler = (req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const why = verifyWebhook(raw, req.headers, secret);
      if (why) {
        res.writeHead(401).end(why);
        return;
      }
      const id = req.headers['svc-webhook-id'];
      if (!seen.has(id)) {
        seen.add(id);
        const event = JSON.parse(raw.toString('utf8'));
        console.log(`${event.evento}${event.job ? ` ${event.job.id} ${event.job.estado}` : ''}`);
      }
      res.writeHead(204).end();
    });
  };
  const tls = process.env.TLS_CERT && process.env.TLS_KEY;
  const server = tls
    ? createHttps({ cert: readFileSync(process.env.TLS_CERT), key: readFileSync(process.env.TLS_KEY) }, handler)
    : createHttp(handler);
  const port = Number(process.env.PORT ?? 8443);
  server.listen(port, () => console.log(`listening on ${tls ? 'https' : 'http'}://0.0.0.0:${port}`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main();
  } catch (e) {
    // a missing secret or an unreadable certificate: one line, not a stack trace
    console.error(`webhook-receiver: ${e.message}`);
    process.exit(2);
  }
}
