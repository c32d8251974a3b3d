// Golden findings of one fixed small scenario (RR, reception, two channels, 2 replicas, 28 days,
// per-tract output, an answer contract) on the real engine. The expected file changes only by
// the explicit script `npm run baseline:regenerate` (BASELINE_REGENERATE=1), never by a plain
// test run: a difference here means the engine or the findings changed their numbers.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answerQuestions, buildFindings, buildTractEvents, decodeJobResult, encodeJobResult, FINDINGS_TABLES, type JobResult,
} from '../../src/findings/index.js';
import { GRID_AXES } from '../../src/release/publication-grid.js';
import { closePool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import { runSimulationJob } from '../../src/run-simulation-job.js';
import { BASELINE_SCENARIO } from '../fixtures/scenarios.js';

const FILE = fileURLToPath(new URL('./findings-rr-recepcao.json', import.meta.url));
const REGENERATE = process.env.BASELINE_REGENERATE === '1';
const BOA_VISTA = '1400100';

async function runBaseline(): Promise<JobResult> {
  return (await runSimulationJob(BASELINE_SCENARIO, { release: openRelease('v1.0.0'), threads: 2 })).result;
}

function findingsOf(result: JobResult) {
  return {
    tabelas: Object.fromEntries(FINDINGS_TABLES.map((tabela) => [tabela, buildFindings(result, { tabela, limite: 1000 })])),
    setores: buildTractEvents(result, { municipio: BOA_VISTA, semana: 4, limite: 40 }),
    respostas: answerQuestions(null, result),
  };
}

describe('golden findings baseline (RR reception)', () => {
  let result: JobResult;
  afterAll(async () => {
    await closePool();
  });

  it('the real engine gives the stored findings', async () => {
    result = await runBaseline();
    // Through the stored format, as the service reads it.
    const got = JSON.parse(JSON.stringify(findingsOf(decodeJobResult(JSON.parse(JSON.stringify(encodeJobResult(result)))))));
    if (REGENERATE) {
      writeFileSync(FILE, `${JSON.stringify(got, null, 1)}\n`);
      return;
    }
    if (!existsSync(FILE)) throw new Error(`${FILE} is missing: run npm run baseline:regenerate once and commit it`);
    expect(got).toEqual(JSON.parse(readFileSync(FILE, 'utf8')));
  });

  it('the real tables keep the privacy invariants', () => {
    const t = buildFindings(result, { tabela: 'saturacao', limite: 1000 });
    expect(t.total).toBeGreaterThan(0);
    const axes = GRID_AXES[result.grade].map((a) => a.nome);
    for (const mun of [BOA_VISTA, '1400159']) {
      for (const medida of result.saturacao.medidas) {
        const rows = t.linhas.filter((r) => r.municipio === mun && r.medida === medida);
        const total = rows.find((r) => r.eixo === 'total')!;
        for (const axis of axes) {
          const part = rows.filter((r) => r.eixo === axis);
          const nulls = [total, ...part].filter((r) => r.n === null).length;
          expect(nulls).not.toBe(1);
          // published parts never exceed the published total
          if (total.n !== null) for (const r of part) if (r.n !== null) expect(r.n as number).toBeLessThanOrEqual(total.n as number);
        }
      }
    }
    for (const r of t.linhas) if (r.n !== null) expect(r.motivo === null || r.populacao === null).toBe(true);
  });

  it('stores the weekly curves of every variant and measure, through the stored format', () => {
    const stored = decodeJobResult(JSON.parse(JSON.stringify(encodeJobResult(result))));
    const curvas = stored.curvas!;
    expect([...new Set(curvas.map((c) => c.variante))].sort()).toEqual([...result.variantes].sort());
    expect(curvas).toHaveLength(result.variantes.length * BASELINE_SCENARIO.kpis.length);
    for (const c of curvas) {
      expect(c.valores).toHaveLength(result.semanas);
      // cumulative measures never fall from one week to the next
      for (let w = 1; w < c.valores.length; w++) expect(c.valores[w]).toBeGreaterThanOrEqual(c.valores[w - 1] - 1e-9);
    }
  });
});
