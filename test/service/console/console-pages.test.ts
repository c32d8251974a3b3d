// Every console page in a real browser (Debian's chromium through playwright-core, as
// console-browser.test.ts), at 390 px (a phone) and 1280 px: no sideways scroll on the phone,
// every destructive action behind a confirmation step, zero axe-core violations (axe injected from node_modules, no network), and screenshots of each
// page at each width (the whole page, and the first screen: -tela) in .cache/screenshots/paginas (not committed) for review. The job is a
// reception job over all 15 RR municipalities: its saturacao table has 1,080 rows, more than one
// findings page, and the map draws every municipality (Uiramutã was missing when it read one page).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../service/accounts/accounts.js';
import { invite } from '../../../service/accounts/invitations.js';
import { createPerson } from '../../../service/accounts/people.js';
import { validateScenario, variantNames } from '../../../src/contract/index.js';
import { buildFindings, jobResultToBytes, JOB_RESULT_BYTES_FORMAT, type WeeklyCurve } from '../../../src/findings/index.js';
import { projectPath } from '../../../src/project-path.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { claimNextJob, heartbeat } from '../../../service/jobs/queue.js';
import { concludeNext, insertJob, openHarness, type Harness } from '../routes/harness.js';
import { syntheticResult } from '../routes/synthetic-result.js';
import { MIN_TEXT_PX } from './page-checks.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = projectPath('.cache', 'screenshots', 'paginas');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WIDTHS = [390, 1280] as const;
const EMAIL = 'paula@exemplo.org';
const SENHA = 'uma-senha-longa';

/** The 15 municipalities of Roraima (IBGE), as data/br/municipios.csv names them. */
const ALL_RR: Record<string, string> = {
  '1400027': 'Amajari', '1400050': 'Alto Alegre', '1400100': 'Boa Vista', '1400159': 'Bonfim', '1400175': 'Cantá',
  '1400209': 'Caracaraí', '1400233': 'Caroebe', '1400282': 'Iracema', '1400308': 'Mucajaí', '1400407': 'Normandia',
  '1400456': 'Pacaraima', '1400472': 'Rorainópolis', '1400506': 'São João da Baliza', '1400605': 'São Luiz', '1400704': 'Uiramutã',
};

let h: Harness;
let browser: Browser;
let context: BrowserContext;
let base: string;
let jobId: string;
let token: string;
let rows: number;
let queuedId: string;
let runningId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await openHarness('console_pages');
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  await createPerson(h.store, EMAIL, SENHA);
  await addMember(h.store, { organizationId: h.orgId, email: EMAIL, papel: 'owner' });
  token = await invite(h.store, h.orgId, 'convidada@exemplo.org', 'member', 'owner');
  // three measures: 15 municipalities x 3 x 24 rows = 1,080 saturacao rows
  const pedido = httpScenario({ kpis: ['alcance', 'repassa', 'rejeita'] });
  const res = await h.call('POST', '/v1/jobs', h.keys.full, { body: { pedido }, headers: { 'idempotency-key': 'console-pages' } });
  expect(res.statusCode).toBe(201);
  const cenario = validateScenario(pedido);
  const { result } = syntheticResult(cenario, 1, ALL_RR);
  // weekly curves as a worker stores them (the synthetic counts have none): 9 variants, 3 measures, 26 weeks
  result.curvas = variantNames(cenario).flatMap((variante, v): WeeklyCurve[] => ['alcance', 'repassa', 'rejeita'].map((medida, m) => ({
    variante, medida, escondidas: 0, valores: Array.from({ length: 26 }, (_, w) => Math.round((40_000 - 900 * v - 9_000 * m) * (1 - Math.exp(-(w + 1) / 6)))),
  })));
  rows = buildFindings(result, { tabela: 'saturacao', limite: 1 }).total;
  jobId = (await concludeNext(h, { formato: JOB_RESULT_BYTES_FORMAT, dados: jobResultToBytes(result) })).id;
  // a running simulation that has reported 2,077 of 8,100 simulated days
  runningId = (await insertJob(h)).id;
  const running = (await claimNextJob(h.store, 'pages-worker'))!;
  expect(running.id).toBe(runningId);
  await heartbeat(h.store, runningId, 'pages-worker', h.store.clock.now(), { feitos: 2077, total: 8100 });
  queuedId = (await insertJob(h)).id;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  // axe is injected as an inline script: the console's CSP (scripts only from 'self') would refuse it
  context = await browser.newContext({ bypassCSP: true });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

