// Property tests: random valid scenarios come back unchanged; random mutations of valid
// documents are either accepted or refused with a coded 422, never another exception.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALIBRATION_CONTRACT_CODES, CONTRACT_CODES, ServiceError } from '../../../src/errors.js';
import { validateCalibrationRequest } from '../../../calibration/validate-request.js';
import { validateScenario } from '../../../src/contract/validate-scenario.js';
import { fixture, release } from './helpers.js';

const UFS = ['RR', 'AC', 'AP'] as const;
const MUNS = Object.fromEntries(UFS.map((uf) => [uf, release.municipalities(uf).map((m) => m.codigo)]));
const CHANNELS = ['digital', 'tv', 'radio', 'exterior'] as const;
const SAFE_TEXT = ['Campanha de inverno', 'Lançamento do Pix', 'Vacinação 2025', 'Promoção: leve 3 pague 2', 'Vote no seu sabor favorito', 'Eleito o melhor café'];

/** Disjoint aligned age bands from a set of 5-year cells (maximal runs; the last cell is 80+). */
function bandsOf(cells: boolean[]): Array<[number, number | null]> {
  const out: Array<[number, number | null]> = [];
  for (let c = 0; c < 17; c++) {
    if (!cells[c] || (c > 0 && cells[c - 1])) continue;
    let e = c;
    while (e + 1 < 17 && cells[e + 1]) e++;
    out.push([5 * c, e === 16 ? null : 5 * e + 4]);
  }
  return out;
}

const scenarioArb = fc
  .record({
    familia: fc.constantFrom('adocao', 'recepcao'),
    ufs: fc.uniqueArray(fc.constantFrom(...UFS), { minLength: 1, maxLength: 3 }),
    munPick: fc.array(fc.nat(), { maxLength: 3 }),
    dias: fc.integer({ min: 1, max: 400 }),
    date: fc.record({ y: fc.integer({ min: 2000, max: 2030 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) }),
    groups: fc.option(fc.array(fc.boolean(), { minLength: 7, maxLength: 7 })),
    cells: fc.option(fc.array(fc.boolean(), { minLength: 17, maxLength: 17 })),
    sexos: fc.option(fc.uniqueArray(fc.constantFrom('masculino', 'feminino'), { minLength: 1 })),
    renda: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1 })),
    racas: fc.option(fc.uniqueArray(fc.constantFrom('branca', 'preta', 'amarela', 'parda', 'indigena'), { minLength: 1 })),
    channels: fc.uniqueArray(fc.constantFrom(...CHANNELS), { minLength: 1, maxLength: 4 }),
    periods: fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0.001, max: 1, noNaN: true })), { minLength: 4, maxLength: 4 }),
    stim: fc.stringMatching(/^[0-9a-f]{32}$/),
    launch: fc.double({ min: 0, max: 1, noNaN: true }),
    replicas: fc.integer({ min: 1, max: 20 }),
    grupo: fc.stringMatching(/^[a-z0-9][a-z0-9_.-]{0,63}$/),
    kpiPick: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
    nome: fc.option(fc.constantFrom(...SAFE_TEXT)),
    setor: fc.option(fc.boolean()),
    questions: fc.array(fc.record({ kind: fc.constantFrom('quantos', 'quando', 'onde', 'comparar'), share: fc.double({ min: 0.01, max: 1, noNaN: true }), week: fc.double({ min: 0, max: 1, noNaN: true }), measure: fc.nat() }), { maxLength: 3 }),
  })
  .map((g) => {
    const s: Record<string, any> = {
      versao_contrato: 3, release: 'v1.0.0', familia: g.familia, geografia: { ufs: g.ufs },
      horizonte: { data_inicio: `${g.date.y}-${String(g.date.m).padStart(2, '0')}-${String(g.date.d).padStart(2, '0')}`, dias: g.dias },
      replicas: g.replicas, grupo_comparacao: g.grupo,
    };
    const pool = g.ufs.flatMap((uf) => MUNS[uf]);
    const muns = [...new Set(g.munPick.map((i) => pool[i % pool.length]))];
    if (muns.length > 0) s.geografia.municipios = muns;
    const publico: Record<string, unknown> = {};
    const fine = g.familia === 'recepcao' && g.cells !== null && g.renda === null && g.racas === null;
    const cells = fine ? g.cells! : g.groups ? Array.from({ length: 17 }, (_, c) => g.groups![Math.min(6, Math.floor(c / 2))]) : null;
    if (cells?.some(Boolean)) publico.idades = bandsOf(cells);
    if (g.sexos) publico.sexos = g.sexos;
    if (g.renda) publico.faixas_renda = g.renda;
    if (g.racas) publico.racas = g.racas;
    if (Object.keys(publico).length > 0) s.publico = publico;
    if (g.familia === 'recepcao') {
      s.canais = g.channels.map((canal, i) => {
        const [a, b, k] = g.periods[i];
        const x = 1 + Math.floor(a * (g.dias - 1));
        const y = 1 + Math.floor(b * (g.dias - 1));
        return { canal, dia_inicio: Math.min(x, y), dia_fim: Math.max(x, y), intensidade: k };
      });
      s.mensagem = { stim_id: g.stim, template_ver: 'v1', politica: 'padrao' };
    } else {
      s.lancamento = { dia: 1 + Math.floor(g.launch * (g.dias - 1)), cenario_base: 'pix' };
    }
    const kpis = g.familia === 'adocao' ? ['adotantes'] : ['alcance', 'ignora', 'absorve', 'repassa', 'rejeita'];
    s.kpis = [...new Set(g.kpiPick.map((i) => kpis[i % kpis.length]))];
    if (g.nome) s.nome = g.nome;
    if (g.setor !== null) s.saida_por_setor = g.setor;
    if (g.questions.length > 0) {
      const measures = g.familia === 'adocao' ? ['adotantes', 'adocao'] : ['alcance', 'ignora', 'absorve', 'repassa', 'rejeita', 'exposta_social', 'exposta_midia_ambas'];
      const weeks = Math.ceil(g.dias / 7);
      const plain = (q: (typeof g.questions)[number], id: string) => {
        const base = { id, forma: q.kind === 'comparar' ? 'quantos' : q.kind, medida: measures[q.measure % measures.length], territorio: { municipios: [pool[0]] } };
        return q.kind === 'quando' ? { ...base, parte: q.share } : { ...base, semana: 1 + Math.floor(q.week * (weeks - 1)) };
      };
      s.contrato_de_resposta = {
        versao: 1,
        perguntas: g.questions.map((q, i) => (q.kind === 'comparar' ? { id: `c${i}`, forma: 'comparar', variantes: ['plano', g.channels.length >= 2 && g.familia === 'recepcao' ? `sem_${[...g.channels].sort((a, b) => CHANNELS.indexOf(a) - CHANNELS.indexOf(b))[0]}` : 'plano_x'], pergunta: plain(q, `p${i}`) } : plain(q, `q${i}`))),
      };
      // a comparison needs two variants of the plan: drop it when the plan has only plano
      s.contrato_de_resposta.perguntas = s.contrato_de_resposta.perguntas.filter((q: any) => q.forma !== 'comparar' || q.variantes[1] !== 'plano_x');
      if (s.contrato_de_resposta.perguntas.length === 0) delete s.contrato_de_resposta;
    }
    return s;
  });

