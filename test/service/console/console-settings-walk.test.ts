// Issue 59, the settings and safety half: every page of the console but the simulations' (sign-in,
// sign-up, a forgotten password, home, account, agents, an organization's and a project's settings
// tabs, an invitation, a deleted project, a closed organization, the error page) walked in Debian's
// chromium at 390 and 1280 px, each with every confirmation dialog open in turn: no sideways scroll,
// 0 axe violations, no text under 12 px, no English word outside the glossary's kept terms, no
// repository path (page-checks.ts). Then what the pages must do: a rotation's grace chosen in its
// dialog (none preselected), archiving only after its dialog, the new key in a copy box beside its
// message, a dialog opened without script by its link, keys told apart after a rotation and the
// revoked hidden, "Permitir" and "Negar" drawn differently. Screenshots in .cache/screenshots/ajustes.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, setSpendLimit, setSpendAlert } from '../../../service/accounts/accounts.js';
import { createApiKey } from '../../../service/accounts/api-keys.js';
import { closeOrganization, deleteProject } from '../../../service/accounts/deletion.js';
import { invite } from '../../../service/accounts/invitations.js';
import { createPerson } from '../../../service/accounts/people.js';
import { recordConnection } from '../../../service/oauth/agent-connections.js';
import { sendTestPing } from '../../../service/webhooks/webhook-config.js';
import { setWebhook } from '../../../service/operations/account-actions.js';
import { projectPath } from '../../../src/project-path.js';
import { insertJob, openHarness, type Harness } from '../routes/harness.js';
import { checkPage, failed, notPortuguese, type PageCheck } from './page-checks.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = projectPath('.cache', 'screenshots', 'ajustes');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WIDTHS = [390, 1280] as const;
const EMAIL = 'helena@exemplo.org';
const SENHA = 'uma-senha-longa';

let h: Harness;
let browser: Browser;
let context: BrowserContext;
let base: string;
let token: string;
let closedOrg: string;
let deletedProject: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await openHarness('console_walk');
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  await createPerson(h.store, EMAIL, SENHA);
  await addMember(h.store, { organizationId: h.orgId, email: EMAIL, papel: 'owner' });
  await createPerson(h.store, 'bruno@exemplo.org', 'outra-senha-longa');
  await addMember(h.store, { organizationId: h.orgId, email: 'bruno@exemplo.org', papel: 'member' });
  token = await invite(h.store, h.orgId, 'convidada@exemplo.org', 'member', 'owner');
  // a key rotated with grace: two keys of one name; and one revoked (hidden by default)
  await createApiKey(h.store, { projectId: h.projectId, nome: 'painel', scopes: ['results:read'], expiresInDays: 90 });
  // a webhook with one delivery, a connected agent, a month past its spend alert
  await setWebhook.run(h.store, { projectId: h.projectId, url: 'https://93.184.216.34/hook', policy: { allowLoopback: false } });
  await sendTestPing(h.store, h.projectId);
  await recordConnection(h.store, { grantId: 'walk', projectId: h.projectId, email: EMAIL, clientId: 'c', clienteNome: 'Assistente de planejamento', scopes: ['results:read'] });
  await setSpendLimit(h.store, h.orgId, 10_000_000);
  await setSpendAlert(h.store, h.orgId, 5);
  // the statement shows the job by its name, which the harness writes in English
  const job = await insertJob(h, { preco: 1_000_000 });
  await h.store.query(`UPDATE jobs SET nome = 'Simulação de teste' WHERE id = $1`, [job.id]);
  const gone = await createProject(h.store, { organizationId: h.orgId, nome: 'Projeto excluído' });
  await deleteProject(h.store, gone.id);
  deletedProject = gone.id;
  const other = await h.newAccount(0);
  await addMember(h.store, { organizationId: other.orgId, email: EMAIL, papel: 'owner' });
  await closeOrganization(h.store, other.orgId);
  closedOrg = other.orgId;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  context = await browser.newContext({ bypassCSP: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${base}/console/entrar`);
  if (page.url().endsWith('/console')) return;
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Senha').fill(SENHA);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/console$/);
}

/** `path` at each width: the page, then each of its confirmation dialogs open (by its link, as a modal), each checked. */
async function walk(page: Page, name: string, path: string): Promise<PageCheck[]> {
  const out: PageCheck[] = [];
  for (const largura of WIDTHS) {
    await page.setViewportSize({ width: largura, height: 900 });
    await page.goto(`${base}${path}`);
    out.push(await checkPage(page, name, largura));
    await page.screenshot({ path: `${SHOTS}/${name}-${largura}.png`, fullPage: true });
    const dialogs = await page.evaluate<string[]>(`[...document.querySelectorAll('a[data-abrir]')].map((a) => a.dataset.abrir)`);
    for (const id of dialogs) {
      await page.locator(`a[data-abrir="${id}"]`).click();
      await page.locator(`dialog#${id}:modal`).waitFor();
      out.push(await checkPage(page, `${name} #${id}`, largura));
      await page.screenshot({ path: `${SHOTS}/${name}-${id}-${largura}.png` });
      await page.keyboard.press('Escape');
      await page.locator(`dialog#${id}[open]`).waitFor({ state: 'detached' }).catch(() => page.locator(`dialog#${id}:not([open])`).waitFor({ state: 'attached' }));
    }
  }
  return out;
}

