// A task's counts as the bytes a worker stores for the job's owner (service/execution/task-counts-bytes.ts):
// read back, every array is the same, absent ones stay absent, and cumulative counts deflate;
// bytes stored before the cells kept some measures only read back with every measure.
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { taskCountsFromBytes, taskCountsToBytes } from '../../service/execution/task-counts-bytes.js';
import type { TaskCounts } from '../../src/pool/messages.js';

const cumulative = (n: number, step: number) => Uint32Array.from({ length: n }, (_, k) => Math.floor(k / 7) * step);

describe('task counts as stored bytes', () => {
  it('reads back what was written, with the answers and without the absent arrays', () => {
    const counts: TaskCounts = {
      serie: cumulative(15 * 6 * 5, 31), seriePublico: cumulative(15 * 6 * 5, 17), populacao: Uint32Array.of(1000, 2000),
      publico: Uint32Array.of(400, 900), celulas: cumulative(200, 3), celulasPopulacao: cumulative(40, 5),
      medidasCelulas: [0, 2, 4, 5, 8], frequencia: Uint32Array.of(1, 2, 3, 4), porSetor: undefined,
      respostas: [{ chave: 'q1', contagens: Uint32Array.of(5, 6, 7), base: Uint32Array.of(10) }, { chave: 'q2', contagens: new Uint32Array(0), base: Uint32Array.of(0) }],
      segundos: 1.25,
    };
    const bytes = taskCountsToBytes(counts);
    const back = taskCountsFromBytes(bytes);
    const { porSetor: _, ...present } = counts;
    expect(back).toEqual(present);
    expect('porSetor' in back).toBe(false);
    const raw = [counts.serie, counts.seriePublico, counts.celulas].reduce((s, a) => s + a.byteLength, 0);
    expect(bytes.byteLength).toBeLessThan(raw / 4);
  });

  it('reads counts stored without medidasCelulas as cells of every measure, and a task without cells as none', () => {
    const base = { serie: cumulative(10, 1), seriePublico: cumulative(10, 1), populacao: Uint32Array.of(7), publico: Uint32Array.of(3), respostas: [], segundos: 0.5 };
    // the format before the field: the same bytes, the header without it
    const withoutField = (c: TaskCounts) => {
      const raw = inflateSync(taskCountsToBytes(c));
      const n = raw.readUInt32LE(0);
      const { medidasCelulas: _, ...header } = JSON.parse(raw.subarray(4, 4 + n).toString());
      const head = Buffer.from(JSON.stringify(header));
      const length = Buffer.alloc(4);
      length.writeUInt32LE(head.length);
      return deflateSync(Buffer.concat([length, head, raw.subarray(4 + n)]));
    };
    const old = taskCountsFromBytes(withoutField({ ...base, celulas: cumulative(4 * 9, 1), celulasPopulacao: cumulative(4, 1), medidasCelulas: [] }));
    expect(old.medidasCelulas).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(old.celulas).toEqual(cumulative(4 * 9, 1));
    const none = { ...base, celulas: new Uint32Array(0), celulasPopulacao: new Uint32Array(0), medidasCelulas: [] };
    expect(taskCountsFromBytes(withoutField(none)).medidasCelulas).toEqual([]);
    expect(taskCountsFromBytes(taskCountsToBytes(none))).toEqual(none);
  });
});
