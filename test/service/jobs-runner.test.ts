// The worker's default runner on a calibration job: the validated calibration body in, the real
// engine on RR for each round, the stored calibration result out, progress on heartbeats.
import { describe, expect, it } from 'vitest';
import { calibrationResultFromBytes, CALIBRATION_RESULT_FORMAT } from '../../calibration/index.js';
import { createEngineRunJob } from '../../service/execution/job-runner.js';
import type { JobRow } from '../../service/jobs/job-row.js';
import type { Store } from '../../service/store/open-store.js';
import type { CalibrationBody } from '../../src/contract/types.js';
import { openRelease } from '../../src/release/release.js';
import { calibrationPeriods, calibrationRequest } from '../fixtures/scenarios.js';

describe('default job runner', () => {
  it('runs a calibracao job with the engine and returns the stored calibration result', async () => {
    const rr = openRelease('v1.0.0').municipalities('RR');
    const body: CalibrationBody = {
      pedido: calibrationRequest({
        cenario: { horizonte: { data_inicio: '2021-01-01', dias: 59 }, grupo_comparacao: 'runner' },
        ...calibrationPeriods('mes', [202101, 202101], [202102, 202102]), parametros: { beta0: { min: -6, max: -5, passo: 1 } },
      }),
      serie: rr.flatMap((m) => [
        { periodo: 202101, municipio: m.codigo, valor: Math.round(m.populacao * 0.05) },
        { periodo: 202102, municipio: m.codigo, valor: Math.round(m.populacao * 0.09) },
      ]),
      serie_sha256: null,
    };
    const progress: unknown[] = [];
    const job = { id: 'x', tipo: 'calibracao', pedido: body } as unknown as JobRow;
    // The runner asks the store for the attempt number only (two earlier calibrations on this series).
    const store = { query: async () => ({ rows: [{ n: 3 }] }) } as unknown as Store;
    const out = await createEngineRunJob({ threads: 1 })(job, {
      heartbeat: async (p) => { progress.push(p); },
      signal: new AbortController().signal,
      store,
    });
    expect(out.formato).toBe(CALIBRATION_RESULT_FORMAT);
    expect(out.registro).toEqual({ release: 'v1.0.0' });
    const result = calibrationResultFromBytes(out);
    expect(result.busca).toMatchObject({ metodo: 'grade', avaliados: 2 });
    // beta0 was searched: either free (reported in parametros) or held by the identifiability analysis.
    const ident = result.identificabilidade;
    expect([...ident.livres, ...ident.fixados.map((f) => f.parametro)]).toEqual(['beta0']);
    expect(result.parametros.map((p) => p.parametro)).toEqual(ident.livres);
    expect(['aprovada', 'reprovada']).toContain(result.veredito.resultado);
    expect(result.veredito.tentativa).toBe(3);
    expect(progress.at(-1)).toEqual({ rodadas_feitas: 5, rodadas: 5 });
  });
});