/** Every path of a JSON value (objects and arrays). */
function paths(x: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [prefix];
  if (Array.isArray(x)) x.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (x !== null && typeof x === 'object') for (const [k, v] of Object.entries(x)) out.push(...paths(v, [...prefix, k]));
  return out;
}

type Mutation = { pick: number; op: 'delete' | 'replace' | 'add' | 'dup'; value: unknown; key: string };
const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('delete', 'replace', 'add', 'dup'),
  value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(0, -1, 1.5, 65536, '', 'x', null, [], {}, true, '2023-02-29', 'Eleição', 'SP', '1400100')),
  key: fc.string({ maxLength: 8 }),
});

function mutate(doc: unknown, m: Mutation): unknown {
  const copy = structuredClone(doc);
  const all = paths(copy);
  const path = all[m.pick % all.length];
  if (path.length === 0) return m.op === 'replace' ? m.value : copy;
  const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], copy);
  const last = path[path.length - 1];
  const target = parent[last];
  if (m.op === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (m.op === 'replace') parent[last] = m.value;
  else if (m.op === 'add' && target !== null && typeof target === 'object' && !Array.isArray(target)) target[m.key || 'k'] = m.value;
  else if (m.op === 'dup' && Array.isArray(target) && target.length > 0) target.push(structuredClone(target[0]));
  else parent[last] = m.value;
  return copy;
}

const KNOWN = new Set<string>([...CONTRACT_CODES, ...CALIBRATION_CONTRACT_CODES]);

/** Accepted, or refused with a coded 422; anything else fails the property. */
function acceptedOrCoded(fn: () => unknown): void {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    expect(err.status).toBe(422);
    expect(['invalid_request', 'release_unavailable']).toContain(err.code);
    if (err.code === 'invalid_request') {
      expect(KNOWN.has(err.contractCode!)).toBe(true);
      expect(typeof err.field).toBe('string');
    }
  }
}

describe('properties', () => {
  it('random valid scenarios (and their version 2 form) round-trip unchanged', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      expect(validateScenario(s)).toEqual(s);
      expect(validateScenario({ ...s, versao_contrato: 2 })).toEqual(s);
    }), { numRuns: 300, seed: 20261124 });
  });

  it('random mutations of valid scenarios never give anything but acceptance or a coded 422', () => {
    fc.assert(fc.property(scenarioArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (s, ms) => {
      const doc = ms.reduce<unknown>((d, m) => mutate(d, m), s);
      acceptedOrCoded(() => validateScenario(doc));
    }), { numRuns: 600, seed: 20261124 });
  });

  it('random mutations of a calibration body never give anything but acceptance or a coded 422', () => {
    const bodies = ['valid-calibracao', 'valid-calibracao-aleatoria'].map((f) => fixture(f));
    fc.assert(fc.property(fc.constantFrom(...bodies), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (b, ms) => {
      const doc = ms.reduce<unknown>((d, m) => mutate(d, m), b);
      acceptedOrCoded(() => validateCalibrationRequest(doc));
    }), { numRuns: 400, seed: 20261124 });
  });
});