interface Check { pagina: string; largura: number; rolagem: boolean; violacoes: string[]; semConfirmar: string[] }

/** Opens `path` at each width: sideways scroll, axe's violations and a screenshot. */
async function checkPage(page: Page, name: string, path: string, ready?: string): Promise<Check[]> {
  const out: Check[] = [];
  for (const largura of WIDTHS) {
    await page.setViewportSize({ width: largura, height: 900 });
    await page.goto(`${base}${path}`);
    if (ready) await page.locator(ready).waitFor();
    out.push(await inspect(page, name, largura));
  }
  return out;
}

/** The page as it is: sideways scroll, destructive forms not behind a closed dialog (or disclosure), axe's violations, and screenshots. */
async function inspect(page: Page, name: string, largura: number): Promise<Check> {
  // evaluated in the page (as text: the tests' TypeScript has no DOM types)
  const rolagem = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
  // every destructive form (its action ends in one of these, or it is marked data-perigo) sits in a closed dialog
  const semConfirmar = await page.evaluate<string[]>(`[...document.querySelectorAll('form[method=post]')]
    .filter((f) => (f.hasAttribute('data-perigo') || /\\/(revogar|excluir|fechar|desconectar|remover)$/.test(f.action)
      || f.querySelector('button[value=remover]') !== null) && !f.closest('details:not([open]), dialog:not([open])'))
    .map((f) => f.action)`);
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate<string[]>(`axe.run().then((r) => r.violations.map((v) =>
    v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  await page.screenshot({ path: `${SHOTS}/${name}-${largura}.png`, fullPage: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${largura}-tela.png` });
  return { pagina: name, largura, rolagem, violacoes: found, semConfirmar };
}

