// Jobs the service could never finish are refused by the quote itself (src/contract/job-limits.ts),
// so the quote and the submit agree: job_too_long past 12 hours at the release's throughput,
// job_too_large past the worker's memory. Before, the job (27 UFs x 65,535 days x 20
// replicas) was quoted and accepted.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteCalibration } from '../../../calibration/quote.js';
import { validateCalibrationRequest } from '../../../calibration/validate-request.js';
import { checkJobLimits, fleetSpeedup, hostBytes, MAX_JOB_MINUTES, memoryNeed, taskBytes, taskShape, workerBudget } from '../../../src/contract/job-limits.js';
import { prepareKernelPopulation } from '../../../src/kernel/kernel-population.js';
import { kernelBytes } from '../../../src/kernel/layout.js';
import { compilePlan } from '../../../src/plan/compile-plan.js';
import { modelFor } from '../../../src/models/model-registry.js';
import { gridCellCount } from '../../../src/release/publication-grid.js';
import { newestRelease } from '../../../src/release/release.js';
import { openRelease } from '../../../src/release/release.js';
import { quoteSimulation } from '../../../src/contract/quotes.js';
import { validateScenario } from '../../../src/contract/validate-scenario.js';
import { ServiceError } from '../../../src/errors.js';
import { UF_CODES } from '../../../src/release/types.js';
import { fixture } from './helpers.js';
import { adoptionScenario, receptionScenario } from '../../fixtures/scenarios.js';

function refusal(f: () => unknown): ServiceError {
  try { f(); } catch (e) { if (e instanceof ServiceError) return e; throw e; }
  throw new Error('expected a refusal');
}

const scenario = (ufs: readonly string[], dias: number, replicas: number) => validateScenario({
  versao_contrato: 3, release: 'v1.2.0', familia: 'adocao', geografia: { ufs }, lancamento: { dia: 1, cenario_base: 'pix' },
  horizonte: { data_inicio: '2026-01-05', dias }, replicas, grupo_comparacao: 'limites', kpis: ['adotantes'],
});

afterEach(() => vi.unstubAllEnvs());

