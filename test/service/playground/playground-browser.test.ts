// The playground in a real browser: Debian's chromium (installed by .ci/run when missing) driven
// by playwright-core, against its route (service/playground/playground-routes.ts) on a free port.
// window.campaignSim.run gives, for an RR scenario, the summary Node's runSimulation gives (without
// the timing fields), with no request during the run; the page runs a scenario from its form and,
// at 390 and 1280 px with every disclosure open, has no sideways scroll, no axe violation, no text
// under 12 px, no refused English word and no repository path (the console's checks, console/page-checks.ts); a
// refused scenario shows its contract code and field. The page's form is the console's (issue 59):
// typed values, GRPs included, give the scenario the console's scenario-of-form.ts gives, and a
// malformed field is refused under its name. Waits on selectors and promises, never on time.
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOfScenario } from '../../../service/console/scenario-form.js';
import { scenarioOfForm } from '../../../service/console/scenario-of-form.js';
import { playgroundRoutes } from '../../../service/playground/playground-routes.js';
import type { Scenario } from '../../../src/contract/types.js';
import { withoutTiming } from '../../../src/browser/run-in-page.js';
import { closePool } from '../../../src/pool/pool.js';
import { projectPath } from '../../../src/project-path.js';
import { runSimulation } from '../../../src/research/simulation.js';
import { newestRelease } from '../../../src/release/release.js';
import { checkPage, failed, notPortuguese, type PageCheck } from '../console/page-checks.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = projectPath('.cache', 'screenshots');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A small RR scenario: adoption, 28 days, one replica, on the release the playground serves (the newest). */
const SCENARIO = {
  versao_contrato: 3, release: newestRelease(), familia: 'adocao', nome: 'Playground RR', geografia: { ufs: ['RR'] },
  lancamento: { dia: 1, cenario_base: 'pix' }, horizonte: { data_inicio: '2026-02-02', dias: 28 }, replicas: 1,
  grupo_comparacao: 'playground-rr', kpis: ['adotantes'],
};

let app: FastifyInstance;
let browser: Browser;
let base: string;
beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  mkdirSync(SHOTS, { recursive: true });
  app = Fastify();
  await app.register(playgroundRoutes, {});
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/playground/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await closePool();
});

async function openPage(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('pageerror', (e) => { throw e; });
  await page.goto(base);
  await page.evaluate('window.campaignSim.ready');
  return page;
}

describe('the playground in chromium', () => {
  it('runs an RR scenario through window.campaignSim.run to the summary Node gives, asking the server nothing during the run', async () => {
    const page = await openPage(1280);
    expect(await page.evaluate('crossOriginIsolated')).toBe(true);
    // the first call loads the engine and RR's data; the run after it asks for nothing
    expect(await page.evaluate(`window.campaignSim.refusal(${JSON.stringify(SCENARIO)})`)).toBeNull();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    // two replicas on two threads: tasks queue for the threads
    const twice = { ...SCENARIO, replicas: 2 };
    const inBrowser = await page.evaluate(`window.campaignSim.run(${JSON.stringify(twice)}, { threads: 2 })`);
    expect(asked).toEqual([]);
    const inNode = withoutTiming((await runSimulation(twice, { threads: 2 })).summary());
    expect(inBrowser).toEqual(JSON.parse(JSON.stringify(inNode)));
    await page.close();
  }, 600_000);

  it('runs a scenario from the form; at 390 and 1280 px no sideways scroll, no axe violation, no small text, no English word and no repository path', async () => {
    const page = await openPage(390);
    await page.getByLabel('UF').selectOption('RR');
    await page.getByText('Cenário em JSON').click();
    await page.locator('#json').fill(JSON.stringify({ ...SCENARIO, nome: 'Pelo formulário' }, null, 2));
    await page.getByRole('button', { name: 'Rodar' }).click();
    await page.waitForFunction(`document.querySelector('#mapa svg') || document.querySelector('#recusa').textContent`, undefined, { timeout: 300_000 });
    await expect(page.locator('#recusa').textContent()).resolves.toBe('');
    await expect(page.locator('#estado').textContent()).resolves.toContain('Pronto');
    await expect(page.locator('#veredito').textContent()).resolves.toContain('Veredito');
    // the release's notice in Portuguese (the catalogue's), not the findings' English
    await expect(page.locator('#ressalvas').textContent()).resolves.toContain('População sintética');
    const checks: PageCheck[] = [];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      checks.push(await checkPage(page, 'playground'));
      await page.screenshot({ path: `${SHOTS}/playground-${width}.png`, fullPage: true });
    }
    expect(failed(checks)).toEqual([]);
    expect(notPortuguese(checks)).toEqual([]);
    await page.close();
  }, 600_000);

  it('shows a refused scenario\'s contract code and field', async () => {
    const page = await openPage(390);
    await page.getByText('Cenário em JSON').click();
    await page.locator('#json').fill(JSON.stringify({ ...SCENARIO, replicas: 0 }));
    await page.getByRole('button', { name: 'Rodar' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('replicas_range').waitFor({ timeout: 300_000 });
    await expect(alert.locator('code', { hasText: /^replicas$/ }).count()).resolves.toBe(1);
    await page.close();
  }, 300_000);

  it('maps the console\'s form to the scenario the console maps it to, GRPs included, and refuses a field under its name', async () => {
    const page = await openPage(1280);
    await page.getByLabel('Modelo').selectOption('vacinacao-adultos');
    await page.getByLabel('UF').selectOption('RR');
    // RR's engine loaded first: a channel in GRPs is converted over its files
    expect(await page.evaluate(`window.campaignSim.refusal(${JSON.stringify(SCENARIO)})`)).toBeNull();
    await page.getByLabel('Nome da simulação').fill('Pelo formulário');
    await page.getByLabel('Horizonte (dias simulados)').fill('35');
    await page.locator('#tv_grp').fill('80,5');
    const inPage = JSON.parse(await page.locator('#json').inputValue());
    const catalog = await (await fetch(`${base}catalogo.json`)).json() as { modelos: Array<{ id: string; cenarios: Record<string, Scenario> }> };
    const scenario = catalog.modelos.find((m) => m.id === 'vacinacao-adultos')!.cenarios.RR;
    const form = formOfScenario('vacinacao-adultos', scenario, 'RR', []);
    const typed = { ...form, nome: 'Pelo formulário', dias: '35', canais: { ...form.canais, tv: { ...form.canais.tv, grp: '80,5' } } };
    expect(form.canais.tv.usar).toBe(true);
    expect(inPage).toEqual(scenarioOfForm(typed, scenario, true));
    expect(inPage.canais.find((c: { canal: string }) => c.canal === 'tv').intensidade).not.toBe(scenario.canais!.find((c) => c.canal === 'tv')!.intensidade);
    // a malformed intensity: the form's refusal, under the field's name
    await page.locator('#tv_grp').fill('');
    await page.locator('#tv_intensidade').fill('forte');
    await page.getByRole('button', { name: 'Rodar' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('invalid_request').waitFor({ timeout: 300_000 });
    await expect(alert.locator('code', { hasText: /^tv_intensidade$/ }).count()).resolves.toBe(1);
    await page.close();
  }, 600_000);
});
