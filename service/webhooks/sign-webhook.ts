// The signature of a delivery (spec "Events", header Svc-Webhook-Signature): v1= and the
// lowercase hex HMAC-SHA256 over "<timestamp>.<raw body>", keyed with the signing secret.
// examples/webhook-receiver.mjs verifies it; keep the two in sync.
import { createHmac, randomBytes } from 'node:crypto';

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A new signing secret: 32 random bytes, shown once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