describe('job limits', () => {
  it("refuses the issue's job at the quote: job_too_long, 422, with the limit in the message", () => {
    const e = refusal(() => quoteSimulation(scenario(UF_CODES, 65_535, 20)));
    expect([e.status, e.code]).toEqual([422, 'job_too_long']);
    expect(e.message).toContain(`${MAX_JOB_MINUTES} minutes (12 hours)`);
    expect(e.toEnvelope().detail).toMatchObject({ code: 'job_too_long', limite_minutos: 720 });
  });

  it('quotes a job just under the limit and refuses one just over it', () => {
    // v1.2.0: 1e8 person-days a second; RR 636,707 persons. 12 h = 4.32e12 person-days.
    expect(quoteSimulation(scenario(['RR'], 65_535, 1)).minutos_estimados).toBeLessThanOrEqual(MAX_JOB_MINUTES);
    expect(() => checkJobLimits({ minutos_estimados: MAX_JOB_MINUTES, persons: 1, tasks: 1, shape: { familia: 'adocao', canais: 0, dias: 1 } })).not.toThrow();
    expect(refusal(() => checkJobLimits({ minutos_estimados: MAX_JOB_MINUTES + 1, persons: 1, tasks: 1, shape: { familia: 'adocao', canais: 0, dias: 1 } })).code).toBe('job_too_long');
  });

  it("refuses a job bigger than the worker's memory: job_too_large", () => {
    vi.stubEnv('CAMPAIGN_SIM_WORKER_MEMORY_MB', '100');
    vi.stubEnv('CAMPAIGN_SIM_WORKER_THREADS', '2');
    const e = refusal(() => quoteSimulation(scenario(['SP'], 30, 2)));
    expect([e.status, e.code]).toEqual([422, 'job_too_large']);
    expect(quoteSimulation(scenario(['RR'], 30, 1)).ufs).toEqual(['RR']); // 636,707 x (17 + 18 + 41.5) B = 49 MB
  });

  it('counts the memory of the tasks that run at once, at most the threads', () => {
    const b = { threads: 2, memoryBytes: 2 ** 40 };
    const adocao = { familia: 'adocao', canais: 0, dias: 30 } as const;
    // the run tables: 8 bytes a day and measure, 4 a grid cell and measure, 8 a channel and the total
    const adoptionTables = 8 * 31 + 4 * 1400 + 8;
    // the population, the host's plan and kernel population (once), then each task at once
    expect(memoryNeed(1000, 1, adocao, b)).toBe(1000 * (17 + 18 + 41.5) + adoptionTables);
    expect(memoryNeed(1000, 40, adocao, b)).toBe(1000 * (17 + 18 + 83) + 2 * adoptionTables);
    const receptionTables = 9 * (8 * 30 + 4 * 1400) + 8 * 5;
    expect(memoryNeed(1000, 40, { familia: 'recepcao', canais: 4, dias: 29 }, b)).toBe(1000 * (17 + 19 + 93) + 2 * (8 * 4 * 30 + 8 * 31 + receptionTables));
    expect(workerBudget({ CAMPAIGN_SIM_WORKER_THREADS: '3', CAMPAIGN_SIM_WORKER_MEMORY_MB: '512' })).toEqual({ threads: 3, memoryBytes: 512 * 2 ** 20, workers: 1 });
  });

  it("counts the host's bytes per person of a run: the kernel population's, the plan's and the shards' per-person arrays (RR)", async () => {
    const release = openRelease('v1.0.0');
    const plans = {
      recepcao: await compilePlan(validateScenario(receptionScenario()), release),
      // a launch timing by income: the plan holds each person's timing class
      adocao: await compilePlan(validateScenario(adoptionScenario()), release, { parametros: { inclinacao_renda_lancamento: 0.5 } }),
    };
    for (const [familia, plan] of Object.entries(plans)) {
      const k = plan.kernel;
      const kpop = plan.kernelPopulation;
      const n = kpop.nPersons;
      expect(k.classe !== undefined, familia).toBe(familia === 'adocao');
      const arrays = [kpop.group, kpop.dcell, k.mult, k.cell, k.classe, k.gridCell, k.audience];
      // and a sharded population's copy of the group (src/kernel/shards.ts), one entry a person
      const measured = (arrays.reduce((sum, a) => sum + (a?.byteLength ?? 0), 0) + 4 * n) / n;
      const counted = hostBytes(n, taskShape(plan.scenario, plan.dias)) / n;
      expect(counted, familia).toBeGreaterThanOrEqual(measured);
      expect(counted - measured, familia).toBeLessThan(1);
      expect(plan.reduce.publico).toBe(k.audience); // one array, counted once
    }
  });

  it("counts at least the kernel's bytes per person of every family and channel count (RR, the oldest and newest release)", async () => {
    for (const version of ['v1.0.0', newestRelease()]) {
      const kpop = prepareKernelPopulation(await openRelease(version).population(['RR']));
      for (const [familia, canais] of [['adocao', 0], ['recepcao', 1], ['recepcao', 2], ['recepcao', 3], ['recepcao', 4]] as const) {
        for (const dias of [7, 300, 65_535]) {
          const model = modelFor(familia);
          // the newest release's responses follow exposure (v2.1.0 on): its memory's arrays
          const memoria = canais > 0 && model.respostaSegueExposicao?.(version) === true;
          const shape = { familia, arrays: model.kernel, nChannels: canais, nCells: 4 * 1120, dias, nMeasures: model.medidas.length, nGridCells: gridCellCount('principal'), memoria };
          const measured = kernelBytes(kpop, shape) / kpop.nPersons;
          const counted = taskBytes(kpop.nPersons, { familia, canais, dias, ...(memoria ? { memoriaDaResposta: true as const } : {}) }) / kpop.nPersons;
          expect(counted, `${version} ${familia} ${canais} ${dias}`).toBeGreaterThanOrEqual(measured);
          // and not far above it: a refusal of a job that fits is a bug too
          expect(counted - measured, `${version} ${familia} ${canais} ${dias}`).toBeLessThan(2);
        }
      }
    }
    const reception = validateScenario({
      versao_contrato: 3, release: 'v1.0.0', familia: 'recepcao', geografia: { ufs: ['RR'] }, replicas: 1,
      canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 9, intensidade: 0.5 }, { canal: 'tv', dia_inicio: 20, dia_fim: 29, intensidade: 0.5 }, { canal: 'radio', dia_inicio: 1, dia_fim: 30, intensidade: 0.5 }],
      mensagem: { stim_id: '0123456789abcdef0123456789abcdef', template_ver: '1', politica: 'p' },
      horizonte: { data_inicio: '2026-01-05', dias: 30 }, grupo_comparacao: 'limites', kpis: ['alcance'],
    });
    expect(taskShape(reception, 30)).toEqual({ familia: 'recepcao', canais: 2, dias: 30 });
    expect(taskShape(scenario(['RR'], 30, 1), 30)).toEqual({ familia: 'adocao', canais: 0, dias: 30 });
  });

  it('quotes the time of the fleet a simulation spreads over: a job too long for one worker is accepted by two', () => {
    // 27 UFs x 180 days x 9 variants x 20 replicas: 6.6e12 person-days, about 18 hours at v1.0.0's 1e8 a second
    const national = validateScenario({
      versao_contrato: 3, release: 'v1.0.0', familia: 'recepcao', geografia: { ufs: UF_CODES }, replicas: 20,
      canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 180, intensidade: 0.5 }, { canal: 'radio', dia_inicio: 1, dia_fim: 180, intensidade: 0.5 },
        { canal: 'digital', dia_inicio: 1, dia_fim: 180, intensidade: 0.5 }, { canal: 'exterior', dia_inicio: 1, dia_fim: 180, intensidade: 0.5 }],
      mensagem: { stim_id: '0123456789abcdef0123456789abcdef', template_ver: '1', politica: 'p' },
      horizonte: { data_inicio: '2026-01-05', dias: 180 }, grupo_comparacao: 'frota', kpis: ['alcance'],
    });
    const budget = (workers: number) => ({ threads: 8, memoryBytes: 2 ** 40, workers });
    const one = refusal(() => quoteSimulation(national, undefined, budget(1)));
    expect(one.code).toBe('job_too_long');
    const alone = (one.toEnvelope().detail as unknown as { minutos_estimados: number }).minutos_estimados;
    // 180 tasks: 8 at once on one worker, 16 on two: half the time
    const two = quoteSimulation(national, undefined, budget(2));
    const rate = openRelease('v1.0.0').manifest.pessoa_dias_por_segundo;
    expect(alone).toBe(Math.ceil(two.pessoa_dias / rate / 60));
    expect(two.minutos_estimados).toBe(Math.ceil(two.pessoa_dias / rate / 60 / 2));
    expect(two.minutos_estimados).toBeLessThanOrEqual(MAX_JOB_MINUTES);
    // one worker, and a job of fewer tasks than a worker's threads, keep the single machine's time
    expect(fleetSpeedup(180, { threads: 8, workers: 1 })).toBe(1);
    expect(fleetSpeedup(8, { threads: 8, workers: 6 })).toBe(1);
    expect(fleetSpeedup(45, { threads: 8, workers: 6 })).toBe(45 / 8);
    // a measured fleet counts its task threads; one smaller than a machine is quoted as one machine
    expect(fleetSpeedup(45, { threads: 8, workers: 3, fleetThreads: 20 })).toBe(20 / 8);
    expect(fleetSpeedup(45, { threads: 8, workers: 2, fleetThreads: 4 })).toBe(1);
    vi.stubEnv('CAMPAIGN_SIM_WORKERS', '3');
    expect(workerBudget().workers).toBe(3);
  });

  it('refuses a calibration the service could not finish', () => {
    const b = fixture('valid-calibracao');
    b.pedido.cenario.geografia = { ufs: [...UF_CODES] };
    b.pedido.cenario.replicas = 20;
    b.pedido.busca.replicas = 20;
    const e = refusal(() => quoteCalibration(validateCalibrationRequest(b)));
    expect(e.code).toBe('job_too_long');
  });
});
