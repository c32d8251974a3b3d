// What the console's browser tests check on a page as it is, in Chromium (playwright-core): no
// sideways scroll, axe-core's violations with every disclosure open (a closed <details> hides its
// content from axe; axe injected from node_modules: the context must bypass the console's CSP), no
// visible text under 12 px (an SVG's text scaled by its drawing), no English word outside the kept terms of
// docs/glossary.md ("The console's words") in the visible text, tooltips and accessible names
// (code type excepted: API codes shown beside their words), and no repository path.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { projectPath } from '../../../src/project-path.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** The smallest text a page may draw, in CSS px. */
export const MIN_TEXT_PX = 12;

/** A list between <!-- name --> and <!-- /name --> in docs/glossary.md, comma separated. */
function glossaryList(name: string): string[] {
  const text = readFileSync(projectPath('docs', 'glossary.md'), 'utf8');
  const m = new RegExp(`<!-- ${name} -->([\\s\\S]*?)<!-- /${name} -->`).exec(text);
  if (!m) throw new Error(`docs/glossary.md has no list ${name}`);
  return m[1].split(',').map((w) => w.trim()).filter((w) => w !== '');
}
export const KEPT_TERMS = glossaryList('console-kept-terms');
export const REFUSED_WORDS = glossaryList('console-refused-words');

export interface PageCheck {
  pagina: string;
  largura: number;
  rolagem: boolean;
  violacoes: string[];
  /** Texts drawn under MIN_TEXT_PX, with their size. */
  miudos: string[];
  /** Refused English words found, with where. */
  ingles: string[];
  /** Repository paths in the page's text. */
  caminhos: string[];
}

/** The page's words a person reads or hears: visible text (code type excepted), titles, accessible labels, placeholders. */
const READ_TEXT = `(() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent.trim() || el.closest('code, pre, script, style') || !el.checkVisibility({ visibilityProperty: true })) continue;
    out.push(n.textContent);
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    if (el.closest('code, pre') || !el.checkVisibility()) continue;
    for (const a of ['title', 'aria-label', 'placeholder', 'alt']) if (el.hasAttribute(a)) out.push(el.getAttribute(a));
  }
  return out;
})()`;

/** Visible texts drawn under the minimum, as "size px: text". */
const SMALL_TEXT = `(() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent.trim() || el.closest('script, style') || !el.checkVisibility({ visibilityProperty: true })) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0) px *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    if (px < ${MIN_TEXT_PX} - 0.01) out.push(px.toFixed(1) + ' px: ' + n.textContent.trim().slice(0, 40));
  }
  return out;
})()`;

const REFUSED = new Set(REFUSED_WORDS.map((w) => w.toLowerCase()));
const KEPT = new Set(KEPT_TERMS.map((w) => w.toLowerCase()));
const WORD = /[A-Za-zÀ-ÖØ-öø-ÿ]+(?:[-'’][A-Za-zÀ-ÖØ-öø-ÿ]+)*/g;
const REPO_PATH = /\b(?:docs|service|src|test|cli|calibration|library|data|assembly|bench|scripts)\/[\w./<>-]+|\b[\w-]+\.(?:md|ts|js|eta)\b/g;

/** The repository paths named in `texts` (a folder of the repository and what follows, or a source or doc file's name). */
export const repositoryPaths = (texts: string[]): string[] => texts.flatMap((t) => t.match(REPO_PATH) ?? []);

/** The refused words of `texts` (a kept term is never refused). */
export function englishWords(texts: string[]): string[] {
  const found: string[] = [];
  for (const t of texts) {
    for (const w of t.match(WORD) ?? []) {
      const lower = w.toLowerCase();
      if (!KEPT.has(lower) && REFUSED.has(lower)) found.push(`"${w}" em "${t.trim().slice(0, 80)}"`);
    }
  }
  return found;
}

/** The page as it is now (a dialog open, a refused form...), every <details> opened first; `largura` labels it (default: the viewport's width). */
export async function checkPage(page: Page, pagina: string, largura = page.viewportSize()?.width ?? 0): Promise<PageCheck> {
  await page.evaluate(`document.querySelectorAll('details').forEach((d) => { d.open = true; })`);
  const rolagem = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
  if (!(await page.evaluate<boolean>('typeof axe !== "undefined"'))) await page.addScriptTag({ path: AXE });
  const violacoes = await page.evaluate<string[]>(`axe.run().then((r) => r.violations.map((v) =>
    v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  const texts = await page.evaluate<string[]>(READ_TEXT);
  const caminhos = repositoryPaths(texts);
  return { pagina, largura, rolagem, violacoes, miudos: await page.evaluate<string[]>(SMALL_TEXT), ingles: englishWords(texts), caminhos };
}

/** The checks that found a layout or accessibility fault: sideways scroll, text under 12 px, axe's violations. */
export const failed = (checks: PageCheck[]) => checks.filter((c) => c.rolagem || c.violacoes.length > 0 || c.miudos.length > 0);
/** The checks that found a refused English word or a repository path (docs/glossary.md, "The console's words"). */
export const notPortuguese = (checks: PageCheck[]) => checks.filter((c) => c.ingles.length > 0 || c.caminhos.length > 0);
