// A large calibration request checked in steps (src/steps.ts): the same answer as at once, with a
// pause for other work every ROWS_PER_STEP rows, so the service can serve others between pieces.
import { describe, expect, it } from 'vitest';
import { validateCalibrationRequest, validateCalibrationRequestSteps } from '../../../calibration/validate-request.js';
import { finishStepsInTurns, ROWS_PER_STEP, type Steps } from '../../../src/steps.js';
import { fixture } from '../contract/helpers.js';

/** valid-calibracao with its 18 rows spread over every value of the five axes: 25,200 distinct rows. */
function largeBody() {
  const body = fixture('valid-calibracao');
  const axes = { grupo_idade: 7, sexo: 2, renda: 5, escolaridade: 4, raca: 5 };
  body.pedido.serie.declaracao.eixos = Object.keys(axes);
  body.serie = body.serie.flatMap((row: Record<string, unknown>) => Array.from({ length: 1400 }, (_, k) => {
    let rest = k;
    const values = Object.fromEntries(Object.entries(axes).map(([e, n]) => { const v = rest % n; rest = Math.floor(rest / n); return [e, v]; }));
    return { ...row, ...values, valor: 1000 + k };
  }));
  return body;
}

/** How many times `steps` yields before it ends, and what it returns. */
function countYields<T>(steps: Steps<T>): { yields: number; value: T } {
  let yields = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { yields, value: next.value };
    yields++;
  }
}

describe('validateCalibrationRequestSteps', () => {
  it('gives what validateCalibrationRequest gives, pausing at least once per ROWS_PER_STEP rows of each pass', () => {
    const body = largeBody();
    expect(body.serie).toHaveLength(25_200);
    const { yields, value } = countYields(validateCalibrationRequestSteps(body));
    expect(value).toEqual(validateCalibrationRequest(body));
    // the rows are checked, then checked for storable text, then hashed: each a pass over them
    expect(yields).toBeGreaterThanOrEqual(3 * Math.floor(25_200 / ROWS_PER_STEP));
  });

  it('refuses a bad row in steps as at once', () => {
    const body = largeBody();
    body.serie[20_000].valor = -1;
    const atOnce = (() => { try { validateCalibrationRequest(body); } catch (e) { return e; } })();
    const inSteps = (() => { try { countYields(validateCalibrationRequestSteps(body)); } catch (e) { return e; } })();
    expect(inSteps).toEqual(atOnce);
    expect((atOnce as { toEnvelope(): { detail: unknown } }).toEnvelope().detail).toMatchObject({ contract_code: 'series_negative_value', field: 'serie[20000].valor' });
  });
});

describe('finishStepsInTurns', () => {
  it('lets work queued before it run before it ends', async () => {
    const order: string[] = [];
    function* steps(): Steps<string> {
      for (let i = 0; i < 5; i++) yield;
      order.push('steps done');
      return 'value';
    }
    setImmediate(() => order.push('other work'));
    // a pause after every step (0 ms): the queued work runs at the first
    expect(await finishStepsInTurns(steps(), 0)).toBe('value');
    expect(order).toEqual(['other work', 'steps done']);
  });
});
