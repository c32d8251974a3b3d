// Gross rating points of a media plan (issue 56: "a unit planners use"): the mean contacts per 100
// persons of an audience that a channel period's intensidade buys in a release and place, computed
// from the release's own model, as an expected value: a person of cell k and propensity M has a
// contact on a day of intensity I with probability 1 - exp(-e0 I a_k M) (assembly/reception.ts:
// e0 = exp(beta0), a_k the cell's affinity, exposure-habits.ts; M the channel's multiplier by copula
// bin, with the bins' probabilities, propensityTables and binMass), at most one a day and channel,
// so its expected contacts over a period are the days times that probability, averaged over the
// bins and over the audience's persons by cell. The persons by cell come from the release's GRP
// document (src/release/grp-cells-file.ts), so no population is built: exact for an audience the
// document's cells tell apart (UFs, ages, renda, escolaridade), the UFs' composition for the rest.
// Per channel and for any channel, the plan also states the expected 1+ reach and average frequency
// of the same contacts (plan-reach.ts, issue 59). Releases without exposure propensities (before
// v2.0.0) withhold it (docs/model.md, "GRPs").
import type { Canal, ChannelGrp, PeriodGrp, PeriodoCanal, PlanGrp, PlanGrpWithheld, Publico, Scenario, WeekGrp } from '../../contract/types.js';
import { ServiceError } from '../../errors.js';
import { exposureCase } from '../../release/exposure-case-file.js';
import { macroRegionOf } from '../../release/data-files.js';
import { CELLS_PER_AGE_GROUP, GRP_CELLS, grpCellIndex, readGrpCells } from '../../release/grp-cells-file.js';
import { MANIFESTS } from '../../release/manifests.js';
import { ageGroupOf, bandsOfAgeRange } from '../../release/publication-grid.js';
import { AGE_BANDS, NIVEIS_INSTRUCAO, PERSON_ATTRS, personAttr, UF_CODES, type GrpTableRow, type UfCode } from '../../release/types.js';
import { binMass, exposureAffinity, propensityTables, usesExposure } from './exposure-habits.js';
import { expectedReach, type ReachCells } from './plan-reach.js';
import { receptionCell } from './reception-profiles.js';

/** The part of an audience the release's GRP document tells apart (the rest of publico takes the UFs' composition). */
export type GrpAudience = Pick<Publico, 'idades' | 'faixas_renda' | 'niveis_instrucao'>;

/**
 * Persons of the UFs in the audience, by the distinct hazard scales a32 (the kernel's f32
 * affinities) of the channels asked: one group per distinct tuple, ascending (plan-reach.ts ReachCells).
 */
type AudienceGroups = ReachCells;

/** A channel's propensity: the bins with mass, their probabilities and f32 multipliers (one bin of mass 1 where every user is the same). */
interface ChannelPropensity {
  massa: Float64Array;
  multiplicador: Float64Array;
}

const propensities = new Map<string, ChannelPropensity>();

/** The channel's bins as the kernel draws them (assembly/reception.ts propensityOf): binMass of the copula, the channel's table. */
function channelPropensity(release: string, canal: Canal): ChannelPropensity {
  const key = `${release}/${canal}`;
  let p = propensities.get(key);
  if (!p) {
    const caso = exposureCase(release);
    const { tabelas, partes } = propensityTables(caso, [canal]);
    const mass = binMass(partes);
    const massa: number[] = [];
    const multiplicador: number[] = [];
    mass.forEach((m, b) => {
      if (m > 0) {
        massa.push(m);
        multiplicador.push(tabelas[b]);
      }
    });
    p = { massa: Float64Array.from(massa), multiplicador: Float64Array.from(multiplicador) };
    propensities.set(key, p);
  }
  return p;
}

/** The 5-year bands (0..16) of an audience's idades (all when absent). */
function allowedBands(idades: GrpAudience['idades']): boolean[] {
  const ok = new Array<boolean>(AGE_BANDS).fill(!idades || idades.length === 0);
  for (const range of idades ?? []) for (const b of bandsOfAgeRange(range)) ok[b] = true;
  return ok;
}

/** The release's GRP document, or the reason a plan's GRPs are withheld in it. */
function grpDocument(release: string) {
  if (!usesExposure(release)) {
    return `a release ${release} não tem propensões de exposição (releases sem propensões de exposição: as anteriores à v2.0.0): seu modelo de ` +
      'recepção é homogêneo entre usuários e ela não tem a tabela de pessoas por célula que o GRP lê (as releases antigas mantêm seus arquivos)';
  }
  return readGrpCells(release) ?? `a release ${release} não tem data/releases/${release}/grp.json (npm run case:grp -- ${release})`;
}

