// `campaign-sim validate FILE` and `campaign-sim quote FILE`, run in-process.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../cli/main.js';
import { FIXTURES, fixture } from './helpers.js';

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  process.exitCode = undefined;
  try {
    const code = await runCli(['node', 'campaign-sim', ...args]);
    return { code, out };
  } finally {
    spy.mockRestore();
    process.exitCode = undefined;
  }
}

afterEach(() => { process.exitCode = undefined; });

describe('campaign-sim validate / quote', () => {
  it('validate prints the normalised scenario and exits 0 (a version 2 document comes out as 3)', async () => {
    const r = await cli('validate', join(FIXTURES, 'valid-v2-recepcao.json'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ ...fixture('valid-v2-recepcao'), versao_contrato: 3 });
  });

  it('validate prints the envelope on stdout and exits 2 on a refusal', async () => {
    const r = await cli('validate', join(FIXTURES, 'channel_intensity.json'));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out)).toEqual({
      detail: { code: 'invalid_request', message: expect.any(String), contract_code: 'channel_intensity', field: 'canais[0].intensidade' },
    });
    const u = await cli('validate', join(FIXTURES, 'release_unavailable.json'));
    expect(u.code).toBe(2);
    expect(JSON.parse(u.out).detail.code).toBe('release_unavailable');
  });

  it('validate recognises a calibration body by its shape and fills serie_sha256', async () => {
    const r = await cli('validate', join(FIXTURES, 'valid-calibracao.json'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).serie_sha256).toMatch(/^[0-9a-f]{64}$/);
    const bad = await cli('validate', join(FIXTURES, 'series_negative_value.json'));
    expect([bad.code, JSON.parse(bad.out).detail.contract_code]).toEqual([2, 'series_negative_value']);
  });

  it('quote prints the simulation quote, or the calibration quote for a calibration body', async () => {
    const s = await cli('quote', join(FIXTURES, 'valid-recepcao.json'));
    expect(s.code).toBe(0);
    expect(JSON.parse(s.out)).toMatchObject({ release: 'v1.0.0', ufs: ['RR'], dias: 28, variantes: 5, replicas: 2, pessoa_dias: 636_707 * 28 * 5 * 2 });
    const c = await cli('quote', join(FIXTURES, 'valid-calibracao.json'));
    expect(c.code).toBe(0);
    expect(JSON.parse(c.out)).toMatchObject({ rodadas: 14, dias: 274, replicas: 2 });
    const bad = await cli('quote', join(FIXTURES, 'kpis_empty.json'));
    expect([bad.code, JSON.parse(bad.out).detail.contract_code]).toEqual([2, 'kpis_empty']);
  });

  it('a file that is not JSON is refused with the envelope, exit 2', async () => {
    const r = await cli('validate', join(FIXTURES, 'generate.mjs'));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out).detail).toMatchObject({ code: 'invalid_request', contract_code: 'wrong_type' });
  });
});
