// What the console's browser tests check on a page as it is in chromium: sideways scroll, text
// smaller than 12 px (an SVG's text scaled by its drawing), and axe-core's violations with every
// disclosure open (a closed <details> hides its content from axe). Evaluated in the page as text:
// the tests' TypeScript has no DOM types.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface PageCheck {
  pagina: string;
  largura: number;
  rolagem: boolean;
  /** Texts drawn under 12 px: "text (px)". */
  miudos: string[];
  violacoes: string[];
}

/** The page's checks; `name` and the viewport's width label them. Opens every <details> first. */
export async function checkPage(page: Page, name: string): Promise<PageCheck> {
  const largura = page.viewportSize()?.width ?? 0;
  await page.evaluate(`document.querySelectorAll('details').forEach((d) => { d.open = true; })`);
  const rolagem = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
  const miudos = await page.evaluate<string[]>(`[...document.querySelectorAll('body *')].filter((el) => {
      if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '')) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    }).map((el) => {
      let px = parseFloat(getComputedStyle(el).fontSize);
      const svg = el.closest('svg');
      if (svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0) px *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return { texto: el.textContent.trim().slice(0, 40), px };
    }).filter((t) => t.px < 11.95).map((t) => t.texto + ' (' + t.px.toFixed(1) + ' px)')`);
  await page.addScriptTag({ path: AXE });
  const violacoes = await page.evaluate<string[]>(`axe.run().then((r) => r.violations.map((v) =>
    v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  return { pagina: name, largura, rolagem, miudos, violacoes };
}

/** The checks that found something. */
export const failed = (checks: PageCheck[]) => checks.filter((c) => c.rolagem || c.miudos.length > 0 || c.violacoes.length > 0);
