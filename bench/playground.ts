// `npm run bench:playground`: the engine in Chromium against Node on the same machine (issue 61's
// targets): RR adoption, 180 days, 5 replicas, 2 threads each (wall time of the run, target: the
// browser within 2x of Node), and the playground's first load for RR (engine, kernel, the
// release's files, RR's population) in bytes transferred, compressed as `serve` sends them
// (target: under 15 MB). Both give the same summary without timing fields, checked here too.
// Writes bench/out/playground.json. Debian's chromium (CHROMIUM_PATH), driven by playwright-core.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import { playgroundRoutes } from '../service/playground/playground-routes.js';
import { withoutTiming } from '../src/browser/run-in-page.js';
import { closePool } from '../src/pool/pool.js';
import { newestRelease } from '../src/release/release.js';
import { runSimulation } from '../src/research/simulation.js';
import { parseBenchArgs } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';
import { runAsMain } from './lib/run-as-main.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const THREADS = 2;
// on the release the playground serves: the newest
const SCENARIO = {
  versao_contrato: 3, release: newestRelease(), familia: 'adocao', nome: 'Bench do playground', geografia: { ufs: ['RR'] },
  lancamento: { dia: 1, cenario_base: 'pix' }, horizonte: { data_inicio: '2026-02-02', dias: 180 }, replicas: 5,
  grupo_comparacao: 'bench-playground', kpis: ['adotantes'],
};

async function main(): Promise<void> {
  parseBenchArgs({
    name: 'playground',
    measures: 'The engine in Chromium against Node on this machine: RR adoption, 180 days, 5 replicas, 2 threads each (wall time of the run; target: the browser within 2x of Node), and the playground\'s first load for RR in bytes transferred, compressed (target: under 15 MB); both summaries compared. Needs Debian\'s chromium (CHROMIUM_PATH).',
    results: ['playground.json'],
    options: {},
  });
  const app = Fastify();
  await app.register(playgroundRoutes, {});
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/playground/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    // the site's files made once before anything is timed (the first request records RR's reads)
    await fetch(`${base}dados/${SCENARIO.release}/RR.json`);
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    const porArquivo: Record<string, number> = {};
    const urls = new Map<string, string>();
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      const u = (urls.get(e.requestId) ?? '?').replace(base, '');
      porArquivo[u] = (porArquivo[u] ?? 0) + e.encodedDataLength;
    });
    const t0 = performance.now();
    await page.goto(base);
    await page.evaluate(`window.campaignSim.refusal(${JSON.stringify(SCENARIO)})`);
    const loadSeconds = (performance.now() - t0) / 1000;
    const browserRun = await page.evaluate<{ s: number; resumo: unknown }>(`(async () => {
      const t = performance.now();
      const resumo = await window.campaignSim.run(${JSON.stringify(SCENARIO)}, { threads: ${THREADS} });
      return { s: (performance.now() - t) / 1000, resumo };
    })()`);
    const t1 = performance.now();
    const node = await runSimulation(SCENARIO, { threads: THREADS });
    const nodeSeconds = (performance.now() - t1) / 1000;
    const same = JSON.stringify(browserRun.resumo) === JSON.stringify(withoutTiming(node.summary()));
    const doc = {
      bench: 'playground', when: new Date().toISOString(), cenario: SCENARIO, threads: THREADS,
      navegador: await browser.version(),
      carga: { bytes_transferidos: bytes, mib: Number((bytes / 2 ** 20).toFixed(2)), alvo_mib: 15, segundos: Number(loadSeconds.toFixed(2)), por_arquivo: porArquivo },
      rodada: {
        navegador_segundos: Number(browserRun.s.toFixed(2)), node_segundos: Number(nodeSeconds.toFixed(2)),
        razao: Number((browserRun.s / nodeSeconds).toFixed(2)), alvo_razao: 2, mesmo_resumo: same,
      },
    };
    process.stdout.write(`${JSON.stringify({ carga: { mib: doc.carga.mib, segundos: doc.carga.segundos }, rodada: doc.rodada })}\n`);
    process.stdout.write(`${await writeBenchResult('playground.json', doc)}\n`);
  } finally {
    await browser.close();
    await app.close();
    await closePool();
  }
}

runAsMain(import.meta.url, main);
