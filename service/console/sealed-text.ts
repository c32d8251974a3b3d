// Text only the console can read back: AES-256-GCM under a key derived from the console's secret
// and a purpose ("flash", "convite"), so one purpose's text never opens as another's. The flash
// cookie (flash.ts) and the invitation links kept to be shown again (console-organization-routes.ts) use it.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface Sealer {
  /** The text sealed: base64url of iv, tag and ciphertext. */
  seal(text: string): string;
  /** The text, or null when `sealed` was altered or made under another secret or purpose. */
  open(sealed: string): string | null;
}

export function sealer(secret: string, purpose: string): Sealer {
  const key = createHash('sha256').update(`${purpose}:${secret}`).digest();
  return {
    seal(text) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      try {
        const buf = Buffer.from(sealed, 'base64url');
        const d = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
        d.setAuthTag(buf.subarray(12, 28));
        return Buffer.concat([d.update(buf.subarray(28)), d.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
