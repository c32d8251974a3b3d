// The console in a real browser: Debian's chromium (installed by .ci/run when missing) driven by
// playwright-core, against the app listening on a free port (real PostgreSQL). Sign up, sign out,
// sign in again through the redirect, change the password; a screenshot of each page goes to
// .cache/screenshots (not committed). Waits on navigation and selectors, never on time.
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../service/accounts/accounts.js';
import { KEY_TTL_SERVER_MS } from '../../../service/store/read-cache.js';
import { projectPath } from '../../../src/project-path.js';
import { validateScenario } from '../../../src/contract/index.js';
import type { ErrorDetail } from '../../../src/errors.js';
import { JOB_RESULT_BYTES_FORMAT, jobResultToBytes } from '../../../src/findings/index.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { concludeNext, openHarness, type Harness } from '../routes/harness.js';
import { syntheticResult } from '../routes/synthetic-result.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = projectPath('.cache', 'screenshots');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let h: Harness;
let browser: Browser;
let base: string;
beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  mkdirSync(SHOTS, { recursive: true });
  h = await openHarness('console_browser');
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('console in chromium', () => {
  it('signs up, signs out, signs in through the redirect and changes the password', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/console/conta`);
    await page.waitForURL(/\/console\/entrar\?voltar=%2Fconsole%2Fconta$/);
    await shot(page, 'entrar');
    await page.getByRole('link', { name: 'Cadastre-se' }).click();
    await page.waitForURL(/\/console\/cadastro\?voltar=%2Fconsole%2Fconta$/);
    await page.getByLabel('E-mail').fill('carla@exemplo.org');
    await page.getByLabel(/Senha/).fill('curta');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('pelo menos 10 caracteres');
    await page.getByLabel(/Senha/).fill('uma-senha-longa');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    // sign-up keeps where the person was going
    await page.waitForURL(/\/console\/conta$/);
    await page.goto(`${base}/console`);
    await addMember(h.store, { organizationId: h.orgId, email: 'carla@exemplo.org', papel: 'member' });
    await page.reload();
    await expect(page.getByRole('cell', { name: 'membro', exact: true }).count()).resolves.toBe(1);
    await shot(page, 'inicio');

    await page.getByRole('button', { name: /Sair/ }).click();
    await page.waitForURL(/\/console\/entrar$/);
    await page.goto(`${base}/console/conta`);
    await page.getByLabel('E-mail').fill('carla@exemplo.org');
    await page.getByLabel('Senha').fill('uma-senha-longa');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/console\/conta$/);
    await shot(page, 'conta');
    await page.getByLabel('Senha atual').fill('uma-senha-longa');
    await page.getByLabel(/Nova senha/).fill('outra-senha-longa');
    await page.getByRole('button', { name: 'Trocar a senha' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Senha trocada');
    await page.close();
  });

  it('as an admin: creates a project and a key that works, revokes it, sets a monthly limit', async () => {
    const page = await browser.newPage();
    await addMember(h.store, { organizationId: h.orgId, email: 'carla@exemplo.org', papel: 'admin' });
    await page.goto(`${base}/console/entrar`);
    await page.getByLabel('E-mail').fill('carla@exemplo.org');
    await page.getByLabel('Senha').fill('outra-senha-longa');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/console$/);
    await page.getByRole('link', { name: 'Org console_browser', exact: true }).click();
    await page.getByLabel('Nome do novo projeto').fill('Campanha do navegador');
    await page.getByRole('button', { name: 'Criar projeto' }).click();
    await page.waitForURL(/\/console\/projetos\/[0-9a-f-]{36}$/);
    await page.getByLabel('Nome', { exact: true }).fill('chave do painel');
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const key = (await page.locator('#chave-nova').textContent())!;
    // after the redirect: the key once, with a button that copies it
    await expect(page.getByRole('button', { name: 'Copiar' }).isVisible()).resolves.toBe(true);
    await shot(page, 'projeto');
    const whoami = (k: string) => fetch(`${base}/v1/whoami`, { headers: { authorization: `Bearer ${k}` } }).then((r) => r.status);
    expect(await whoami(key)).toBe(200);
    // rotate with a grace of 1 day, chosen in the rotation's dialog: both work until the old one stops
    await page.getByRole('article', { name: `chave do painel ${key.split('_')[1]}` }).getByRole('button', { name: 'Rotacionar…' }).click();
    await page.getByRole('dialog').getByRole('radio', { name: 'em 1 dia' }).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotacionar' }).click();
    const next = (await page.locator('#chave-nova').textContent())!;
    expect(next).not.toBe(key);
    expect([await whoami(key), await whoami(next)]).toEqual([200, 200]);
    h.clock.advance(86_400_000 + KEY_TTL_SERVER_MS);
    expect([await whoami(key), await whoami(next)]).toEqual([401, 200]);
    await page.reload();
    // a destructive action asks first: the button is in its dialog
    await expect(page.getByRole('button', { name: 'Revogar agora' }).first().isVisible()).resolves.toBe(false);
    await page.getByRole('article', { name: `chave do painel ${next.split('_')[1]}` }).getByRole('button', { name: 'Revogar…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar agora' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('revogada');
    h.clock.advance(KEY_TTL_SERVER_MS);
    expect(await whoami(next)).toBe(401);

    // a monthly limit below any job's price: the API refuses a job with 402
    await page.getByRole('link', { name: 'Organização' }).click();
    await page.getByRole('link', { name: 'Créditos e limites' }).first().click();
    await page.getByLabel(/Limite mensal de gasto/).fill('0,000001');
    await page.getByRole('button', { name: 'Definir limite' }).click();
    await expect(page.locator('#limite').textContent()).resolves.toBe('R$ 0,00');
    const job = await fetch(`${base}/v1/jobs`, {
      method: 'POST', body: JSON.stringify({ pedido: httpScenario() }),
      headers: { authorization: `Bearer ${h.keys.full}`, 'content-type': 'application/json', 'idempotency-key': 'browser-limit' },
    });
    expect(job.status).toBe(402);
    expect(((await job.json()) as { detail: ErrorDetail }).detail.code).toBe('spend_limit_reached');
    await page.getByLabel(/Limite mensal de gasto/).fill('');
    await page.getByRole('button', { name: 'Definir limite' }).click();
    await expect(page.locator('#limite').textContent()).resolves.toBe('sem limite');
    await shot(page, 'organizacao');

    // delete the project and undo it; an admin sees no button to close the organization
    await page.getByRole('link', { name: 'Geral' }).click();
    await page.getByRole('link', { name: 'Campanha do navegador' }).click();
    await page.getByRole('link', { name: 'Zona de perigo' }).click();
    await page.getByText('Excluir projeto…').click();
    await page.getByLabel(/digite o nome do projeto/).fill('outro nome');
    await page.getByRole('button', { name: 'Excluir projeto', exact: true }).click();
    // refused: back on the project's page, the confirmation still open with what was typed
    await expect(page.getByRole('alert').textContent()).resolves.toContain('digite o nome do projeto exatamente');
    await expect(page.getByLabel(/digite o nome do projeto/).inputValue()).resolves.toBe('outro nome');
    await page.getByLabel(/digite o nome do projeto/).fill('Campanha do navegador');
    await page.getByRole('button', { name: 'Excluir projeto', exact: true }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('excluído');
    await expect(page.getByRole('link', { name: 'Campanha do navegador' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Desfazer a exclusão de Campanha do navegador' }).click();
    await expect(page.getByRole('link', { name: 'Campanha do navegador' }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Fechar organização' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('as the owner: closes the organization and reopens it', async () => {
    const page = await browser.newPage();
    await addMember(h.store, { organizationId: h.orgId, email: 'carla@exemplo.org', papel: 'owner' });
    await page.goto(`${base}/console/organizacoes/${h.orgId}/perigo`);
    await page.getByLabel('E-mail').fill('carla@exemplo.org');
    await page.getByLabel('Senha').fill('outra-senha-longa');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(new RegExp(`/console/organizacoes/${h.orgId}/perigo$`));
    await page.getByText('Fechar organização…').click();
    await page.getByLabel(/digite o nome da organização/).fill('Org console_browser');
    await page.getByRole('button', { name: 'Fechar organização', exact: true }).click();
    await expect(page.locator('#fechada').textContent()).resolves.toContain('as chaves pararam');
    expect((await h.call('GET', '/v1/whoami', h.keys.full)).statusCode).toBe(401);
    await shot(page, 'organizacao-fechada');
    await page.getByRole('button', { name: 'Reabrir organização' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toBe('Organização reaberta.');
    await page.close();
  });

  it('shows a concluded job: its findings table and a map of its municipalities', async () => {
    const res = await h.call('POST', '/v1/jobs', h.keys.full, { body: { pedido: httpScenario() }, headers: { 'idempotency-key': 'console-job' } });
    expect(res.statusCode).toBe(201);
    const { result } = syntheticResult(validateScenario(httpScenario()));
    result.curvas = result.variantes.map((variante, i) => ({ variante, medida: 'alcance', valores: [1000, 3000 + i, 5000 - i], escondidas: 0 }));
    const job = await concludeNext(h, { formato: JOB_RESULT_BYTES_FORMAT, dados: jobResultToBytes(result) });
    const page = await browser.newPage();
    await page.goto(`${base}/console/projetos/${h.projectId}/jobs`);
    await page.getByLabel('E-mail').fill('carla@exemplo.org');
    await page.getByLabel('Senha').fill('outra-senha-longa');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/jobs$/);
    await page.getByRole('link', { name: job.nome ?? job.id }).click();
    await page.waitForURL(new RegExp(`/jobs/${job.id}$`));
    await page.locator('#mapa[data-pronto="1"]').waitFor();
    // one coloured shape per municipality of the job (three RR municipalities)
    await expect(page.locator('#mapa path.leaflet-interactive').count()).resolves.toBe(3);
    await expect(page.getByRole('columnheader', { name: 'parte' }).count()).resolves.toBe(1);
    // the municipality's name with its code beside (issue 59)
    await expect(page.locator('td', { hasText: 'Boa Vista' }).filter({ hasText: '1400100' }).count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('#grafico .grafico-largo svg polyline').count()).resolves.toBe(result.variantes.length);
    await shot(page, 'job');
    await page.close();
  });
});
