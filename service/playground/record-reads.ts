// A worker thread (service/playground/site.ts starts it) that runs the given scenarios briefly and
// answers the package files they read: the engine's modules load here after the recording starts
// (src/platform/host.ts recordPackageReads), so the files read when a module loads count too,
// and so the web page holds every file a run of these scenarios reads.
import { parentPort, workerData } from 'node:worker_threads';
import { recordPackageReads } from '../../src/platform/host.js';

const reads = recordPackageReads();
const { runSimulation } = await import('../../src/research/simulation.js');
const { closePool } = await import('../../src/pool/pool.js');
for (const scenario of workerData.scenarios as unknown[]) await runSimulation(scenario, { threads: 1 });
await closePool();
parentPort!.postMessage(Object.fromEntries(reads));
