// Pieces of markup the console's views share (page() in console-routes.ts gives them to every view):
//  - confirmation dialogs (docs/console.md, "Confirmations"): a costly action's button opens a native
//    <dialog> holding its form. Without script the button is a link to the same page with
//    ?confirmar=<id>, which the server renders with that dialog open in the page (non-modal, at its
//    place); with script (static/console.js) the link opens it as a modal (focus inside, Esc closes).
//    "Cancelar" is a link back to the page (a close, with script). A refused form's dialog opens too.
//  - a copy box: a secret shown once (a new key, a webhook secret, an invitation link) with its
//    "copie agora" message right above it and a "Copiar" button (shown when script can copy).
import { escapeHtml } from '../http/escape-html.js';

export interface DialogParts {
  /** The link (a button to look at) that opens dialog `id`; `classe`: secundario (default), perigo. */
  abrir(id: string, rotulo: string, classe?: string): string;
  /** The dialog's opening, its title as its name; open now when the page was asked for it or `form` was refused. */
  inicio(id: string, titulo: string, form?: string): string;
  /** "Cancelar" and the dialog's end. */
  fim(): string;
}

export function dialogParts(path: string, confirmar: string | undefined, recusado: (form: string) => boolean): DialogParts {
  const href = escapeHtml(path);
  return {
    abrir: (id, rotulo, classe = 'secundario') =>
      `<a class="botao ${classe}" href="${href}?confirmar=${encodeURIComponent(id)}#${id}" data-abrir="${id}">${escapeHtml(rotulo)}</a>`,
    inicio: (id, titulo, form) => {
      const open = confirmar === id || (form !== undefined && recusado(form));
      return `<dialog class="dialogo" id="${id}" aria-labelledby="${id}-titulo"${open ? ' open' : ''}><h2 id="${id}-titulo">${escapeHtml(titulo)}</h2>`;
    },
    fim: () => `<p class="fechar"><a class="botao secundario" href="${href}" data-fechar>Cancelar</a></p></dialog>`,
  };
}

/** A secret shown once: `mensagem` (role=status) right above it, the text, and a "Copiar" button. */
export function copyBox(id: string, mensagem: string, texto: string): string {
  return `<div class="copia" role="group" aria-labelledby="${id}-msg"><p role="status" id="${id}-msg">${escapeHtml(mensagem)}</p>` +
    `<div class="copia-linha"><code id="${id}">${escapeHtml(texto)}</code><button type="button" class="primario" data-copiar="${id}" hidden>Copiar</button></div></div>`;
}