describe('issue 59: the console\'s settings and safety pages at 390 and 1280 px, every dialog open', () => {
  it('signed out: sign-in, sign-up, a forgotten password and its new-password page', { timeout: 300_000 }, async () => {
    const page = await context.newPage();
    const checks = [
      ...await walk(page, 'entrar', '/console/entrar'),
      ...await walk(page, 'cadastro', '/console/cadastro'),
      ...await walk(page, 'senha-esqueci', '/console/senha/esqueci'),
      ...await walk(page, 'senha-nova-invalida', '/console/senha/nova/nao-existe'),
    ];
    await page.goto(`${base}/console/senha/esqueci`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Enviar o link' }).click();
    await page.locator('#enviado').waitFor();
    for (const largura of WIDTHS) {
      await page.setViewportSize({ width: largura, height: 900 });
      checks.push(await checkPage(page, 'senha-enviada', largura));
    }
    expect(failed(checks)).toEqual([]);
    expect(notPortuguese(checks)).toEqual([]);
    await page.close();
  });

  it('signed in: home, account, agents, every tab of an organization and a project, an invitation, a deleted project, a closed organization, a missing page', { timeout: 900_000 }, async () => {
    const page = await context.newPage();
    await signIn(page);
    const org = `/console/organizacoes/${h.orgId}`;
    const project = `/console/projetos/${h.projectId}`;
    const checks = [
      ...await walk(page, 'inicio', '/console'),
      ...await walk(page, 'conta', '/console/conta'),
      ...await walk(page, 'agentes', '/console/agentes'),
      ...await walk(page, 'organizacao-geral', org),
      ...await walk(page, 'organizacao-membros', `${org}/membros`),
      ...await walk(page, 'organizacao-creditos', `${org}/creditos`),
      ...await walk(page, 'organizacao-perigo', `${org}/perigo`),
      ...await walk(page, 'projeto-chaves', project),
      ...await walk(page, 'projeto-chaves-revogadas', `${project}?revogadas=1`),
      ...await walk(page, 'projeto-webhook', `${project}/webhook`),
      ...await walk(page, 'projeto-perigo', `${project}/perigo`),
      ...await walk(page, 'convite', `/console/convites/${token}`),
      ...await walk(page, 'projeto-excluido', `/console/projetos/${deletedProject}`),
      ...await walk(page, 'organizacao-fechada', `/console/organizacoes/${closedOrg}`),
      ...await walk(page, 'organizacao-fechada-perigo', `/console/organizacoes/${closedOrg}/perigo`),
      ...await walk(page, 'nao-encontrada', '/console/nao-existe'),
    ];
    expect(failed(checks)).toEqual([]);
    expect(notPortuguese(checks)).toEqual([]);
    // every costly action was behind a dialog: a POST form marked data-perigo is never outside a closed one
    // (checked on each page above by opening them; here that the walk met them)
    expect(checks.filter((c) => c.pagina.includes('#')).map((c) => c.pagina.split(' #')[1])).toEqual(expect.arrayContaining([
      'excluir-conta', 'remover-bruno-exemplo-org', 'revogar-convite-convidada-exemplo-org', 'fechar-organizacao', 'trocar-segredo', 'remover-webhook',
      'arquivar-projeto', 'excluir-projeto',
    ]));
    // the spend alert on every tab, the spend at 10% of the limit (alert at 5%)
    await page.goto(`${base}${org}/membros`);
    await expect(page.locator('#alerta-gasto').textContent()).resolves.toContain('10% do limite mensal de R$ 10,00 (o alerta é em 5%)');
    // a closed organization shows no form but the reopening
    await page.goto(`${base}/console/organizacoes/${closedOrg}/membros`);
    await expect(page.locator('main form').count()).resolves.toBe(0);
    await page.goto(`${base}/console/organizacoes/${closedOrg}/perigo`);
    await expect(page.getByRole('button', { name: 'Reabrir organização' }).count()).resolves.toBe(1);
    await page.close();
  });

  it('rotates a key only after choosing the grace in its dialog; the new key in a copy box beside its message; two keys of one name told apart; the revoked hidden', async () => {
    const page = await context.newPage();
    await signIn(page);
    const project = `${base}/console/projetos/${h.projectId}`;
    for (const largura of WIDTHS) {
      await page.setViewportSize({ width: largura, height: 900 });
      await page.goto(project);
      // the one painel key not yet rotated (the earlier ones have stopped and are hidden)
      const card = page.getByRole('article', { name: /^painel / }).filter({ has: page.getByRole('button', { name: 'Rotacionar…' }) });
      await expect(card.count()).resolves.toBe(1);
      await card.getByRole('button', { name: 'Rotacionar…' }).click();
      const dialog = page.getByRole('dialog', { name: /^Rotacionar a chave painel/ });
      await expect(dialog.isVisible()).resolves.toBe(true);
      // no grace preselected: sending without one is refused beside the choice
      await expect(dialog.getByRole('radio', { checked: true }).count()).resolves.toBe(0);
      await dialog.evaluate('(d) => d.querySelector("form").noValidate = true');
      await dialog.getByRole('button', { name: 'Rotacionar' }).click();
      await page.waitForURL(project);
      const refused = page.getByRole('dialog', { name: /^Rotacionar a chave painel/ });
      await expect(refused.getByRole('alert').textContent()).resolves.toBe('Escolha quando a chave antiga para: agora, em 1 dia ou em 7 dias.');
      await refused.getByRole('radio', { name: 'em 1 dia' }).check();
      await refused.getByRole('button', { name: 'Rotacionar' }).click();
      await page.waitForURL(project);
      // the new key and its message together, the copy button beside the key
      const box = page.getByRole('group', { name: /Copie a nova agora/ });
      const novaChave = await box.locator('code').textContent();
      expect(novaChave).toMatch(/^svc_/);
      await expect(box.getByRole('button', { name: 'Copiar' }).isVisible()).resolves.toBe(true);
      const boxTop = await box.boundingBox();
      expect(boxTop!.y).toBeLessThan(900);
      // two cards named painel, told apart by prefix and state: the new one first (created in the
      // same instant as the old one under the test's clock), the old one's state says when it stops
      const cards = page.getByRole('article', { name: /^painel / });
      await expect(cards.count()).resolves.toBe(2);
      await expect(cards.first().locator('.cartao-titulo').textContent()).resolves.toBe(`painel ${novaChave!.split('_')[1]}`);
      const old = cards.filter({ hasText: /para em .* \(horário de Brasília\)/ });
      await expect(old.count()).resolves.toBe(1);
      await expect(old.textContent()).resolves.toMatch(/Criada em/);
      // on a phone, the state and the actions of every key are inside the screen's width
      const outside = await page.evaluate<number>(`[...document.querySelectorAll('ul.cartoes .estado, ul.cartoes a.botao')].filter((e) => e.getBoundingClientRect().right > window.innerWidth).length`);
      expect(outside).toBe(0);
      h.clock.advance(2 * 86_400_000);
    }
    // the stopped keys are hidden unless asked for
    await page.goto(project);
    await expect(page.getByText(/chave\(s\) revogada\(s\) escondida\(s\)/).count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'Mostrar as revogadas' }).click();
    await expect(page.locator('.estado-parada').count()).resolves.toBeGreaterThan(0);
    await page.close();
  });

  it('archives a project only through its dialog; without script the dialog opens by its link, in the page', async () => {
    const page = await context.newPage();
    await signIn(page);
    const perigo = `${base}/console/projetos/${h.projectId}/perigo`;
    await page.goto(perigo);
    await expect(page.getByRole('button', { name: 'Arquivar projeto', exact: true }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Arquivar projeto…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Arquivar/ });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog.isVisible()).resolves.toBe(false);
    await page.close();

    // without the console's script (the page's own; axe still runs)
    const noScript = await browser.newContext({ bypassCSP: true });
    await noScript.route('**/console.js', (route) => route.abort());
    const plain = await noScript.newPage();
    await plain.goto(`${base}/console/entrar?voltar=${encodeURIComponent(`/console/projetos/${h.projectId}/perigo`)}`);
    await plain.getByLabel('E-mail').fill(EMAIL);
    await plain.getByLabel('Senha').fill(SENHA);
    await plain.getByRole('button', { name: 'Entrar' }).click();
    await plain.waitForURL(perigo);
    const checks: PageCheck[] = [];
    for (const largura of WIDTHS) {
      await plain.setViewportSize({ width: largura, height: 900 });
      await plain.goto(perigo);
      await plain.getByRole('link', { name: 'Arquivar projeto…' }).click();
      await plain.waitForURL(`${perigo}?confirmar=arquivar-projeto#arquivar-projeto`);
      await expect(plain.locator('dialog#arquivar-projeto[open]:not(:modal)').isVisible()).resolves.toBe(true);
      checks.push(await checkPage(plain, 'projeto-perigo sem script, arquivar aberto', largura));
    }
    expect(failed(checks)).toEqual([]);
    expect(notPortuguese(checks)).toEqual([]);
    await plain.getByRole('button', { name: 'Arquivar projeto', exact: true }).click();
    await plain.waitForURL(perigo);
    await expect(plain.getByRole('status').textContent()).resolves.toBe('Projeto arquivado: as chaves pararam.');
    await plain.getByRole('button', { name: 'Restaurar projeto' }).click();
    await plain.waitForURL(perigo);
    await noScript.close();
  });

  it('draws primary and secondary buttons differently, and a strong focus ring', async () => {
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${base}/console/conta`);
    const styleOf = (selector: string) => page.evaluate<string>(`(() => { const s = getComputedStyle(document.querySelector(${JSON.stringify(selector)})); return s.backgroundColor + ' ' + s.color; })()`);
    expect(await styleOf('button.primario')).not.toBe(await styleOf('#conteudo a.botao.perigo, #conteudo button:not(.primario)'));
    await page.keyboard.press('Tab');
    const ring = await page.evaluate<{ width: number; style: string }>(`(() => { const s = getComputedStyle(document.activeElement); return { width: parseFloat(s.outlineWidth), style: s.outlineStyle }; })()`);
    expect(ring.width).toBeGreaterThanOrEqual(3);
    expect(ring.style).toBe('solid');
    await page.close();
  });
});
