// The adoption model of docs/model.md ("Adoption", model 1) as the plain JavaScript agent loop a
// researcher would write first: one object per person, adopter counts recounted every day,
// one Math.random() Bernoulli draw per non-adopter per day. The peer the engine is compared with
// (bench/peers.ts): same population, same parameters and person factors m_i, same synchronous
// daily update; its own random numbers, so it agrees with the engine in distribution, not bit
// for bit.
import { ageGroupOf } from '../../src/release/publication-grid.js';
import { NO_GROUP, PERSON_ATTRS, personAttr, type ModelParameters, type Population } from '../../src/release/types.js';

interface Person {
  household: number;
  tract: number;
  municipality: number;
  group: number;
  online: boolean;
  ageGroup: number;
  m: number;
  adopted: boolean;
}

/** Adjacent tracts count a quarter (docs/model.md, vizinhanca). */
const ADJACENT_WEIGHT = 0.25;

export function naivePersons(pop: Population, m: ArrayLike<number>): Person[] {
  const persons: Person[] = [];
  for (let h = 0; h < pop.nHouseholds; h++) {
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      const tract = pop.hhTract[h];
      persons.push({
        household: h, tract, municipality: pop.tractMun[tract], group: pop.group[i],
        online: personAttr(pop.attrs[i], PERSON_ATTRS.internet) === 1, ageGroup: ageGroupOf(pop.age5[i]),
        m: m[i], adopted: false,
      });
    }
  }
  return persons;
}

const count = (n: number) => new Array<number>(n).fill(0);

/** Runs `days` days (launch on day 1) over one UF; returns the adopters at the end of each day. */
export function runNaiveAdoption(pop: Population, persons: Person[], p: ModelParameters, days: number): number[] {
  const hhSize = count(pop.nHouseholds);
  const groupSize = count(pop.nGroups);
  const tractSize = count(pop.nTracts);
  const munSize = count(pop.municipios.length);
  const onlineSize = count(7);
  for (const x of persons) {
    hhSize[x.household]++;
    if (x.group !== NO_GROUP) groupSize[x.group]++;
    tractSize[x.tract]++;
    munSize[x.municipality]++;
    if (x.online) onlineSize[x.ageGroup]++;
  }
  const onlineAll = onlineSize.reduce((a, b) => a + b, 0);
  const w = p.pesos_canais;
  const adopters: number[] = [];
  let total = 0;
  for (const x of persons) {
    if (Math.random() < 1 / (1 + Math.exp(-(p.logit_lancamento + Math.log(x.m))))) {
      x.adopted = true;
      total++;
    }
  }
  adopters.push(total);
  for (let day = 2; day <= days; day++) {
    // Yesterday's counts: every decision of today reads the state at the end of yesterday.
    const hh = count(pop.nHouseholds);
    const group = count(pop.nGroups);
    const tract = count(pop.nTracts);
    const mun = count(pop.municipios.length);
    const online = count(7);
    for (const x of persons) {
      if (!x.adopted) continue;
      hh[x.household]++;
      if (x.group !== NO_GROUP) group[x.group]++;
      tract[x.tract]++;
      mun[x.municipality]++;
      if (x.online) online[x.ageGroup]++;
    }
    const onlineAdopters = online.reduce((a, b) => a + b, 0);
    const near = count(pop.nTracts);
    const nearSize = count(pop.nTracts);
    for (let t = 0; t < pop.nTracts; t++) {
      near[t] = tract[t];
      nearSize[t] = tractSize[t];
      for (let k = pop.tractAdjStart[t]; k < pop.tractAdjStart[t + 1]; k++) {
        near[t] += ADJACENT_WEIGHT * tract[pop.tractAdj[k]];
        nearSize[t] += ADJACENT_WEIGHT * tractSize[pop.tractAdj[k]];
      }
    }
    const adoptedToday: Person[] = [];
    for (const x of persons) {
      if (x.adopted) continue;
      const share = (a: number, n: number) => (n > 1 ? a / (n - 1) : 0);
      let social = w.domicilio * share(hh[x.household], hhSize[x.household]) + w.vizinhanca * share(near[x.tract], nearSize[x.tract]);
      if (x.group !== NO_GROUP) social += (x.group < pop.nTurmas ? w.turma : w.estabelecimento) * share(group[x.group], groupSize[x.group]);
      if (x.online) social += w.digital * (0.7 * share(online[x.ageGroup], onlineSize[x.ageGroup]) + 0.3 * share(onlineAdopters, onlineAll));
      const hazard = x.m * (Math.exp(p.beta0) + Math.exp(p.beta_expo) * social) * (1 - p.amortecimento_saturacao * (mun[x.municipality] / munSize[x.municipality]));
      if (Math.random() < 1 - Math.exp(-hazard)) adoptedToday.push(x);
    }
    for (const x of adoptedToday) x.adopted = true;
    total += adoptedToday.length;
    adopters.push(total);
  }
  return adopters;
}
