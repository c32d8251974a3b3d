// A worker thread (service/playground/site.ts starts it) that runs the given scenarios briefly and
// answers the package files they read: the engine's modules load here after the recording starts
// (src/platform/host.ts recordPackageReads), so the files read when a module loads count too,
// and so the web page holds every file a run of these scenarios reads. A media scenario also
// converts each channel to GRPs (the engine's convertGrp), as the page's scenario form does for any
// channel given in GRPs (service/console/scenario-of-form.ts), so the page holds the files that reads.
import { parentPort, workerData } from 'node:worker_threads';
import type { Scenario } from '../../src/contract/types.js';
import { recordPackageReads } from '../../src/platform/host.js';

const reads = recordPackageReads();
const { runSimulation } = await import('../../src/research/simulation.js');
const { closePool } = await import('../../src/pool/pool.js');
const { convertGrp } = await import('../../src/models/recepcao/plan-grp.js');
const { offersGrp } = await import('../console/scenario-of-form.js');
const { CANAIS } = await import('../../src/contract/scenario-schema.js');
for (const scenario of workerData.scenarios as Scenario[]) {
  await runSimulation(scenario, { threads: 1 });
  if (!offersGrp(scenario)) continue;
  const { idades, faixas_renda, niveis_instrucao } = scenario.publico ?? {};
  convertGrp({
    release: scenario.release, ufs: scenario.geografia.ufs, publico: { idades, faixas_renda, niveis_instrucao },
    intensidade: Object.fromEntries(CANAIS.map((c) => [c, 1])),
  });
}
await closePool();
parentPort!.postMessage(Object.fromEntries(reads));
