// /v1/calibracoes over the real app and PostgreSQL (fresh schema): estimate, submit with
// Idempotency-Key (reserves the quoted price, charged once), read the result after a worker ran
// the job (runCalibrationJob with an analytic stand-in for simulate, so this file stays fast; the
// real model is exercised in calibration-recovery.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness, insertJob, type Harness } from '../service/routes/harness.js';
import { claimNextJob, completeJob, heartbeat } from '../../service/jobs/queue.js';
import { getJob } from '../../service/jobs/jobs.js';
import { openRelease } from '../../src/release/release.js';
import type { CalibrationBody, CalibrationRequest } from '../../src/contract/types.js';
import type { ReplicaResult } from '../../src/pool/replica-result.js';
import type { ModelParameters } from '../../src/release/types.js';
import { engineSimulate } from '../../calibration/engine.js';
import { calibrationParametersFromBytes, runCalibrationJob, type CalibrationProgress } from '../../calibration/job.js';
import { validateCalibrationRequest } from '../../calibration/validate-request.js';
import { closePool } from '../../src/pool/pool.js';
import type { SimulateFn } from '../../calibration/simulation-model.js';
import { countRounds } from '../../calibration/parameters.js';
import { calibrationPeriods, calibrationRequest } from '../fixtures/scenarios.js';

const release = openRelease('v1.0.0');
const rr = release.municipalities('RR');

/** Share adopted by day t: launch share plus a constant hazard exp(beta0) (an analytic stand-in). */
const share = (p: ModelParameters, t: number) => {
  const s0 = 1 / (1 + Math.exp(-p.logit_lancamento));
  return t <= 0 ? 0 : s0 + (1 - s0) * (1 - Math.exp(-Math.exp(p.beta0) * t));
};

const fakeSimulate: SimulateFn = async (scenario, opts) => {
  const semanas = Math.ceil(scenario.horizonte.dias / 7);
  const serie = new Uint32Array(rr.length * semanas);
  rr.forEach((m, u) => {
    for (let w = 0; w < semanas; w++) serie[u * semanas + w] = Math.round(m.populacao * share(opts.parametros!, Math.min(7 * (w + 1), scenario.horizonte.dias)));
  });
  const r: ReplicaResult = {
    variante: 'plano', replica: 0, semanas, medidas: ['adotantes'], unidades: rr.map((m) => m.codigo), serie,
    seriePublico: serie, populacao: new Uint32Array(rr.length), publico: new Uint32Array(rr.length),
    grade: 'principal', celulas: new Uint32Array(0), celulasPopulacao: new Uint32Array(0), medidasCelulas: [], canais: [],
  };
  return { variantes: { plano: [r] } };
};

const truth: ModelParameters = { ...release.manifest.parametros_pix, beta0: -5 };

function body(over: Partial<CalibrationRequest> = {}): CalibrationBody {
  const pedido = calibrationRequest({
    cenario: { grupo_comparacao: 'rotas-calibracao' }, ...calibrationPeriods('mes', [202101, 202103], [202104, 202104]), ...over,
  });
  const ends = [31, 59, 90, 120];
  const serie = rr.flatMap((m) => ends.map((d, k) => ({ periodo: 202101 + k, municipio: m.codigo, valor: Math.round(m.populacao * share(truth, d)) })));
  return { pedido, serie, serie_sha256: null };
}

let h: Harness;
/** The calibration concluded by the submit test (beta0 = -5), reused as a cenario_base calibracao. */
let concludedCalibration = '';
beforeAll(async () => { h = await openHarness('calibracoes'); });
afterAll(async () => { await h?.close(); await closePool(); });

