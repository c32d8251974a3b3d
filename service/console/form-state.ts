// A refused console form as its page shows it (docs/console.md, "Errors on a form"): the POST
// redirects back (POST-redirect-GET, flash.ts) carrying the refusal; the page by GET puts the
// message beside the field it concerns (aria-invalid, aria-describedby, autofocus: focus moves
// there), or beside the form's button when it concerns no one field, and refills the values typed
// (never a password). Views call `it.form` (page() in console-routes.ts makes it).
import { escapeHtml } from '../http/escape-html.js';

/** What travels in the flash cookie: which form, which of its fields (or none), the words, the values. */
export interface Refusal {
  /** The form's key: its action's name, with the row for a form repeated per row ("membros:ana@exemplo.org"). */
  form: string;
  /** A field of that form (the route keeps only a field the form has), or null. */
  campo: string | null;
  erro: string;
  valores: Record<string, string | string[]>;
}

/** The longest value kept for refilling (the flash is a cookie: a few kB at most). */
const MAX_KEPT_CHARS = 300;
/** Never kept, even encrypted: the CSRF token (the page makes a new one) and passwords. */
const NOT_KEPT = /^_csrf$|senha/;

/** The values of a refused form worth refilling. */
export function keptValues(body: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || NOT_KEPT.test(k)) continue;
    if ([v].flat().every((x) => x.length <= MAX_KEPT_CHARS)) out[k] = v;
  }
  return out;
}

/** The id of a refusal's message: unique on the page (one refusal at a time). */
const messageId = (form: string) => `${form.replace(/[^A-Za-z0-9_-]/g, '-')}-erro`;

export interface FormState {
  /** Whether the refusal is about `form` (a dialog holding it opens: page-parts.ts). */
  recusado(form: string): boolean;
  /** The value typed in `name` of `form` when it was refused, else `fallback`. */
  valor(form: string, name: string, fallback?: string): string;
  /** Whether checkbox `name` with `value` was ticked when `form` was refused, else `fallback`. */
  marcado(form: string, name: string, value: string, fallback: boolean): boolean;
  /** Attributes for field `name` of `form`: aria-invalid, aria-describedby and autofocus when the refusal is about it. */
  campo(form: string, name: string): string;
  /** The message, as HTML: beside field `name`, or (no name) beside the button when the refusal names no field of `form`. */
  erro(form: string, name?: string): string;
}

export function formState(r: Refusal | null): FormState {
  const mine = (form: string) => r !== null && r.form === form;
  const fieldOf = (form: string) => (mine(form) ? r!.campo : null);
  const message = (form: string) => `<p class="erro" id="${messageId(form)}" role="alert">${escapeHtml(r!.erro)}</p>`;
  return {
    recusado: mine,
    valor: (form, name, fallback = '') => {
      const v = mine(form) ? r!.valores[name] : undefined;
      return typeof v === 'string' ? v : fallback;
    },
    marcado: (form, name, value, fallback) => (mine(form) ? [r!.valores[name] ?? []].flat().includes(value) : fallback),
    campo: (form, name) => (fieldOf(form) === name ? ` aria-invalid="true" aria-describedby="${messageId(form)}" autofocus` : ''),
    erro: (form, name) => {
      if (!mine(form)) return '';
      return (name === undefined ? fieldOf(form) === null : fieldOf(form) === name) ? message(form) : '';
    },
  };
}
