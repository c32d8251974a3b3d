// Shared helpers of the contract tests: fixtures, a small hand-made release, refusal capture.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceError } from '../../../src/errors.js';
import type { Municipality, Release, ReleaseManifest, UfCode } from '../../../src/release/types.js';
import { openRelease } from '../../../src/release/release.js';

export const FIXTURES = join(import.meta.dirname, '../../fixtures/contract');
// NoInfer: inside a call taking `unknown` (validateScenario), T would be inferred as unknown, not the default.
export function fixture<T = Record<string, any>>(name: string): NoInfer<T> {
  return JSON.parse(readFileSync(join(FIXTURES, name.endsWith('.json') ? name : `${name}.json`), 'utf8')) as T;
}

export const release = openRelease('v1.0.0');

/** The refusal `fn` throws (fails the test when it returns or throws something else). */
export function refusal(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected a refusal, the call returned');
}

/** A release with hand-set numbers: two UFs of known population, a known rate and throughput. */
export function handRelease(opts: { rate: number; throughput: number; closed?: UfCode[] }): Release {
  const muns: Municipality[] = [
    { codigo: '1400100', nome: 'A', uf: 'RR', codigoUf: 14, regiao: 'Norte', lat: 0, lon: 0, areaKm2: 1, populacao: 1000, porte: 0, capital: true },
    { codigo: '1400050', nome: 'B', uf: 'RR', codigoUf: 14, regiao: 'Norte', lat: 0, lon: 0, areaKm2: 1, populacao: 234, porte: 0, capital: false },
    { codigo: '1200401', nome: 'C', uf: 'AC', codigoUf: 12, regiao: 'Norte', lat: 0, lon: 0, areaKm2: 1, populacao: 5000, porte: 3, capital: true },
  ];
  const manifest = {
    versao: 'v7.0.0', ufs: ['AC', 'RR'], ufs_grade_etaria_fechada: opts.closed ?? [],
    preco_micros_por_pessoa_dia: opts.rate, pessoa_dias_por_segundo: opts.throughput,
    parametros_pix: release.manifest.parametros_pix,
  } as unknown as ReleaseManifest;
  return {
    version: 'v7.0.0', manifest, ufs: ['AC', 'RR'],
    municipality: (c) => muns.find((m) => m.codigo === c),
    municipalities: (uf) => muns.filter((m) => uf === undefined || m.uf === uf),
    weightingAreas: (c) => (c === '1400100' ? ['1400100001', '1400100002'] : []),
    tracts: () => { throw new Error('not in this test release'); },
    municipalityBoundary: () => { throw new Error('not in this test release'); },
    tractPolygons: () => { throw new Error('not in this test release'); },
    population: () => { throw new Error('not in this test release'); },
  };
}
