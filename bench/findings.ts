// Findings benchmark: how long the streaming combiner takes per (replica, variant) task, and how
// big the stored result gets, for a large reception job without running the engine: the job
// pipeline (src/run-simulation-job.ts) with a synthetic engine that hands it consistent
// ReplicaResults (grid cells add up to the series) of SP's size (645 municipalities, principal
// grid, 9 measures, 4 channels -> 9 variants) plus per-tract output for the capital-sized block of
// tracts, one at a time. One timed run; JSON in bench/out/findings.json (bench/lib/bench-output.ts).
//   npm run tsbuild && node dist/bench/findings.js [--replicas N] [--unidades N] [--setores N]
import { cpus, loadavg } from 'node:os';
import type { Medida, Scenario } from '../src/contract/types.js';
import { buildFindings, buildTractEvents, jobResultToBytes } from '../src/findings/index.js';
import { gridCellCount } from '../src/release/publication-grid.js';
import type { ReplicaResult } from '../src/pool/replica-result.js';
import { openRelease } from '../src/release/release.js';
import { runSimulationJob, type JobEngine } from '../src/run-simulation-job.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';
import { writeBenchResult } from './lib/bench-output.js';

const MEDIDAS: Medida[] = ['alcance', 'exposta_social', 'exposta_midia_medida', 'exposta_midia_declarada', 'exposta_midia_ambas', 'ignora', 'absorve', 'repassa', 'rejeita'];
const CANAIS = ['digital', 'tv', 'radio', 'exterior'] as const;

/** Small counts with many 1..4 (to exercise the privacy rule), from a seeded generator. */
function counter(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const u = s / 2 ** 32;
    return u < 0.5 ? 0 : u < 0.7 ? 1 + Math.floor((u - 0.5) * 20) : Math.floor((u - 0.7) * 200);
  };
}

function makeTask(variante: string, replica: number, U: number, S: number, W: number): ReplicaResult {
  const C = gridCellCount('principal');
  const M = MEDIDAS.length;
  const next = counter(replica * 7919 + variante.length * 104729 + 1);
  const celulas = new Uint32Array(U * C * M);
  const celulasPopulacao = new Uint32Array(U * C);
  const serie = new Uint32Array(U * W * M);
  const populacao = new Uint32Array(U);
  for (let u = 0; u < U; u++) {
    for (let c = 0; c < C; c++) {
      const p = 50 + next();
      celulasPopulacao[u * C + c] = p;
      populacao[u] += p;
      for (let m = 0; m < M; m++) {
        const x = Math.min(p, next());
        celulas[(u * C + c) * M + m] = x;
        for (let w = 0; w < W; w++) serie[(u * W + w) * M + m] += w === W - 1 ? x : Math.floor((x * (w + 1)) / W);
      }
    }
  }
  const porSetor = new Uint32Array(S * W * M);
  for (let i = 0; i < porSetor.length; i++) porSetor[i] = next();
  return {
    variante, replica, semanas: W, medidas: MEDIDAS, unidades: Array.from({ length: U }, (_, u) => String(3500000 + u * 10).padStart(7, '0')),
    serie, seriePublico: serie.slice(), populacao, publico: populacao.slice(), grade: 'principal', celulas, celulasPopulacao, medidasCelulas: MEDIDAS,
    canais: [...CANAIS], frequencia: new Uint32Array(U * (CANAIS.length + 1) * 2).map(() => next()), alcancavel: new Uint32Array(U * CANAIS.length).map(() => next()),
    setores: Array.from({ length: S }, (_, i) => `3550308${String(i).padStart(8, '0')}`), tipos: MEDIDAS, porSetor,
  };
}

