// Binary cache file of one UF's population. Layout:
//   "CSIMPOP1" (8 bytes) | u32 LE json length | u32 0 | JSON meta | zero padding to 8 |
//   payload (sections, each 8-byte aligned) | SHA-256 of everything before it (32 bytes).
// A file whose size, magic, JSON or checksum does not match is never read (the caller rebuilds).
// The sections are the typed arrays of UfPopulation (SECTION_PRESENCE: the compiler refuses one left out).
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { UfPopulation } from './population-builder.js';
import type { UfCode } from '../release/types.js';

const MAGIC = 'CSIMPOP1';
/** Bump when the builder or this layout changes: older files are then rebuilt. */
export const FILE_FORMAT_VERSION = 3;

type Typed = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array;
const CTORS = { Uint8Array, Uint16Array, Uint32Array, Int32Array, Float32Array } as const;
type CtorName = keyof typeof CTORS;

/** The typed-array fields of UfPopulation: each is one section of the file. */
type SectionName = { [K in keyof UfPopulation]-?: NonNullable<UfPopulation[K]> extends Typed ? K : never }[keyof UfPopulation];
/**
 * Every section, in file order, and whether every file has it: 'optional' ones are written only
 * when the population has them (generator 1.2.0, `domicilios_censo`), so the files of older
 * releases keep their bytes.
 */
const SECTION_PRESENCE: Record<SectionName, 'always' | 'optional'> = {
  munPop: 'always', tractMun: 'always', tractUrban: 'always', tractAp: 'always', tractLat: 'always', tractLon: 'always',
  apMun: 'always', hhStart: 'always', hhTract: 'always', age5: 'always', attrs: 'always', group: 'always', groupMun: 'always',
  tractCollective: 'optional',
};
const sectionsThatAre = (p: 'always' | 'optional') => (Object.keys(SECTION_PRESENCE) as SectionName[]).filter((n) => SECTION_PRESENCE[n] === p);
const SECTIONS = sectionsThatAre('always');
const OPTIONAL_SECTIONS = sectionsThatAre('optional');

/** What a cache file must be to be read: its release, seed and UF, and whether it holds Census households (default not). */
export interface FileExpectation {
  release: string;
  seed: number;
  uf: UfCode;
  censusHouseholds?: boolean;
}

/** True when the header describes the expected population (a file of the builder before Census households is not). */
function matches(meta: Meta, expect: FileExpectation): boolean {
  return meta.format === FILE_FORMAT_VERSION && meta.release === expect.release && meta.seed === expect.seed &&
    meta.uf === expect.uf && meta.sections.some((x) => x.name === 'tractCollective') === (expect.censusHouseholds ?? false);
}

interface Meta {
  format: number;
  release: string;
  uf: UfCode;
  seed: number;
  nTurmas: number;
  municipios: string[];
  aps: string[];
  /** Tract codes: the municipality code is implied by tractMun, so only the last 8 digits are kept. */
  tractSuffixes: string;
  sections: Array<{ name: SectionName; type: CtorName; offset: number; length: number }>;
  payloadBytes: number;
}

const align8 = (n: number) => (n + 7) & ~7;

