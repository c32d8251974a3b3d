// What a console page says once after a form's POST (POST-redirect-GET): the POST changes
// something, keeps its outcome here and answers 303 to the page; the GET shows it and clears it,
// so a reload neither repeats the POST nor shows the outcome again. A new key or signing secret
// goes this way too, so it is never in a URL: the flash is a cookie encrypted and authenticated
// with AES-256-GCM (a key derived from the console's secret; unreadable in the browser's cookie
// store), httpOnly, SameSite strict, path /console, valid 2 minutes.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const FLASH_COOKIE = 'aviso';
const FLASH_SECONDS = 120;

/** The outcome a page shows once: `ok` (role=status), at most one new secret or link, or a refused form (`recusa`, form-state.ts). */
export type Flash = Record<string, unknown>;

export interface Flasher {
  /** Keeps `flash` for the next page and redirects there (303). */
  redirect(reply: FastifyReply, path: string, flash: Flash): FastifyReply;
  /** The flash the request carries (and clears it), or null. */
  take(req: FastifyRequest, reply: FastifyReply): Flash | null;
}

export function flasher(secret: string, cookie: { path: string; secure: boolean | 'auto' }): Flasher {
  const key = createHash('sha256').update(`flash:${secret}`).digest();
  const opts = { httpOnly: true, sameSite: 'strict' as const, path: cookie.path, secure: cookie.secure };
  return {
    redirect(reply, path, flash) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(JSON.stringify({ ...flash, ate: Date.now() + FLASH_SECONDS * 1000 })), c.final()]);
      const value = Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
      return reply.setCookie(FLASH_COOKIE, value, { ...opts, maxAge: FLASH_SECONDS }).redirect(path, 303);
    },
    take(req, reply) {
      const raw = req.cookies[FLASH_COOKIE];
      if (!raw) return null;
      reply.clearCookie(FLASH_COOKIE, { path: cookie.path });
      try {
        const buf = Buffer.from(raw, 'base64url');
        const d = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
        d.setAuthTag(buf.subarray(12, 28));
        const { ate, ...flash } = JSON.parse(Buffer.concat([d.update(buf.subarray(28)), d.final()]).toString('utf8')) as Flash & { ate: number };
        return ate > Date.now() ? flash : null;
      } catch {
        return null; // altered, or made with another secret: nothing to show
      }
    },
  };
}
