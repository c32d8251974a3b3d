// Binary cache file of one UF's population. Layout:
//   "CSIMPOP1" (8 bytes) | u32 LE json length | u32 0 | JSON meta | zero padding to 8 |
//   payload (sections, each 8-byte aligned) | SHA-256 of everything before it (32 bytes).
// A file whose size, magic, JSON or checksum does not match is never read (the caller rebuilds).
// The sections are the typed arrays of UfPopulation (SECTION_PRESENCE: the compiler refuses one left out).
// The file is read and written through the host's cache (src/platform/): files on Node, the
// page's memory in a browser, which fetches them from a published site (src/browser.ts).
import { host } from '../platform/host.js';
import type { CacheFile } from '../platform/types.js';
import { sharedBuffer } from '../platform/shared-buffer.js';
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

export async function writePopulationFile(name: string, pop: UfPopulation): Promise<void> {
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
  const json = new TextEncoder().encode(JSON.stringify(meta));
  const head = new Uint8Array(align8(16 + json.length));
  for (let i = 0; i < MAGIC.length; i++) head[i] = MAGIC.charCodeAt(i);
  new DataView(head.buffer).setUint32(8, json.length, true);
  head.set(json, 16);
  const parts: Uint8Array[] = [head];
  const pad = new Uint8Array(8);
  for (const s of sections) {
    const a = pop[s.name] as Typed;
    parts.push(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    const p = align8(a.byteLength) - a.byteLength;
    if (p > 0) parts.push(pad.subarray(0, p));
  }
  parts.push(await host.sha256(parts));
  host.cache.write(name, parts);
}

/** The header of a cache file: its length and meta, when the file starts as one of this format. */
function readHead(file: CacheFile, length: number): { headLen: number; head: Uint8Array; meta: Meta } | undefined {
  const first = new Uint8Array(16);
  if (file.read(first, 0, 16, 0) < 16 || String.fromCharCode(...first.subarray(0, 8)) !== MAGIC) return undefined;
  const jsonLen = new DataView(first.buffer).getUint32(8, true);
  const headLen = align8(16 + jsonLen);
  if (headLen > length) return undefined;
  const head = new Uint8Array(headLen);
  if (file.read(head, 0, headLen, 0) < headLen) return undefined;
  try {
    return { headLen, head, meta: JSON.parse(new TextDecoder().decode(head.subarray(16, 16 + jsonLen))) as Meta };
  } catch {
    return undefined;
  }
}

/**
 * Reads and verifies a cache file into shared arrays (src/platform/shared-buffer.ts). Returns
 * undefined when the file is absent, partial, corrupt, of another format or of another
 * release/seed (never half-read).
 */
export async function readPopulationFile(name: string, expect: FileExpectation): Promise<UfPopulation | undefined> {
  const file = host.cache.open(name);
  if (!file) return undefined;
  let payload: Uint8Array;
  let meta: Meta;
  const hashed: Uint8Array[] = [];
  const stored = new Uint8Array(32);
  try {
    const size = file.size;
    if (size < 48) return undefined;
    const h = readHead(file, size - 32);
    if (!h || !matches(h.meta, expect)) return undefined;
    ({ meta } = h);
    const { headLen, head } = h;
    if (headLen + meta.payloadBytes + 32 !== size) return undefined;
    payload = new Uint8Array(sharedBuffer(meta.payloadBytes));
    const CHUNK = 1 << 26;
    for (let off = 0; off < meta.payloadBytes; off += CHUNK) {
      const len = Math.min(CHUNK, meta.payloadBytes - off);
      let got = 0;
      while (got < len) {
        const r = file.read(payload, off + got, len - got, headLen + off + got);
        if (r <= 0) return undefined;
        got += r;
      }
    }
    file.read(stored, 0, 32, headLen + meta.payloadBytes);
    hashed.push(head);
    for (let off = 0; off < meta.payloadBytes; off += CHUNK) hashed.push(payload.subarray(off, Math.min(meta.payloadBytes, off + CHUNK)));
  } finally {
    file.close();
  }
  const digest = await host.sha256(hashed);
  if (digest.some((b, i) => b !== stored[i])) return undefined;

  const arrays = {} as Record<SectionName, Typed>;
  for (const s of meta.sections) {
    const C = CTORS[s.type] as unknown as new (b: ArrayBufferLike, o: number, l: number) => Typed;
    arrays[s.name] = new C(payload.buffer, s.offset, s.length);
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
export function readPopulationCounts(name: string, expect: FileExpectation): UfCounts | undefined {
  const file = host.cache.open(name);
  if (!file) return undefined;
  try {
    const h = readHead(file, file.size);
    if (!h || !matches(h.meta, expect)) return undefined;
    const { meta } = h;
    const len = (n: SectionName) => meta.sections.find((x) => x.name === n)?.length ?? 0;
    return {
      uf: meta.uf, municipios: meta.municipios.length, tracts: len('tractMun'), aps: meta.aps.length, households: len('hhTract'),
      persons: len('age5'), nTurmas: meta.nTurmas, nGroups: len('groupMun'),
    };
  } finally {
    file.close();
  }
}

/** Removes a cache file (used when a build is forced). */
export function removePopulationFile(name: string): void {
  host.cache.remove(name);
}