/** Signs in (the tests share one browser context: a person already signed in goes straight home). */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${base}/console/entrar`);
  if (page.url().endsWith('/console')) return;
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Senha').fill(SENHA);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/console$/);
}

const clean = (checks: Check[]) => checks.filter((c) => c.rolagem || c.violacoes.length > 0 || c.semConfirmar.length > 0);

describe('every console page at 390 px and 1280 px', () => {
  it('GET / with Accept: text/html leads a signed-out person to the sign-in page; a client gets a pointer to /docs', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForURL(/\/console\/entrar/);
    const json = await h.call('GET', '/', null, { headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ docs: '/docs' });
    await page.close();
  });

  it('signed out: the sign-in and sign-up pages', async () => {
    const page = await context.newPage();
    const checks = [...await checkPage(page, 'entrar', '/console/entrar'), ...await checkPage(page, 'cadastro', '/console/cadastro')];
    expect(clean(checks)).toEqual([]);
    await page.close();
  });

  it('signed in: every page but the jobs\'', async () => {
    const page = await context.newPage();
    await signIn(page);
    const checks = [
      ...await checkPage(page, 'inicio', '/console'),
      ...await checkPage(page, 'conta', '/console/conta'),
      ...await checkPage(page, 'agentes', '/console/agentes'),
      ...await checkPage(page, 'organizacao', `/console/organizacoes/${h.orgId}`),
      ...await checkPage(page, 'projeto', `/console/projetos/${h.projectId}`),
      ...await checkPage(page, 'convite', `/console/convites/${token}`),
      ...await checkPage(page, 'nao-encontrada', '/console/nao-existe'),
    ];
    expect(clean(checks)).toEqual([]);
    // a key's scopes in words, the code beside (labels.ts)
    await page.goto(`${base}/console/projetos/${h.projectId}`);
    await expect(page.getByRole('checkbox', { name: 'ler simulações, resultados e diagnósticos (results:read)' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: 'simular e abrir diagnósticos (gasta créditos) (simulate)' }).count()).resolves.toBe(1);
    await page.close();
  });

  it('signed in: the jobs\' pages (the list, a concluded job, one queued, one running)', async () => {
    const page = await context.newPage();
    await signIn(page);
    const checks = [
      ...await checkPage(page, 'jobs', `/console/projetos/${h.projectId}/jobs`),
      ...await checkPage(page, 'job', `/console/projetos/${h.projectId}/jobs/${jobId}`, '#mapa[data-pronto="1"]'),
      ...await checkPage(page, 'job-na-fila', `/console/projetos/${h.projectId}/jobs/${queuedId}`, '#em-curso'),
      ...await checkPage(page, 'job-em-execucao', `/console/projetos/${h.projectId}/jobs/${runningId}`, '#em-curso'),
    ];
    expect(clean(checks)).toEqual([]);
    await page.close();
  });

  it('the job page: the answer first, every municipality on the map, all rows, the chart labelled and its values, a running job\'s progress', async () => {
    const page = await context.newPage();
    await signIn(page);
    const job = `/console/projetos/${h.projectId}/jobs/${jobId}`;
    // more rows than one findings page holds, and still one shape per municipality
    expect(rows).toBeGreaterThan(1000);
    await page.goto(`${base}${job}`);
    await page.locator('#mapa[data-pronto="1"]').waitFor();
    await expect(page.locator('#mapa path.leaflet-interactive').count()).resolves.toBe(15);
    await expect(page.locator('#valores-mapa tbody tr').count()).resolves.toBe(15);
    await page.getByText('Os valores do mapa, município a município (15)').click();
    await expect(page.getByRole('cell', { name: 'Uiramutã 1400704' }).count()).resolves.toBe(1);
    // the answer first (job-summary.ts), then the scenario, the verdict in words, the map, the chart, the tables
    await expect(page.locator('h2').allTextContents()).resolves.toEqual([
      'Resultado da simulação', 'O cenário simulado', 'Veredito: quanto confiar nestes números',
      'Mapa: pessoas alcançadas, em parte da população de cada município', 'Semana a semana, por variante',
      'Tabelas: saturação por município, medida e perfil',
    ]);
    await expect(page.locator('.manchete').textContent()).resolves.toMatch(/^Simulação sobre a população sintética de RR: /);
    await expect(page.locator('.veredito').textContent()).resolves.toMatch(/Robusto|Indicativo|Instável|Inconclusivo/);
    // names beside the codes in the findings table
    await expect(page.getByRole('cell', { name: 'Amajari 1400027' }).count()).resolves.toBeGreaterThan(0);
    // the findings tables by name (labels.ts)
    await expect(page.getByRole('navigation', { name: 'Tabelas' }).getByRole('link').allTextContents()).resolves.toContain('contribuição de cada canal (plano menos sem o canal)');
    // every row: page by page (20 rows: a phone's page stays short), and all of them as CSV
    await expect(page.locator('#achados-linhas').textContent()).resolves.toBe(`Linhas 1 a 20 de ${rows.toLocaleString('pt-BR')}.`);
    await page.getByRole('link', { name: 'Próxima ›' }).first().click();
    await page.waitForURL(/pagina=2#achados$/);
    await expect(page.locator('#achados-linhas').textContent()).resolves.toBe(`Linhas 21 a 40 de ${rows.toLocaleString('pt-BR')}.`);
    const csv = await page.request.get(`${base}${job}/achados.csv?tabela=saturacao`);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\n');
    expect(lines.length).toBe(rows + 1);
    expect(lines[0]).toBe('municipio,medida,eixo,valor,n,populacao,parte,erro_padrao,motivo');
    expect(lines.filter((l) => l.startsWith('1400704,')).length).toBe(rows / 15);
    await page.goto(`${base}${job}`);
    await page.locator('#mapa[data-pronto="1"]').waitFor();
    // the chart: named, its y axis labelled, the variants in Portuguese, plano drawn last (on top) in every panel
    const grafico = page.getByRole('img', { name: 'Pessoas com cada medida até o fim de cada semana, por variante' });
    await expect(grafico.count()).resolves.toBe(1);
    await expect(grafico.locator('text', { hasText: 'pessoas (acumulado)' }).count()).resolves.toBe(3);
    const legenda = await grafico.locator('text').allTextContents();
    expect(legenda).toEqual(expect.arrayContaining(['plano (como pedido)', 'sem TV', 'rádio 10% menor', 'sem mídia exterior']));
    expect(legenda.some((t) => /^(sem|menos10)_/.test(t))).toBe(false);
    await expect(page.evaluate<string[]>(`[...document.querySelectorAll('#grafico .grafico-largo g.painel')].map((g) => [...g.querySelectorAll('polyline')].at(-1).dataset.variante)`))
      .resolves.toEqual(['plano', 'plano', 'plano']);
    await expect(page.locator('#grafico .grafico-largo polyline[stroke-dasharray]').count()).resolves.toBe(3 * 8);
    await page.locator('#grafico').screenshot({ path: `${SHOTS}/job-grafico-1280.png` });
    // the same values as tables, without the picture: a row per week, a column per variant
    await page.getByText('Os valores do gráfico, semana a semana').click();
    const alcance = page.getByRole('region', { name: 'Valores de alcance por semana e variante' });
    await expect(alcance.locator('tbody tr').count()).resolves.toBe(26);
    await expect(alcance.locator('thead th').allTextContents()).resolves.toEqual(['Semana', 'plano (como pedido)', 'sem TV', 'TV 10% menor', 'sem rádio', 'rádio 10% menor', 'sem digital', 'digital 10% menor', 'sem mídia exterior', 'mídia exterior 10% menor']);
    // week 26 of plano: 40,000 x (1 - e^(-26/6)), whole persons in pt-BR
    await expect(alcance.locator('tbody tr').last().locator('td').first().textContent()).resolves.toBe(Math.round(40_000 * (1 - Math.exp(-26 / 6))).toLocaleString('pt-BR'));
    const aberto = await inspect(page, 'job-grafico-valores', 1280);
    await page.setViewportSize({ width: 390, height: 900 });
    const abertoNoTelefone = await inspect(page, 'job-grafico-valores', 390);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect([aberto, abertoNoTelefone].filter((c) => c.rolagem || c.violacoes.length > 0)).toEqual([]);
    // another measure: the page comes back at the map, not at its top
    await page.locator('#medida').selectOption('rejeita');
    await page.waitForURL(/medida=rejeita#mapa-secao$/);
    await page.locator('#mapa[data-pronto="1"]').waitFor();
    await expect(page.locator('#mapa-titulo').textContent()).resolves.toContain('pessoas que rejeitaram a mensagem');

    // a running job: its progress as a bar and a percent (2,077 of 8,100 days: 25%, rounded down), not raw counts
    await page.goto(`${base}/console/projetos/${h.projectId}/jobs/${runningId}`);
    const barra = page.getByRole('progressbar', { name: 'Progresso' });
    await expect(barra.getAttribute('value')).resolves.toBe('2077');
    await expect(barra.getAttribute('max')).resolves.toBe('8100');
    await expect(page.locator('#em-curso').textContent()).resolves.toMatch(/em execução: 25% feito/);
    await expect(page.locator('#em-curso').textContent()).resolves.not.toMatch(/feitos|2077/);
    // on a phone and a screen: the chart's text drawn at 12 px or more (the chart's own axis size,
    // job-chart.ts; the wide chart, scaled to a phone, drew it at 5 px), every text inside the
    // drawing (none cut off), and still one named chart
    const chartTexts = () => page.evaluate<Array<{ texto: string; px: number; dentro: boolean }>>(`[...document.querySelectorAll('#grafico svg')].filter((s) => s.getBoundingClientRect().width > 0).flatMap((svg) => {
      const caixa = svg.getBoundingClientRect(), escala = caixa.width / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll('text')].map((t) => {
        const r = t.getBoundingClientRect();
        return { texto: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * escala, dentro: r.left >= caixa.left - 0.5 && r.right <= caixa.right + 0.5 && r.top >= caixa.top - 0.5 && r.bottom <= caixa.bottom + 0.5 };
      });
    })`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}${job}`);
      await expect(grafico.count()).resolves.toBe(1);
      const textos = await chartTexts();
      expect(textos.length).toBeGreaterThan(30);
      expect(textos.filter((t) => t.px < MIN_TEXT_PX - 0.01 || !t.dentro)).toEqual([]);
      // the findings table scrolled to its end: its last column (Observação) clear of the box's edge
      // (its cell's padding and the box's gutter), whole on a screen, the page itself not scrolling sideways
      const fim = await page.evaluate<{ folga: number; rolagem: boolean; largura: number; caixa: number }>(`(() => {
        const box = document.querySelector('#achados .rolagem');
        box.scrollLeft = box.scrollWidth;
        const b = box.getBoundingClientRect();
        const right = Math.max(...[...box.querySelectorAll('tr > :last-child')].map((c) => { const r = document.createRange(); r.selectNodeContents(c); return r.getBoundingClientRect().right; }));
        return { folga: b.right - right, rolagem: document.documentElement.scrollWidth > window.innerWidth, largura: box.scrollWidth, caixa: box.clientWidth };
      })()`);
      expect(fim.rolagem).toBe(false);
      expect(fim.folga).toBeGreaterThanOrEqual(16);
      if (width === 1280) expect(fim.largura).toBeLessThanOrEqual(fim.caixa);
      await page.locator('#achados .rolagem').screenshot({ path: `${SHOTS}/job-tabela-${width}.png` });
    }
    await page.locator('#grafico').screenshot({ path: `${SHOTS}/job-grafico-390.png` });
    await page.close();
  });

  it('a refused form: back by GET, the message beside its field (aria-invalid, aria-describedby, focus there), the value kept; on every kind of page', async () => {
    const page = await context.newPage();
    await signIn(page);
    const org = `/console/organizacoes/${h.orgId}/creditos`;
    const project = `/console/projetos/${h.projectId}/webhook`;
    const perigo = `/console/projetos/${h.projectId}/perigo`;
    /** The field's state as the person meets it: marked invalid, described by the message, focused, with the value typed. */
    const field = (id: string) => page.evaluate<{ invalid: string | null; message: string | undefined; focused: boolean; value: string }>(`(() => {
      const f = document.getElementById('${id}');
      const d = document.getElementById(f.getAttribute('aria-describedby'));
      return { invalid: f.getAttribute('aria-invalid'), message: d?.textContent, focused: document.activeElement === f, value: f.value };
    })()`);
    // autofocus is applied at the browser's next rendering update, after the load event that
    // waitForURL waits for: wait for it (a field never focused fails here) instead of sampling.
    const focusOn = (id: string) => page.waitForFunction(`document.activeElement === document.getElementById('${id}')`);
    const checks: Check[] = [];
    for (const largura of WIDTHS) {
      await page.setViewportSize({ width: largura, height: 900 });
      // the monthly limit, typed wrong
      await page.goto(`${base}${org}`);
      await page.getByLabel('Limite mensal de gasto em reais').fill('dez reais');
      await page.getByRole('button', { name: 'Definir limite' }).click();
      await page.waitForURL(`${base}${org}`);
      await focusOn('limite_valor');
      await expect(field('limite_valor')).resolves.toEqual({ invalid: 'true', message: 'informe um valor em reais, como 100 ou 12,50', focused: true, value: 'dez reais' });
      checks.push(await inspect(page, `recusa-limite`, largura));
      // a reload is a GET: nothing is sent again, and the refusal is not shown again
      await page.reload();
      await expect(field('limite_valor')).resolves.toMatchObject({ invalid: null, value: '' });
      // a webhook address that is not https, on the project's page
      await page.goto(`${base}${project}`);
      await page.getByLabel('URL https pública').fill('http://exemplo.org/aviso');
      await page.getByRole('button', { name: 'Ativar webhook' }).click();
      await page.waitForURL(`${base}${project}`);
      await focusOn('webhook_url');
      await expect(field('webhook_url')).resolves.toMatchObject({ invalid: 'true', focused: true, value: 'http://exemplo.org/aviso' });
      checks.push(await inspect(page, `recusa-webhook`, largura));
      // a deletion with the wrong name typed: back on the project's danger zone, the confirmation open
      await page.goto(`${base}${perigo}`);
      await page.getByText('Excluir projeto…').click();
      await page.getByLabel('Para confirmar, digite o nome do projeto').fill('outro nome');
      await page.getByRole('button', { name: 'Excluir projeto', exact: true }).click();
      await page.waitForURL(`${base}${perigo}`);
      await focusOn('confirmar_projeto');
      await expect(field('confirmar_projeto')).resolves.toMatchObject({ invalid: 'true', focused: true, value: 'outro nome' });
      await expect(page.locator('#confirmar_projeto').isVisible()).resolves.toBe(true);
      // the account page: a wrong current password (never refilled)
      await page.goto(`${base}/console/conta`);
      await page.getByLabel('Senha atual').fill('nao-e-esta-senha');
      await page.getByLabel('Nova senha').fill('outra-senha-longa');
      await page.getByRole('button', { name: 'Trocar a senha' }).click();
      await page.waitForURL(`${base}/console/conta`);
      await focusOn('senha_atual');
      await expect(field('senha_atual')).resolves.toEqual({ invalid: 'true', message: 'a senha atual não confere', focused: true, value: '' });
      checks.push(await inspect(page, `recusa-senha`, largura));
    }
    expect(checks.filter((c) => c.rolagem || c.violacoes.length > 0)).toEqual([]);
    await page.close();
  });

  it('the statement links each entry of a job to the job, by its name (no raw ids)', async () => {
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${base}/console/organizacoes/${h.orgId}/creditos`);
    const extrato = page.getByRole('region', { name: 'Extrato' });
    const links = await page.evaluate<string[]>(`[...document.querySelectorAll('[aria-label=Extrato] a')].map((a) => a.getAttribute('href'))`);
    // the concluded job's reservation and spend, and the running and queued jobs' reservations
    expect(links.filter((l) => l === `/console/projetos/${h.projectId}/jobs/${jobId}`)).toHaveLength(2);
    expect(new Set(links)).toEqual(new Set([jobId, runningId, queuedId].map((j) => `/console/projetos/${h.projectId}/jobs/${j}`)));
    await expect(extrato.textContent()).resolves.not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await extrato.getByRole('link', { name: 'Campanha de teste RR' }).first().click();
    await page.waitForURL(`${base}/console/projetos/${h.projectId}/jobs/${jobId}`);
    await page.close();
  });

  it('an invitation end to end: the link beside the invitations, a signed-out invitee told what it is with the e-mail filled in, sign-up and back, accepted', async () => {
    const page = await context.newPage();
    await signIn(page);
    const org = `${base}/console/organizacoes/${h.orgId}`;
    await page.goto(`${org}/membros`);
    await page.getByLabel('Convidar por e-mail').fill('Nova.Pessoa@exemplo.org');
    await page.getByRole('button', { name: 'Criar convite' }).click();
    await page.waitForURL(`${org}/membros`);
    const secao = page.locator('#convites');
    await expect(secao.getByRole('status').textContent()).resolves.toContain('Convite criado para nova.pessoa@exemplo.org');
    const link = (await secao.locator('#convite-link').textContent())!;
    expect(link).toMatch(new RegExp(`^${base}/console/convites/[A-Za-z0-9_-]{43}$`));
    const checks: Check[] = [];
    for (const largura of WIDTHS) {
      await page.setViewportSize({ width: largura, height: 900 });
      checks.push(await inspect(page, 'organizacao-convite', largura));
    }
    await page.close();

    // the invitee, signed out, in a browser of their own
    const own = await browser.newContext({ bypassCSP: true });
    const invitee = await own.newPage();
    await invitee.setViewportSize({ width: 390, height: 900 });
    await invitee.goto(link);
    await invitee.waitForURL(/\/console\/entrar\?voltar=/);
    await expect(invitee.locator('#aviso-convite').textContent()).resolves.toMatch(/convidado para entrar em Org console_pages como membro\. Entre com o e-mail convidado, nova\.pessoa@exemplo\.org/);
    await expect(invitee.getByLabel('E-mail').inputValue()).resolves.toBe('nova.pessoa@exemplo.org');
    checks.push(await inspect(invitee, 'entrar-convite', 390));
    await invitee.getByRole('link', { name: 'Cadastre-se' }).click();
    await invitee.waitForURL(/\/console\/cadastro\?voltar=/);
    await expect(invitee.getByLabel('E-mail').inputValue()).resolves.toBe('nova.pessoa@exemplo.org');
    checks.push(await inspect(invitee, 'cadastro-convite', 390));
    await invitee.getByLabel('Senha (pelo menos').fill('senha-da-convidada');
    await invitee.getByRole('button', { name: 'Criar conta' }).click();
    await invitee.waitForURL(link);
    checks.push(await inspect(invitee, 'convite-aceitar', 390));
    await invitee.getByRole('button', { name: 'Aceitar o convite' }).click();
    await invitee.waitForURL(org);
    await expect(invitee.getByRole('status').textContent()).resolves.toBe('Convite aceito: você agora é membro de Org console_pages.');
    await own.close();
    expect(checks.filter((c) => c.rolagem || c.violacoes.length > 0)).toEqual([]);
  });

  it('a person creates an organization and is its owner, with no credits; an empty name is told beside the field', async () => {
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('button', { name: 'Criar organização' }).click();
    const campo = page.getByLabel('Nome da organização');
    await expect(campo.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#organizacao-erro').textContent()).resolves.toBe('Informe o nome da organização.');
    await campo.fill('Instituto Paula');
    await page.getByRole('button', { name: 'Criar organização' }).click();
    await page.waitForURL(/\/console\/organizacoes\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Instituto Paula');
    await expect(page.locator('#saldo').textContent()).resolves.toBe('R$ 0,00');
    // the page after the POST is a GET: reloading it makes no second organization
    await page.reload();
    await page.goto(`${base}/console`);
    await expect(page.getByRole('link', { name: 'Instituto Paula' }).count()).resolves.toBe(1);
    await page.close();
  });
});