function audienceGroups(release: string, ufs: readonly UfCode[], publico: GrpAudience, canais: readonly Canal[]): AudienceGroups {
  const doc = grpDocument(release);
  if (typeof doc === 'string') throw new ServiceError('invalid_request', doc);
  const caso = exposureCase(release);
  const bands = allowedBands(publico.idades);
  const renda = publico.faixas_renda?.length ? new Set(publico.faixas_renda) : null;
  const esc = publico.niveis_instrucao?.length ? new Set(publico.niveis_instrucao.map((s) => NIVEIS_INSTRUCAO.indexOf(s))) : null;
  const byAffinity = new Map<string, { a: number[]; n: number }>();
  let pessoas = 0;
  for (const uf of ufs) {
    const counts = doc.pessoas[uf];
    if (!counts || counts.length !== GRP_CELLS) throw new ServiceError('release_unavailable', `release ${release} has no GRP cells of ${uf}`);
    const regiao = macroRegionOf(uf);
    for (let age5 = 0; age5 < AGE_BANDS; age5++) {
      if (!bands[age5]) continue;
      const ag = ageGroupOf(age5);
      for (let w = 0; w < CELLS_PER_AGE_GROUP; w++) {
        const base = ag * CELLS_PER_AGE_GROUP + w;
        // base = (((ag 5 + renda) 4 + esc) 2 + net) 2 + urbano
        const r = Math.floor(w / 16);
        const e = Math.floor(w / 4) % 4;
        if ((renda && !renda.has(r)) || (esc && !esc.has(e))) continue;
        for (let tv = 0; tv < 2; tv++) {
          const n = counts[grpCellIndex(age5, base, tv)];
          if (n === 0) continue;
          pessoas += n;
          const a = canais.map((canal) => Math.fround(exposureAffinity(caso, canal, base, tv | (regiao << 1))));
          const key = a.join();
          const group = byAffinity.get(key);
          if (group) group.n += n;
          else byAffinity.set(key, { a, n });
        }
      }
    }
  }
  const groups = [...byAffinity.values()].sort((x, y) => {
    for (let c = 0; c < canais.length; c++) if (x.a[c] !== y.a[c]) return x.a[c] - y.a[c];
    return 0;
  });
  return { pessoas, afinidades: Float64Array.from(groups.flatMap((g) => g.a)), n: Float64Array.from(groups, (g) => g.n) };
}

/** The release's daily contact scale exp(beta0) (its parametros_recepcao, or an override). */
function dailyScale(release: string, beta0?: number): number {
  const m = MANIFESTS.find((x) => x.versao === release);
  if (!m) throw new ServiceError('release_unavailable', `release ${release} is not offered`);
  return Math.exp(beta0 ?? m.parametros_recepcao.beta0);
}

/** Expected contacts a day of intensity I among the groups of one channel: sum_k n_k sum_b mass_b (1 - exp(-e0 I a_k M_b)), in the kernel's f32 products. */
function dailyContacts(g: AudienceGroups, p: ChannelPropensity, e0: number, intensidade: number): number {
  const i32 = Math.fround(intensidade);
  let total = 0;
  for (let k = 0; k < g.afinidades.length; k++) {
    const a = g.afinidades[k];
    if (a === 0) continue;
    let s = 0;
    for (let b = 0; b < p.massa.length; b++) s -= p.massa[b] * Math.expm1(-Math.fround(a * p.multiplicador[b]) * e0 * i32);
    total += g.n[k] * s;
  }
  return total;
}

/**
 * The share of the persons of one affinity (the kernel's f32 a of a cell and habit) reached at least
 * once in `days` days at intensidade 1, over the channel's propensity bins: 1 - sum_b mass_b exp(-days e0 a M_b)
 * (exposure-margins.ts: the model's two-window habits).
 */
export function reachOverDays(release: string, canal: Canal, afinidade: number, days: number): number {
  const p = channelPropensity(release, canal);
  const e0 = dailyScale(release);
  let s = 0;
  for (let b = 0; b < p.massa.length; b++) s += p.massa[b] * Math.exp(-days * Math.fround(Math.fround(afinidade) * p.multiplicador[b]) * e0);
  return 1 - s;
}

