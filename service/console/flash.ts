// What a console page says once after a form's POST (POST-redirect-GET): the POST changes
// something, keeps its outcome here and answers 303 to the page; the GET shows it and clears it,
// so a reload neither repeats the POST nor shows the outcome again. A new key or signing secret
// goes this way too, so it is never in a URL: the flash is a cookie encrypted and authenticated
// with AES-256-GCM (a key derived from the console's secret; unreadable in the browser's cookie
// store; sealed-text.ts), httpOnly, SameSite strict, path /console, valid 2 minutes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sealer } from './sealed-text.js';

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
  const sealed = sealer(secret, 'flash');
  const opts = { httpOnly: true, sameSite: 'strict' as const, path: cookie.path, secure: cookie.secure };
  return {
    redirect(reply, path, flash) {
      const value = sealed.seal(JSON.stringify({ ...flash, ate: Date.now() + FLASH_SECONDS * 1000 }));
      return reply.setCookie(FLASH_COOKIE, value, { ...opts, maxAge: FLASH_SECONDS }).redirect(path, 303);
    },
    take(req, reply) {
      const raw = req.cookies[FLASH_COOKIE];
      if (!raw) return null;
      reply.clearCookie(FLASH_COOKIE, { path: cookie.path });
      // altered, or made with another secret: nothing to show
      const text = sealed.open(raw);
      if (text === null) return null;
      const { ate, ...flash } = JSON.parse(text) as Flash & { ate: number };
      return ate > Date.now() ? flash : null;
    },
  };
}