export function writePopulationFile(path: string, pop: UfPopulation): void {
  const sections: Meta['sections'] = [];
  let offset = 0;
  for (const name of [...SECTIONS, ...OPTIONAL_SECTIONS.filter((n) => pop[n] !== undefined)]) {
    const a = pop[name] as Typed;
    sections.push({ name, type: a.constructor.name as CtorName, offset, length: a.length });
    offset = align8(offset + a.byteLength);
  }
  const meta: Meta = {
    format: FILE_FORMAT_VERSION, release: pop.release, uf: pop.uf, seed: pop.seed, nTurmas: pop.nTurmas,
    municipios: pop.municipios, aps: pop.aps, tractSuffixes: pop.tractCodes.map((c) => c.slice(7)).join(''),
    sections, payloadBytes: offset,
  };
  const json = Buffer.from(JSON.stringify(meta), 'utf8');
  const head = Buffer.alloc(align8(16 + json.length));
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(json.length, 8);
  json.copy(head, 16);
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  const hash = createHash('sha256');
  try {
    const put = (b: Uint8Array) => { hash.update(b); let w = 0; while (w < b.length) w += writeSync(fd, b, w); };
    put(head);
    const pad = new Uint8Array(8);
    for (const s of sections) {
      const a = pop[s.name] as Typed;
      const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      put(bytes);
      const p = align8(a.byteLength) - a.byteLength;
      if (p > 0) put(pad.subarray(0, p));
    }
    const digest = hash.digest();
    let w = 0;
    while (w < digest.length) w += writeSync(fd, digest, w);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/**
 * Reads and verifies a cache file into SharedArrayBuffer-backed arrays. Returns undefined when the
 * file is absent, partial, corrupt, of another format or of another release/seed (never half-read).
 */
export function readPopulationFile(path: string, expect: FileExpectation): UfPopulation | undefined {
  let fd: number;
  try { fd = openSync(path, 'r'); } catch { return undefined; }
  try {
    const size = fstatSync(fd).size;
    if (size < 48) return undefined;
    const first = Buffer.alloc(16);
    readSync(fd, first, 0, 16, 0);
    if (first.toString('latin1', 0, 8) !== MAGIC) return undefined;
    const jsonLen = first.readUInt32LE(8);
    const headLen = align8(16 + jsonLen);
    if (headLen + 32 > size) return undefined;
    const head = Buffer.alloc(headLen);
    readSync(fd, head, 0, headLen, 0);
    let meta: Meta;
    try { meta = JSON.parse(head.toString('utf8', 16, 16 + jsonLen)) as Meta; } catch { return undefined; }
    if (!matches(meta, expect)) return undefined;
    if (headLen + meta.payloadBytes + 32 !== size) return undefined;
    const sab = new SharedArrayBuffer(meta.payloadBytes);
    const payload = new Uint8Array(sab);
    const CHUNK = 1 << 26;
    for (let off = 0; off < meta.payloadBytes; off += CHUNK) {
      const len = Math.min(CHUNK, meta.payloadBytes - off);
      let got = 0;
      while (got < len) {
        const r = readSync(fd, payload, off + got, len - got, headLen + off + got);
        if (r <= 0) return undefined;
        got += r;
      }
    }
    const stored = Buffer.alloc(32);
    readSync(fd, stored, 0, 32, headLen + meta.payloadBytes);
    const hash = createHash('sha256');
    hash.update(head);
    for (let off = 0; off < meta.payloadBytes; off += CHUNK) hash.update(payload.subarray(off, Math.min(meta.payloadBytes, off + CHUNK)));
    if (!hash.digest().equals(stored)) return undefined;

    const arrays = {} as Record<SectionName, Typed>;
    for (const s of meta.sections) {
      const C = CTORS[s.type] as unknown as new (b: SharedArrayBuffer, o: number, l: number) => Typed;
      arrays[s.name] = new C(sab, s.offset, s.length);
    }
    const tractMun = arrays.tractMun as Uint16Array;
    const tractCodes = new Array<string>(tractMun.length);
    for (let t = 0; t < tractMun.length; t++) tractCodes[t] = meta.municipios[tractMun[t]] + meta.tractSuffixes.slice(8 * t, 8 * t + 8);
    const pop: UfPopulation = {
      release: meta.release, uf: meta.uf, seed: meta.seed, municipios: meta.municipios, aps: meta.aps, tractCodes,
      nTurmas: meta.nTurmas,
      munPop: arrays.munPop as Uint32Array, tractMun, tractUrban: arrays.tractUrban as Uint8Array,
      tractAp: arrays.tractAp as Int32Array, tractLat: arrays.tractLat as Float32Array, tractLon: arrays.tractLon as Float32Array,
      apMun: arrays.apMun as Uint16Array, hhStart: arrays.hhStart as Uint32Array, hhTract: arrays.hhTract as Uint32Array,
      age5: arrays.age5 as Uint8Array, attrs: arrays.attrs as Uint16Array, group: arrays.group as Uint32Array,
      groupMun: arrays.groupMun as Uint16Array,
    };
    if (arrays.tractCollective) pop.tractCollective = arrays.tractCollective as Uint32Array;
    return pop;
  } finally {
    closeSync(fd);
  }
}

/** Sizes of one UF's population, for laying out a merge before the parts are read. */
export interface UfCounts {
  uf: UfCode;
  municipios: number;
  tracts: number;
  aps: number;
  households: number;
  persons: number;
  nTurmas: number;
  nGroups: number;
}

export function countsOf(p: UfPopulation): UfCounts {
  return {
    uf: p.uf, municipios: p.municipios.length, tracts: p.tractCodes.length, aps: p.aps.length, households: p.hhTract.length,
    persons: p.age5.length, nTurmas: p.nTurmas, nGroups: p.groupMun.length,
  };
}

/**
 * Sizes from a cache file's header only (no checksum: the full read that follows verifies it, and
 * a rebuilt file has the same sizes because the build is deterministic). Undefined when unusable.
 */
export function readPopulationCounts(path: string, expect: FileExpectation): UfCounts | undefined {
  let fd: number;
  try { fd = openSync(path, 'r'); } catch { return undefined; }
  try {
    const first = Buffer.alloc(16);
    if (readSync(fd, first, 0, 16, 0) < 16 || first.toString('latin1', 0, 8) !== MAGIC) return undefined;
    const jsonLen = first.readUInt32LE(8);
    const json = Buffer.alloc(jsonLen);
    if (readSync(fd, json, 0, jsonLen, 16) < jsonLen) return undefined;
    let meta: Meta;
    try { meta = JSON.parse(json.toString('utf8')) as Meta; } catch { return undefined; }
    if (!matches(meta, expect)) return undefined;
    const len = (n: SectionName) => meta.sections.find((x) => x.name === n)?.length ?? 0;
    return {
      uf: meta.uf, municipios: meta.municipios.length, tracts: len('tractMun'), aps: meta.aps.length, households: len('hhTract'),
      persons: len('age5'), nTurmas: meta.nTurmas, nGroups: len('groupMun'),
    };
  } finally {
    closeSync(fd);
  }
}

/** Removes a cache file (used when a build is forced). */
export function removePopulationFile(path: string): void {
  rmSync(path, { force: true });
}
