// A first simulation without code, in a real browser (Debian's chromium through playwright-core,
// as console-pages.test.ts) on a phone's width: sign up, create an organization, add development
// credits, create a project, "Nova simulação" from a library template over two RR municipalities,
// the price before confirming, confirm, and the result page once an in-process worker has run the
// real engine. Every page of the way, and the result page at 390 px and 1280 px with every
// disclosure open: no sideways scroll, no text under 12 px, zero axe-core violations, no English
// word outside docs/glossary.md's kept terms and no repository path (the release's notice and
// sources in Portuguese). Screenshots
// in .cache/screenshots/primeira-simulacao (not committed), the first screen (-tela) and the whole page. Waits on pages and selectors, never on time.
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineRunJob } from '../../../service/execution/job-runner.js';
import { runWorker, type WorkerHandle } from '../../../service/worker/worker.js';
import { projectPath } from '../../../src/project-path.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { checkPage, failed, notPortuguese, type PageCheck } from './page-checks.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = projectPath('.cache', 'screenshots', 'primeira-simulacao');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let h: Harness;
let worker: WorkerHandle;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  mkdirSync(SHOTS, { recursive: true });
  h = await openHarness('console_primeira');
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  worker = runWorker(h.store, { runJob: createEngineRunJob({ threads: 1 }), pollMs: 100, sweepMs: 0 });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await h?.close();
});

