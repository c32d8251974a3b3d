// Channel contributions of the reception example (issue 57's target): examples/recepcao-rr.json run
// at a release in a UF (its scenario otherwise as shipped: 4 channels, 9 variants, 5 replicas,
// common random numbers), and for each channel and KPI the mean over replicas of the paired
// difference plano - sem_<canal>, summed over the municipalities, with its Monte Carlo standard
// error and z = mean / se. The target: no channel below -2 standard errors on alcance, absorve or
// repassa at the newest release in RR and AP (docs/experiments/response-memory.md).
//   npm run tsbuild && node dist/bench/contributions.js [--releases v2.0.0,v2.1.0] [--ufs RR,AP] [--threads 2]
import { readFile } from 'node:fs/promises';
import { standardError } from '../src/findings/stats.js';
import { projectPath } from '../src/project-path.js';
import { closePool } from '../src/pool/pool.js';
import { listReleases, newestRelease } from '../src/release/release.js';
import { runSimulation } from '../src/research/simulation.js';
import { UF_CODES } from '../src/release/types.js';
import { listOf, oneOf, parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';
import { runAsMain } from './lib/run-as-main.js';

const KPIS = ['alcance', 'absorve', 'repassa'] as const;
/** A contribution below this many standard errors misses the target. */
const LIMITE_Z = -2;

export async function runContributionsBench() {
  const { values } = parseBenchArgs({
    name: 'contributions',
    measures: `Each channel's contribution (plano - sem_<canal>, paired over replicas, summed over the municipalities) to ${KPIS.join(', ')} in examples/recepcao-rr.json run at each release and UF, with its Monte Carlo standard error; says which fall below ${LIMITE_Z} standard errors (issue 57's target).`,
    results: ['contributions.json'],
    options: {
      releases: { type: 'string', value: 'LIST', check: listOf(oneOf(listReleases())), description: 'releases to run; default the newest' },
      ufs: { type: 'string', value: 'LIST', default: 'RR,AP', check: listOf(oneOf(UF_CODES)), description: 'UFs, each run alone' },
      threads: { type: 'string', value: 'N', default: '2', check: wholeNumber(), description: 'worker threads' },
    },
  });
  const base = JSON.parse(await readFile(projectPath('examples', 'recepcao-rr.json'), 'utf8')) as Record<string, unknown>;
  const releases = (values.releases ?? newestRelease()).split(',');
  const casos: object[] = [];
  const abaixo: string[] = [];
  try {
    for (const release of releases) {
      for (const uf of values.ufs!.split(',')) {
        const sim = await runSimulation({ ...base, release, geografia: { ufs: [uf] } }, { threads: Number(values.threads) });
        const r = sim.result;
        const M = r.saturacao.medidas.length;
        const U = r.unidades.length;
        const total = (variante: string, m: number) => {
          const out = new Float64Array(r.replicas);
          for (let k = 0; k < r.replicas; k++) for (let u = 0; u < U; u++) out[k] += r.totais[variante].porReplica[(k * U + u) * M + m];
          return out;
        };
        const canais = r.canais.map((canal) => ({
          canal,
          ...Object.fromEntries(KPIS.map((kpi) => {
            const m = r.saturacao.medidas.indexOf(kpi);
            const p = total('plano', m);
            const d = total(`sem_${canal}`, m).map((s, k) => p[k] - s);
            const sum = d.reduce((a, b) => a + b, 0);
            const se = standardError(sum, d.reduce((a, b) => a + b * b, 0), d.length) ?? 0;
            const mean = sum / d.length;
            const z = se > 0 ? mean / se : mean === 0 ? 0 : Math.sign(mean) * Infinity;
            if (z < LIMITE_Z) abaixo.push(`${release} ${uf} ${canal} ${kpi}: ${mean.toFixed(1)} (z ${z.toFixed(2)})`);
            return [kpi, { contribuicao: Number(mean.toFixed(1)), erro_padrao: Number(se.toFixed(1)), z: Number(z.toFixed(2)) }];
          })),
        }));
        const plano = Object.fromEntries(KPIS.map((kpi) => [kpi, Math.round(total('plano', r.saturacao.medidas.indexOf(kpi)).reduce((a, b) => a + b, 0) / r.replicas)]));
        casos.push({ release, uf, replicas: r.replicas, plano, canais });
        process.stdout.write(`${release} ${uf}: plano ${JSON.stringify(plano)}\n${canais.map((c) => `  ${JSON.stringify(c)}`).join('\n')}\n`);
      }
    }
  } finally {
    await closePool();
  }
  process.stdout.write(abaixo.length ? `below ${LIMITE_Z} standard errors:\n  ${abaixo.join('\n  ')}\n` : `no contribution below ${LIMITE_Z} standard errors\n`);
  const path = await writeBenchResult('contributions.json', { bench: 'contributions', when: new Date().toISOString(), limite_z: LIMITE_Z, casos, abaixo });
  process.stdout.write(`wrote ${path}\n`);
}

runAsMain(import.meta.url, runContributionsBench);