describe('/v1/calibracoes', () => {
  it('estimate quotes the rounds the runner makes and reserves nothing', async () => {
    const res = await h.call('POST', '/v1/calibracoes/estimate', h.keys.full, { body: body() });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.rodadas).toBe(countRounds(body().pedido, release));
    expect(q.rodadas).toBe(5 + 2 + 1);
    expect(q.dias).toBe(120);
    expect(q.preco_micros).toBeGreaterThan(0);
  });

  it('refuses a bad series row with its contract code and field, and a body without pedido in the validation form', async () => {
    const b = body();
    b.serie![3] = { ...b.serie![3], municipio: '3550308' };
    const res = await h.call('POST', '/v1/calibracoes/estimate', h.keys.full, { body: b });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject({ code: 'invalid_request', contract_code: 'series_municipality_unknown', field: 'serie[3].municipio' });
    const bare = await h.call('POST', '/v1/calibracoes/estimate', h.keys.full, { body: { serie: [] } });
    expect(bare.statusCode).toBe(422);
    expect(Array.isArray(bare.json().detail)).toBe(true);
    const noScope = await h.call('POST', '/v1/calibracoes/estimate', h.keys.reader, { body: body() });
    expect(noScope.statusCode).toBe(403);
  });

  it('submits once per Idempotency-Key, runs on a worker with progress, and serves the result', async () => {
    const quote = (await h.call('POST', '/v1/calibracoes/estimate', h.keys.full, { body: body() })).json();
    const first = await h.call('POST', '/v1/calibracoes', h.keys.full, { body: body(), headers: { 'idempotency-key': 'cal-1' } });
    expect(first.statusCode).toBe(201);
    const job = first.json();
    expect(job).toMatchObject({ tipo: 'calibracao', estado: 'reservado', preco_micros: quote.preco_micros });
    const again = await h.call('POST', '/v1/calibracoes', h.keys.full, { body: body(), headers: { 'idempotency-key': 'cal-1' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(job.id);
    const noKey = await h.call('POST', '/v1/calibracoes', h.keys.full, { body: body() });
    expect(noKey.statusCode).toBe(422);

    const notYet = await h.call('GET', `/v1/calibracoes/${job.id}`, h.keys.full);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().detail.code).toBe('result_not_ready');

    const claimed = await claimNextJob(h.store, 'w-cal');
    expect(claimed?.id).toBe(job.id);
    const seen: CalibrationProgress[] = [];
    const stored = await runCalibrationJob(claimed!.pedido as CalibrationBody, {
      release, simulate: fakeSimulate, progressMs: 0,
      heartbeat: async (p) => { seen.push(p); await heartbeat(h.store, job.id, 'w-cal', h.clock.now(), p); },
    });
    expect(seen.at(-1)).toEqual({ rodadas_feitas: 8, rodadas: 8 });
    expect((await getJob(h.store, h.projectId, job.id)).progresso).toEqual({ rodadas_feitas: 8, rodadas: 8 });
    const running = (await h.call('GET', `/v1/jobs/${job.id}`, h.keys.reader)).json();
    expect(running).toMatchObject({ estado: 'em_execucao', registro: { progresso: { rodadas_feitas: 8, rodadas: 8 } } });
    await completeJob(h.store, job.id, stored, { workerId: 'w-cal' });
    expect((await h.call('GET', `/v1/jobs/${job.id}`, h.keys.reader)).json().registro.progresso).toBeUndefined();
    concludedCalibration = job.id;

    const res = await h.call('GET', `/v1/calibracoes/${job.id}`, h.keys.reader);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.parametros).toEqual([{ parametro: 'beta0', valor: -5, min: -6, max: -4, passo: 0.5, na_borda: false }]);
    expect(r.veredito.resultado).toBe('aprovada');
    expect(r.busca).toMatchObject({ metodo: 'grade', avaliados: 5 });
    expect(r.serie_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.parametros_modelo.beta0).toBe(-5);
  });

  it('a simulation with cenario_base calibracao takes the parameters of a concluded calibration of the project', async () => {
    const scenario = (calibracao: string) => ({
      ...body().pedido.cenario, grupo_comparacao: 'base-calibrada',
      lancamento: { dia: 1, cenario_base: 'calibracao', calibracao },
    });
    const ok = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: { pedido: scenario(concludedCalibration) } });
    expect(ok.statusCode).toBe(200);
    const sim = await insertJob(h, { tipo: 'simulacao' });
    for (const bad of ['00000000-0000-4000-8000-000000000000', sim.id]) {
      const res = await h.call('POST', '/v1/jobs', h.keys.full, { body: { pedido: scenario(bad) }, headers: { 'idempotency-key': `base-${bad}` } });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatchObject({ code: 'invalid_request', contract_code: 'launch_calibration_malformed', field: 'lancamento.calibracao' });
    }
    const { resolveCalibrationBase } = await import('../../service/jobs/calibration-base.js');
    const { validateScenario } = await import('../../src/contract/index.js');
    const parametros = await resolveCalibrationBase(h.store, h.projectId, validateScenario(scenario(concludedCalibration)));
    expect(parametros?.parametros.beta0).toBe(-5);
    expect(await resolveCalibrationBase(h.store, h.projectId, validateScenario(body().pedido.cenario))).toBeUndefined();
  });

  it('findings, setores and respostas of a calibration job answer 422 not_a_simulation (not a 500)', async () => {
    for (const url of [`/v1/jobs/${concludedCalibration}/findings`, `/v1/jobs/${concludedCalibration}/setores?municipio=1400100`, `/v1/jobs/${concludedCalibration}/respostas`]) {
      const res = await h.call('GET', url, h.keys.full);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail).toMatchObject({ code: 'not_a_simulation' });
    }
  });

  it('numbers calibration attempts on the same series', async () => {
    const { calibrationAttempt } = await import('../../service/jobs/jobs.js');
    const second = await h.call('POST', '/v1/calibracoes', h.keys.full, { body: body(), headers: { 'idempotency-key': 'cal-2' } });
    expect(second.statusCode).toBe(201);
    expect(await calibrationAttempt(h.store, concludedCalibration)).toBe(1);
    expect(await calibrationAttempt(h.store, second.json().id)).toBe(2);
  });

  it('answers 404 for a simulation job or an unknown id', async () => {
    const sim = await insertJob(h, { tipo: 'simulacao' });
    expect((await h.call('GET', `/v1/calibracoes/${sim.id}`, h.keys.full)).statusCode).toBe(404);
    expect((await h.call('GET', '/v1/calibracoes/00000000-0000-4000-8000-000000000000', h.keys.full)).statusCode).toBe(404);
  });

  it('runs a calibration job on the engine; its parameters feed a cenario_base calibracao scenario', async () => {
    const b = body({
      cenario: { ...body().pedido.cenario, horizonte: { data_inicio: '2021-01-01', dias: 21 } },
      serie: { declaracao: { versao_contrato: 1, granularidade: 'dia', medida: 'acumulado' } },
      janela: { inicio: 20210101, fim: 20210114 },
      holdout: { inicio: 20210115, fim: 20210121 },
      parametros: { beta_expo: { min: -4, max: -3, passo: 0.5 } },
    });
    b.serie = rr.flatMap((m) => Array.from({ length: 21 }, (_, d) => ({ periodo: 20210101 + d, municipio: m.codigo, valor: Math.round(m.populacao * 0.01 * (d + 1)) })));
    const seen: CalibrationProgress[] = [];
    const stored = await runCalibrationJob(validateCalibrationRequest(b), {
      release, simulate: engineSimulate, threads: 2, progressMs: 0, heartbeat: async (p) => { seen.push(p); },
    });
    expect(stored.formato).toBe('calibracao-json-v1');
    expect(seen.at(-1)).toEqual({ rodadas_feitas: 6, rodadas: 6 });
    const { parametros, veredito } = calibrationParametersFromBytes(stored);
    expect(['aprovada', 'reprovada']).toContain(veredito);
    expect([-4, -3.5, -3]).toContain(parametros.beta_expo);
    expect(parametros.beta0).toBe(release.manifest.parametros_pix.beta0);
  });
});