describe('a first simulation without code', () => {
  it('sign-up, an organization with credits, a project, Nova simulação, the price, the result', async () => {
    // axe is injected as an inline script: the console's CSP (scripts only from 'self') would refuse it
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    const checks: PageCheck[] = [];
    /** The page as a person first sees it (screenshots: the first screen, and the whole page), then checked with every disclosure open. */
    const step = async (name: string) => {
      const shot = `${SHOTS}/${name}-${page.viewportSize()!.width}`;
      await page.screenshot({ path: `${shot}-tela.png` });
      await page.screenshot({ path: `${shot}.png`, fullPage: true });
      checks.push(await checkPage(page, name));
    };

    await page.goto(`${base}/console/cadastro`);
    await page.getByLabel('E-mail').fill('julia@prefeitura.exemplo.gov.br');
    await page.getByLabel(/^Senha/).fill('uma-senha-longa');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL(/\/console$/);
    await page.getByLabel('Nome da organização').fill('Secretaria de Saúde');
    await page.getByRole('button', { name: 'Criar organização' }).click();
    await page.waitForURL(/\/console\/organizacoes\/[0-9a-f-]{36}$/);
    // credits on the settings' "Créditos e limites" tab, the new project on "Geral"
    await page.getByRole('navigation', { name: 'Configurações da organização' }).getByRole('link', { name: 'Créditos e limites' }).click();
    await page.getByLabel('Adicionar créditos (reais)').fill('100');
    await page.getByRole('button', { name: 'Adicionar créditos' }).click();
    await page.waitForLoadState();
    await page.getByRole('navigation', { name: 'Configurações da organização' }).getByRole('link', { name: 'Geral' }).click();
    await page.getByLabel('Nome do novo projeto').fill('Vacinação 2027');
    await page.getByRole('button', { name: 'Criar projeto' }).click();
    await page.waitForURL(/\/console\/projetos\/[0-9a-f-]{36}$/);
    const project = new URL(page.url()).pathname;
    // the project's page leads to a simulation too
    await expect(page.getByRole('link', { name: 'Nova simulação', exact: true }).getAttribute('href')).resolves.toBe(`${project}/simulacoes/nova`);
    await page.locator(`a[href="${project}/jobs"]`).first().click();
    await page.waitForURL(`${base}${project}/jobs`);
    await step('simulacoes-vazia');

    // the empty list leads to the form, not to the API
    await page.getByRole('link', { name: 'Nova simulação', exact: true }).click();
    await page.waitForURL(`${base}${project}/simulacoes/nova`);
    await step('nova-passo-1');
    await page.getByLabel(/Campanha de vacinação de adultos/).check();
    await page.getByLabel('Estado (UF)').selectOption('RR');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/modelo=vacinacao-adultos&uf=RR/);
    await step('nova-passo-2');
    // two small municipalities, TV and radio for two weeks (radio in GRPs a week), two replicas
    // (the checks opened every disclosure, the municipalities' too)
    await expect(page.locator('#municipios-escolha').getAttribute('open')).resolves.toBe('');
    await page.getByLabel('Caracaraí').check();
    await page.getByLabel('Mucajaí').check();
    await page.getByLabel('Usar digital').uncheck();
    await page.getByLabel('Usar mídia exterior').uncheck();
    await page.locator('#tv_fim').fill('14');
    await page.locator('#radio_fim').fill('14');
    await page.getByLabel('Horizonte (dias simulados)').fill('14');
    await page.getByLabel('Réplicas (de 1 a 20)').fill('2');
    // GRPs out of the channel's reach: refused under the field, in Portuguese
    await page.locator('#radio_grp').fill('5000');
    await page.getByRole('button', { name: 'Ver o preço' }).click();
    await page.waitForURL(/revisar=1/);
    await expect(page.locator('#radio_grp').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#radio_grp').getAttribute('aria-describedby')).resolves.toBe('simulacao-erro');
    await expect(page.locator('#simulacao-erro').textContent()).resolves.toMatch(/^Neste lugar e público, o canal rádio chega a no máximo [\d.,]+ GRPs por semana/);
    await step('nova-grp-recusado');
    await page.locator('#radio_grp').fill('60');
    await page.getByRole('button', { name: 'Ver o preço' }).click();
    await page.waitForURL(/radio_grp=60&.*revisar=1|revisar=1.*radio_grp=60/);
    const preco = page.getByRole('region', { name: 'Preço desta simulação' });
    // the plan in GRPs: radio at the intensity that buys 60 a week, 120 over its 14 days
    await expect(preco.getByRole('list', { name: 'O plano em GRPs' }).getByRole('listitem').filter({ hasText: 'rádio' }).textContent())
      .resolves.toMatch(/^rádio, dias 1 a 14: 60 GRPs por semana \(120 no período\), intensidade 0,\d{1,4}\.$/);
    // with its expected reach (1+) and average frequency, and those of any of the two channels
    const alcance = preco.getByRole('list', { name: 'Alcance e frequência esperados' }).getByRole('listitem');
    await expect(alcance.filter({ hasText: 'rádio' }).textContent())
      .resolves.toMatch(/^rádio: 120 GRPs, alcance esperado \(1\+\) \d{1,2}(,\d)?%, frequência média \d+(,\d{1,2})?\.$/);
    await expect(alcance.filter({ hasText: 'Qualquer canal' }).textContent())
      .resolves.toMatch(/^Qualquer canal: [\d.,]+ GRPs, alcance esperado \(1\+\) \d{1,2}(,\d)?%, frequência média \d+(,\d{1,2})?\.$/);
    await expect(preco.locator('.valor').textContent()).resolves.toMatch(/^R\$ \d+,\d\d$/);
    await expect(preco.textContent()).resolves.toContain('Créditos da organização: R$ 100,00');
    await step('nova-preco');
    await preco.getByRole('button', { name: /^Confirmar e simular por R\$/ }).click();
    await page.waitForURL(new RegExp(`${project}/jobs/[0-9a-f-]{36}$`));
    await expect(page.getByRole('status').first().textContent()).resolves.toMatch(/^Simulação enviada: R\$ [\d,]+ reservados/);
    await step('simulacao-na-fila');

    // the page reloads itself until the job ends (recarregar.js); the worker runs the real engine
    await page.locator('.manchete').waitFor({ timeout: 280_000 });
    const texto = (await page.locator('main').textContent())!;
    expect(texto).toContain('simulação');
    // a comparison's answer names its variants in words, not by the API's codes
    expect(texto).toMatch(/sem TV menos plano \(como pedido\): -?[\d.]+/);
    expect(texto).not.toContain('sem_tv');
    await expect(page.locator('.manchete').textContent()).resolves.toMatch(
      /^Simulação sobre a população sintética de Caracaraí e Mucajaí \(RR\): [\d,]+(\smil)? pessoas alcançadas até o dia 14 \([\d,]+% do público\), segundo o modelo\.$/);
    // the audience is 20 to 59 years: the map is of its share, and says so
    await expect(page.locator('#mapa-titulo').textContent()).resolves.toBe('Mapa: pessoas alcançadas, em parte do público de cada município');
    // the release's notice and sources in Portuguese (release-words.ts), not the API's English
    const veredito = (await page.locator('#veredito').textContent())!;
    expect(veredito).toContain('População sintética: pessoas, domicílios, setores censitários');
    expect(veredito).toContain('IBGE, Censo Demográfico 2022, tabela 9514 do SIDRA');
    await page.locator('#mapa[data-pronto="1"]').waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await step('resultado');
    }
    // a findings table a page at a time, in words, on a phone too
    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByRole('link', { name: 'contribuição de cada canal (plano menos sem o canal)' }).click();
    await page.waitForURL(/tabela=contribuicao#achados$/);
    await step('resultado-contribuicao');
    await context.close();
    expect(failed(checks)).toEqual([]);
    expect(notPortuguese(checks)).toEqual([]);
  }, 600_000);
});
