// A browser's cookie jar over app.inject, for the console's HTTP tests: keeps the cookies the
// console sets and submits a page's form with the page's CSRF token.
import type { LightMyRequestResponse } from 'fastify';
import type { Harness } from '../routes/harness.js';

export class FormClient {
  constructor(private readonly h: Harness) {}

  cookies = new Map<string, string>();
  async go(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const res = await this.h.app.inject({
      method, url,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  /** The CSRF token of the page's first form. */
  static token(res: LightMyRequestResponse): string {
    const m = /name="_csrf" value="([^"]+)"/.exec(res.body);
    if (!m) throw new Error(`no CSRF token in ${res.body.slice(0, 200)}`);
    return m[1];
  }
  /** Whether the element of id `id` (a form field) is marked invalid by the page (aria-invalid, aria-describedby: form-state.ts). */
  static invalid(res: LightMyRequestResponse, id: string): boolean {
    return new RegExp(`<[^>]*\\bid="${id}"[^>]*aria-invalid="true" aria-describedby="[^"]+-erro"`).test(res.body);
  }
  /** The value attribute of the element of id `id`. */
  static value(res: LightMyRequestResponse, id: string): string | null {
    return new RegExp(`<[^>]*\\bid="${id}"[^>]*\\bvalue="([^"]*)"`).exec(res.body)?.[1] ?? null;
  }
  /**
   * GETs `page` and POSTs its form to `action` with the page's token. A 303 back to `page` itself
   * (the console's POST-redirect-GET, service/console/flash.ts; or at a section of it, #secao) is followed as a browser does: the
   * answer is then the page by GET, with what it says once.
   */
  async submit(page: string, action: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
    const p = await this.go('GET', page);
    const res = await this.go('POST', action, { _csrf: FormClient.token(p), ...form });
    return res.statusCode === 303 && String(res.headers.location).split('#')[0] === page ? this.go('GET', page) : res;
  }
}

