// A task's counts (src/pool/messages.ts TaskCounts, the arrays the pool returns) as the bytes a
// worker stores for the job's owner (job_tasks.dados): a little JSON header naming the arrays
// and their lengths, then the arrays' bytes one after the other, the whole deflated. The
// counts are cumulative and mostly repeat week to week, so they deflate well. Every array is
// Uint32 in the machine's byte order, read back as written: the workers of one fleet are
// little-endian (x86-64, arm64), which the header records so a mismatch fails loudly.
import { deflateSync, inflateSync } from 'node:zlib';
import type { TaskCounts } from '../../src/pool/messages.js';

/** The arrays of TaskCounts besides respostas, in the order they are written. Keep in sync with TaskCounts. */
const ARRAYS = ['serie', 'seriePublico', 'populacao', 'publico', 'celulas', 'celulasPopulacao', 'frequencia', 'alcancavel', 'porSetor', 'serieDiaria'] as const;
type ArrayName = (typeof ARRAYS)[number];

interface Header {
  le: boolean;
  segundos: number;
  /** Length of each present array of ARRAYS, in that order. */
  arrays: Array<[ArrayName, number]>;
  /** chave, length of contagens, length of base. */
  respostas: Array<[string, number, number]>;
  /**
   * TaskCounts.medidasCelulas. Absent in what workers stored before cells kept some measures only
   * (every task then counted every measure): taskCountsFromBytes rebuilds it from the lengths.
   */
  medidasCelulas?: number[];
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export function taskCountsToBytes(c: TaskCounts): Uint8Array {
  const parts: Uint32Array[] = [];
  const header: Header = { le: LITTLE_ENDIAN, segundos: c.segundos, arrays: [], respostas: [], medidasCelulas: c.medidasCelulas };
  for (const name of ARRAYS) {
    const a = c[name];
    if (!a) continue;
    header.arrays.push([name, a.length]);
    parts.push(a);
  }
  for (const q of c.respostas) {
    header.respostas.push([q.chave, q.contagens.length, q.base.length]);
    parts.push(q.contagens, q.base);
  }
  const head = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  return deflateSync(Buffer.concat([length, head, ...parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength))]), { level: 1 });
}

export function taskCountsFromBytes(bytes: Uint8Array): TaskCounts {
  const raw = inflateSync(bytes);
  const headLength = raw.readUInt32LE(0);
  const header = JSON.parse(raw.subarray(4, 4 + headLength).toString()) as Header;
  if (header.le !== LITTLE_ENDIAN) throw new Error('task counts written on a machine of the other byte order');
  let at = 4 + headLength;
  // copies into fresh buffers: aligned, and each array transferable on its own
  const next = (n: number) => {
    const a = new Uint32Array(n);
    new Uint8Array(a.buffer).set(raw.subarray(at, at + 4 * n));
    at += 4 * n;
    return a;
  };
  const out: Partial<Record<ArrayName, Uint32Array>> = {};
  for (const [name, n] of header.arrays) out[name] = next(n);
  const respostas = header.respostas.map(([chave, nc, nb]) => ({ chave, contagens: next(nc), base: next(nb) }));
  const counts = { ...(out as Pick<TaskCounts, ArrayName>), respostas, segundos: header.segundos };
  return { ...counts, medidasCelulas: header.medidasCelulas ?? everyMeasure(counts) };
}

/** The cells' measures of counts stored with every measure: as many as celulas has per cell. */
function everyMeasure(c: Pick<TaskCounts, 'celulas' | 'celulasPopulacao'>): number[] {
  const n = c.celulasPopulacao.length ? c.celulas.length / c.celulasPopulacao.length : 0;
  return Array.from({ length: n }, (_, k) => k);
}