/** GRPs of `days` days at intensity I: 100 x expected contacts / persons. */
function grpOf(g: AudienceGroups, p: ChannelPropensity, e0: number, intensidade: number, days: number): number {
  return g.pessoas > 0 ? (100 * days * dailyContacts(g, p, e0, intensidade)) / g.pessoas : 0;
}

/** What a plan's figure is over (PlanGrp.base). */
function baseOf(publico: Publico | undefined, ufs: readonly UfCode[], limited: boolean): string {
  const partial = (publico?.sexos?.length ?? 0) > 0 || (publico?.racas?.length ?? 0) > 0 || limited;
  return 'valor esperado do modelo da release (as mesmas células, propensões e afinidades do núcleo; não é uma simulação): ' +
    `contatos por 100 pessoas das UFs ${ufs.join(', ')} nas idades, faixas de renda e escolaridade do público` +
    (partial ? '; sexos, raças, municípios e áreas de ponderação do público não estão na tabela da release: o valor usa a composição das UFs' : '') +
    '; o alcance (1+) e a frequência média de cada canal (canais) são valores esperados dos contatos da mídia, sem o boca a boca';
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;
/** A share of the audience to 6 decimals (a ten-thousandth of a percentage point). */
const roundShare = (x: number) => Math.round(x * 1e6) / 1e6;

/** Plans computed lately: a quote and its submission, or a form asking again, compute a plan once (about 3 ms a channel). */
const recentPlans = new Map<string, PlanGrp | PlanGrpWithheld>();
const RECENT_PLANS = 256;

/** A scenario's media plan in GRPs (the quote's and the reception job's `plano_grp`), or the reason it is withheld. */
export function planGrp(scenario: Scenario, opts: { beta0?: number } = {}): PlanGrp | PlanGrpWithheld {
  const { idades, faixas_renda, niveis_instrucao, sexos, racas } = scenario.publico ?? {};
  const key = JSON.stringify([
    scenario.release, scenario.geografia, idades, faixas_renda, niveis_instrucao, Boolean(sexos?.length || racas?.length),
    scenario.canais, scenario.horizonte.dias, opts.beta0,
  ]);
  let g = recentPlans.get(key);
  if (!g) {
    g = computePlanGrp(scenario, opts);
    if (recentPlans.size >= RECENT_PLANS) recentPlans.delete(recentPlans.keys().next().value!);
    recentPlans.set(key, g);
  }
  return structuredClone(g);
}

function computePlanGrp(scenario: Scenario, opts: { beta0?: number }): PlanGrp | PlanGrpWithheld {
  const doc = grpDocument(scenario.release);
  if (typeof doc === 'string') return { motivo: doc };
  const ufs = [...scenario.geografia.ufs];
  const e0 = dailyScale(scenario.release, opts.beta0);
  const dias = scenario.horizonte.dias;
  const semanas = Math.ceil(dias / 7);
  const periods = scenario.canais ?? [];
  const groups = new Map<Canal, AudienceGroups>();
  const groupsOf = (c: Canal) => {
    let g = groups.get(c);
    if (!g) groups.set(c, (g = audienceGroups(scenario.release, ufs, scenario.publico ?? {}, [c])));
    return g;
  };
  const weeks = new Map<string, number>();
  // per channel, its GRPs over the horizon and its summed daily scale e0 x sum_d I(d) (the kernel's cum at the last day)
  const total = new Map<Canal, { grp: number; exposicao: number }>();
  const periodos = periods.map((per: PeriodoCanal): PeriodGrp => {
    const g = groupsOf(per.canal);
    const p = channelPropensity(scenario.release, per.canal);
    const last = Math.min(per.dia_fim, dias);
    const days = Math.max(0, last - per.dia_inicio + 1);
    const daily = grpOf(g, p, e0, per.intensidade, 1);
    for (let d = per.dia_inicio; d <= last; d++) {
      const k = `${per.canal}/${Math.ceil(d / 7)}`;
      weeks.set(k, (weeks.get(k) ?? 0) + daily);
    }
    const t = total.get(per.canal) ?? { grp: 0, exposicao: 0 };
    total.set(per.canal, { grp: t.grp + daily * days, exposicao: t.exposicao + e0 * Math.fround(per.intensidade) * days });
    return { canal: per.canal, dia_inicio: per.dia_inicio, dia_fim: per.dia_fim, intensidade: per.intensidade, grp: round(daily * days), grp_semana: round(daily * 7) };
  });
  const canais = [...new Set(periods.map((p) => p.canal))];
  const semanasRows: WeekGrp[] = [];
  for (let s = 1; s <= semanas; s++) for (const canal of canais) semanasRows.push({ semana: s, canal, grp: round(weeks.get(`${canal}/${s}`) ?? 0) });
  const pessoas = canais.length ? groupsOf(canais[0]).pessoas : 0;
  const limited = (scenario.geografia.municipios?.length ?? 0) > 0 || (scenario.geografia.aps?.length ?? 0) > 0;
  const plan: PlanGrp = { release: scenario.release, ufs, pessoas, base: baseOf(scenario.publico, ufs, limited), periodos, semanas: semanasRows };
  if (canais.length === 0) return plan;
  const cells = audienceGroups(scenario.release, ufs, scenario.publico ?? {}, canais);
  const reach = expectedReach(scenario.release, cells, canais, canais.map((c) => total.get(c)!.exposicao));
  const grps = canais.map((c) => total.get(c)!.grp);
  const row = (canal: ChannelGrp['canal'], grp: number, alcance: number): ChannelGrp =>
    ({ canal, grp: round(grp), alcance: roundShare(alcance), frequencia_media: alcance > 0 ? round(grp / 100 / alcance) : null });
  plan.canais = [
    ...canais.map((c, i) => row(c, grps[i], reach.canais[i])),
    row('qualquer', grps.reduce((a, b) => a + b, 0), reach.qualquer),
  ];
  return plan;
}

/** A request of convertGrp: a plan of one week per channel, in GRPs or in intensities, for a release and UFs. */
export interface GrpConversionRequest {
  release: string;
  ufs: readonly UfCode[];
  /** The audience's ages, renda and escolaridade (default everyone). */
  publico?: GrpAudience;
  /** GRPs a week per channel, to be turned into intensities; or */
  grp_semana?: Partial<Record<Canal, number>>;
  /** intensities per channel, to be turned into GRPs a week. */
  intensidade?: Partial<Record<Canal, number>>;
  /** exp(beta0) override (a run with other parameters); default the release's. */
  beta0?: number;
}

/** One channel of a conversion: the intensity and the GRPs a week it buys. */
export interface GrpConversionRow {
  canal: Canal;
  intensidade: number;
  grp_semana: number;
  /** The most a week of the channel buys (at intensidade 1): the bound of grp_semana. */
  grp_semana_maximo: number;
  /** Expected share of the audience with at least one contact of the channel in the week (0..1; plan-reach.ts). */
  alcance_semana: number;
  /** Contacts per person reached in the week: grp_semana / 100 / alcance_semana (null where no one is reached). */
  frequencia_media_semana: number | null;
}

/** Bisection for the intensity in (0, 1] whose week buys `target` GRPs (GRPs rise with the intensity). */
function intensityFor(f: (i: number) => number, target: number): number {
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 200 && hi - lo > 1e-16; k++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const CANAIS_GRP: readonly Canal[] = ['digital', 'tv', 'radio', 'exterior'];

function checkChannels(plan: Partial<Record<string, number>>, what: string): [Canal, number][] {
  const out: [Canal, number][] = [];
  for (const [c, v] of Object.entries(plan)) {
    if (!CANAIS_GRP.includes(c as Canal)) throw new ServiceError('invalid_request', `${what}: unknown channel ${c} (digital, tv, radio, exterior)`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new ServiceError('invalid_request', `${what}.${c}: ${String(v)} is not a number > 0`);
    out.push([c as Canal, v]);
  }
  if (out.length === 0) throw new ServiceError('invalid_request', `${what}: no channel`);
  return out;
}

/** The audience of a conversion within the scenario contract's values (a scenario's own is checked by validateScenario). */
function checkAudience(p: GrpAudience): void {
  for (const range of p.idades ?? []) {
    const [start, end] = range as readonly [number, number | null];
    if (!Number.isInteger(start) || start % 5 !== 0 || start < 0 || start > 80 || (end !== null && (!Number.isInteger(end) || (end + 1) % 5 !== 0 || end < start || end > 79))) {
      throw new ServiceError('invalid_request', `publico.idades: ${JSON.stringify(range)} is not [start, end] with start 0, 5, ..., 80 and end 4, 9, ..., 79 or null`);
    }
  }
  for (const r of p.faixas_renda ?? []) if (!Number.isInteger(r) || r < 0 || r > 4) throw new ServiceError('invalid_request', `publico.faixas_renda: ${r} is not a quintile 0 to 4`);
  for (const e of p.niveis_instrucao ?? []) {
    if (!NIVEIS_INSTRUCAO.includes(e)) throw new ServiceError('invalid_request', `publico.niveis_instrucao: ${String(e)} is not one of ${NIVEIS_INSTRUCAO.join(', ')}`);
  }
}

/**
 * Converts a week's media plan between GRPs and intensities for a release and UFs (campaign-sim
 * grp, the library's convertGrp): with grp_semana, the intensity of each channel whose 7 days buy
 * those GRPs among the audience; with intensidade, the GRPs a week each buys. Same model as planGrp.
 */
export function convertGrp(req: GrpConversionRequest): GrpConversionRow[] {
  if ((req.grp_semana === undefined) === (req.intensidade === undefined)) {
    throw new ServiceError('invalid_request', 'give exactly one of grp_semana and intensidade');
  }
  if (!req.ufs.length) throw new ServiceError('invalid_request', 'ufs: at least one UF');
  checkAudience(req.publico ?? {});
  for (const uf of req.ufs) if (!UF_CODES.includes(uf)) throw new ServiceError('release_unavailable', `uf ${uf} is not a UF`);
  const doc = grpDocument(req.release);
  if (typeof doc === 'string') throw new ServiceError('release_unavailable', doc);
  const e0 = dailyScale(req.release, req.beta0);
  const fromGrp = req.grp_semana !== undefined;
  return checkChannels((req.grp_semana ?? req.intensidade)!, fromGrp ? 'grp_semana' : 'intensidade').map(([canal, v]) => {
    const g = audienceGroups(req.release, req.ufs, req.publico ?? {}, [canal]);
    const p = channelPropensity(req.release, canal);
    const week = (i: number) => grpOf(g, p, e0, i, 7);
    const max = week(1);
    const row = (intensidade: number): GrpConversionRow => {
      const grp = week(intensidade);
      const [alcance] = expectedReach(req.release, g, [canal], [7 * e0 * Math.fround(intensidade)]).canais;
      return { canal, intensidade, grp_semana: grp, grp_semana_maximo: max, alcance_semana: alcance, frequencia_media_semana: alcance > 0 ? grp / 100 / alcance : null };
    };
    if (fromGrp) {
      if (v > max) throw new ServiceError('invalid_request', `grp_semana.${canal}: ${v} GRPs a week is out of reach; intensidade 1 buys ${max.toFixed(2)}`);
      return row(intensityFor(week, v));
    }
    if (v > 1) throw new ServiceError('invalid_request', `intensidade.${canal}: ${v} is above 1`);
    return row(v);
  });
}

/** The release's GRP table per UF and channel (the manifest's, data/releases/<release>/grp.json tabela): every person of the UF. */
export function grpTable(release: string): GrpTableRow[] {
  const rows: GrpTableRow[] = [];
  for (const uf of UF_CODES) {
    for (const canal of CANAIS_GRP) {
      const [r] = convertGrp({ release, ufs: [uf], intensidade: { [canal]: 0.1 } });
      const reach = r.grp_semana_maximo >= 100;
      rows.push({
        uf, canal,
        grp_semana_intensidade_0_1: round(r.grp_semana),
        intensidade_100_grp_semana: reach ? Math.round(convertGrp({ release, ufs: [uf], grp_semana: { [canal]: 100 } })[0].intensidade * 1e6) / 1e6 : null,
      });
    }
  }
  return rows;
}

/** A UF population's persons by GRP cell (grpCellIndex), as the generator writes them: age band, reception cell and TV household. */
export function countGrpCells(pop: {
  hhStart: ArrayLike<number>; hhTract: ArrayLike<number>; tractUrban: ArrayLike<number>; age5: ArrayLike<number>; attrs: ArrayLike<number>;
}): number[] {
  const out = new Array<number>(GRP_CELLS).fill(0);
  for (let h = 0; h + 1 < pop.hhStart.length; h++) {
    const urbano = pop.tractUrban[pop.hhTract[h]] === 1;
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      out[grpCellIndex(pop.age5[i], receptionCell(pop.age5[i], pop.attrs[i], urbano), personAttr(pop.attrs[i], PERSON_ATTRS.tv))]++;
    }
  }
  return out;
}
