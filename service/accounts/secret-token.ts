// Bearer secrets the service hands out and keeps only by digest (console sessions, invitation
// links, the authorization server's tokens and codes): a copied table opens nothing.
import { createHash, randomBytes } from 'node:crypto';

/** A new random secret: 32 bytes, base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored in place of a secret: its SHA-256, hex. */
export function secretDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
