// The console in a real browser: Debian's chromium (installed by .ci/run when missing) driven by
// playwright-core, against the app listening on a free port (real PostgreSQL). Sign up, sign out,
// sign in again through the redirect, change the password; a screenshot of each page goes to
// .cache/screenshots (not committed). Waits on navigation and selectors, never on time.
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../service/accounts.js';
import { projectPath } from '../../../src/project-path.js';
import { openHarness, type Harness } from '../routes/harness.js';

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
    await page.waitForURL(/\/console\/cadastro$/);
    await page.getByLabel('E-mail').fill('carla@exemplo.org');
    await page.getByLabel(/Senha/).fill('curta');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('pelo menos 10 caracteres');
    await page.getByLabel(/Senha/).fill('uma-senha-longa');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL(/\/console$/);
    await addMember(h.store, { organizationId: h.orgId, email: 'carla@exemplo.org', papel: 'member' });
    await page.reload();
    await expect(page.getByRole('cell', { name: 'member' }).count()).resolves.toBe(1);
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
});