export async function runFindingsBench(opts: { replicas?: number; unidades?: number; setores?: number } = {}) {
  const R = opts.replicas ?? 3;
  const U = opts.unidades ?? 645;
  const S = opts.setores ?? 2000;
  const W = 8;
  const variantes = ['plano', ...CANAIS.flatMap((c) => [`sem_${c}`, `menos10_${c}`])];
  const cenario: Scenario = {
    versao_contrato: 3, release: 'v1.0.0', familia: 'recepcao', geografia: { ufs: ['SP'] },
    canais: CANAIS.map((canal) => ({ canal, dia_inicio: 1, dia_fim: 56, intensidade: 0.5 })),
    mensagem: { stim_id: '0'.repeat(32), template_ver: 'v1', politica: 'p' },
    horizonte: { data_inicio: '2026-01-05', dias: 56 }, replicas: R, grupo_comparacao: 'bench', kpis: ['alcance', 'ignora', 'absorve', 'repassa', 'rejeita'],
    saida_por_setor: true,
  };
  const carga = loadavg()[0];
  // The pipeline takes each task while this generator waits at its yield: that wait is the
  // combiner's time for the task (making the next one is not timed).
  let addNs = 0n;
  let lastTaskTaken = 0n;
  function* syntheticTasks() {
    for (const v of variantes) {
      for (let r = 0; r < R; r++) {
        const task = makeTask(v, r, U, S, W);
        const t = process.hrtime.bigint();
        yield task;
        addNs += process.hrtime.bigint() - t;
      }
    }
    lastTaskTaken = process.hrtime.bigint();
  }
  const synthetic: JobEngine = async () => ({
    replicas: syntheticTasks(),
    execucao: { pessoa_dias: 0, segundos: 0, preparo_segundos: 0, threads: 0, tarefasSimultaneas: 0, shards: 0 },
  });
  const { result } = await runSimulationJob(cenario, { release: openRelease('v1.0.0'), engine: synthetic, lookups: { populacaoSetor: () => 400 } });
  let t = process.hrtime.bigint();
  const finishMs = Number(t - lastTaskTaken) / 1e6;
  const bytes = jobResultToBytes(result);
  const encodeMs = Number(process.hrtime.bigint() - t) / 1e6;
  t = process.hrtime.bigint();
  const table = buildFindings(result, { tabela: 'saturacao', limite: 1000 });
  const contrib = buildFindings(result, { tabela: 'contribuicao', limite: 1000 });
  const setores = buildTractEvents(result, { municipio: '3550308' });
  const readMs = Number(process.hrtime.bigint() - t) / 1e6;
  const tasks = R * variantes.length;
  return {
    bench: 'findings' as const,
    when: new Date().toISOString(),
    setup: { unidades: U, grade: 'principal', celulas_por_unidade: gridCellCount('principal'), medidas: MEDIDAS.length, variantes: variantes.length, replicas: R, setores: S, semanas: W },
    tarefas: tasks,
    ms_por_tarefa: Number(addNs) / 1e6 / tasks,
    finish_ms: finishMs,
    codificar_ms: encodeMs,
    bytes_gzip: bytes.length,
    leitura_ms: readMs,
    linhas: { saturacao: table.total, contribuicao: contrib.total, setores: setores.total },
    maquina: { cpus: cpus().length, modelo: cpus()[0]?.model ?? '', carga_1min_antes: carga, aviso: 'measured while other helpers share the 2 cores: contended numbers' },
  };
}

runAsMain(import.meta.url, async () => {
  const { values } = parseBenchArgs({
    name: 'findings',
    measures: 'The streaming combiner of the job pipeline without the engine: a synthetic engine hands it SP-sized replica results (645 municipalities, principal grid, 9 measures, 9 variants) with per-tract output; milliseconds per (replica, variant) task, the stored result\'s gzip bytes, and the time to encode and read it.',
    results: ['findings.json'],
    options: {
      replicas: { type: 'string', value: 'N', default: '3', check: wholeNumber(), description: 'replicas of each of the 9 variants' },
      unidades: { type: 'string', value: 'N', default: '645', check: wholeNumber(), description: 'municipalities (units) of each result' },
      setores: { type: 'string', value: 'N', default: '2000', check: wholeNumber(), description: 'tracts of the per-tract output' },
    },
  });
  const out = await runFindingsBench({ replicas: Number(values.replicas), unidades: Number(values.unidades), setores: Number(values.setores) });
  await writeBenchResult('findings.json', out);
  console.log(JSON.stringify(out, null, 2));
});
