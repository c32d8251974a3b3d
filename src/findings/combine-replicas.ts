// Streaming reduction of the per-replica counts of a job into its stored result (JobResult).
// Each ReplicaResult is read once when it arrives (any order) and can be dropped afterwards. The
// combiner checks that the replicas fit together and hands each to one accumulator per block of
// the result (combine/): saturacao, totais, alcance, setores, respostas. They keep sums, sums of
// squares and, per cell, the privacy reasons over replicas; the rule itself lives in privacy.ts.

import type { Scenario, Territorio } from '../contract/types.js';
import { modelFor } from '../models/model-registry.js';
import type { ReplicaResult } from '../pool/replica-result.js';
import { AlcanceAccumulator } from './combine/alcance-accumulator.js';
import { fail } from './combine/combine-checks.js';
import { checkLayout, keptMeasures, layoutOf, type ReplicaLayout } from './combine/replica-layout.js';
import { RespostasAccumulator } from './combine/respostas-accumulator.js';
import { SaturacaoAccumulator } from './combine/saturacao-accumulator.js';
import { SetoresAccumulator, type TractLookups } from './combine/setores-accumulator.js';
import { TotaisAccumulator } from './combine/totais-accumulator.js';
import { FORMATO_RESULTADO, type JobResult } from './job-result.js';

export interface CombineOptions extends TractLookups {
  /** Municipality name by 7-digit code (stored in the result for the `municipios` of responses). */
  nomeMunicipio?: (codigo: string) => string | undefined;
}

export interface ReplicaCombiner {
  add(r: ReplicaResult): void;
  finish(): JobResult;
}

/** The accumulators of a job, opened on its first replica (whose layout every other must share). */
interface Blocks {
  layout: ReplicaLayout;
  saturacao: SaturacaoAccumulator;
  totais: TotaisAccumulator;
  alcance: AlcanceAccumulator;
  setores: SetoresAccumulator;
  respostas: RespostasAccumulator;
}

function openBlocks(cenario: Scenario, first: ReplicaResult): Blocks {
  const layout = layoutOf(first);
  const kept = keptMeasures(cenario.kpis, layout);
  return {
    layout,
    saturacao: new SaturacaoAccumulator(cenario, layout, kept),
    totais: new TotaisAccumulator(layout, kept, cenario.replicas),
    alcance: new AlcanceAccumulator(layout),
    setores: new SetoresAccumulator(layout.semanas),
    respostas: new RespostasAccumulator(layout.semanas, cenario.replicas),
  };
}

/** Municipality names of the codes of the units and tracts, as opts knows them. */
function municipalityNames(b: Blocks, opts: CombineOptions): Record<string, string> {
  const municipios: Record<string, string> = {};
  const codes = new Set(b.layout.unidades.map((u) => u.slice(0, 7)));
  for (const c of b.setores.setores) codes.add(c.slice(0, 7));
  for (const c of [...codes].sort()) {
    const nome = opts.nomeMunicipio?.(c);
    if (nome) municipios[c] = nome;
  }
  return municipios;
}

export function createCombiner(cenario: Scenario, opts: CombineOptions = {}): ReplicaCombiner {
  const R = cenario.replicas;
  // the blocks only some families fill (their rooms' blocos)
  const alcance = modelFor(cenario.familia).blocos.includes('alcance');
  let blocks: Blocks | null = null;
  /** Replicas seen of each variant, in order of the variant's first arrival. */
  const seen = new Map<string, Set<number>>();

  return {
    add(r: ReplicaResult): void {
      if (r === null || typeof r !== 'object' || !(r.serie instanceof Uint32Array) || typeof r.variante !== 'string') {
        fail('an item is not a ReplicaResult (from simulate(), pass Object.values(result.variantes).flat())');
      }
      const b = (blocks ??= openBlocks(cenario, r));
      checkLayout(r, b.layout);
      if (!Number.isInteger(r.replica) || r.replica < 0 || r.replica >= R) fail(`replica ${r.replica} outside 0..${R - 1}`);
      let replicas = seen.get(r.variante);
      if (!replicas) seen.set(r.variante, (replicas = new Set()));
      if (replicas.has(r.replica)) fail(`replica ${r.replica} of ${r.variante} arrived twice`);
      replicas.add(r.replica);

      b.totais.add(r);
      if (r.variante === 'plano') {
        b.saturacao.add(r);
        if (alcance) b.alcance.add(r);
        if (r.setores) b.setores.add(r);
      }
      b.respostas.add(r);
    },

    finish(): JobResult {
      const b = blocks ?? fail('no replica was added');
      if (!seen.has('plano')) fail('the plano variant is missing');
      for (const [name, replicas] of seen) {
        if (replicas.size !== R) fail(`variant ${name} has ${replicas.size} of ${R} replicas`);
      }
      const saturacao = b.saturacao.finish();
      const setores = b.setores.finish(opts);
      if (!setores && cenario.saida_por_setor) fail('the scenario asked for saida_por_setor but the replicas carry no per-tract counts');
      const l = b.layout;
      return {
        formato: FORMATO_RESULTADO,
        release: cenario.release,
        cenario,
        replicas: R,
        semanas: l.semanas,
        unidades: l.unidades,
        grade: l.grade,
        canais: l.canais,
        variantes: ['plano', ...[...seen.keys()].filter((x) => x !== 'plano').sort()],
        municipios: municipalityNames(b, opts),
        saturacao,
        totais: b.totais.finish(saturacao),
        alcance: b.alcance.finish(),
        setores,
        respostas: withTerritoryErrors(b.respostas.finish(), cenario, opts),
      };
    },
  };
}

/**
 * The population error of the units of each tract-territory question's blocks (keyed as
 * src/plan/questions.ts keys them: the question id, or for comparar its own id or its inner
 * question's).
 */
function withTerritoryErrors(respostas: JobResult['respostas'], cenario: Scenario, opts: CombineOptions): JobResult['respostas'] {
  const territories = new Map<string, Territorio>();
  for (const q of cenario.contrato_de_resposta?.perguntas ?? []) {
    const inner = q.forma === 'comparar' ? q.pergunta : q;
    territories.set(q.id, inner.territorio);
    territories.set(inner.id, inner.territorio);
  }
  for (const blocks of Object.values(respostas)) {
    for (const [id, block] of Object.entries(blocks)) {
      const t = territories.get(id);
      if (t && !('municipios' in t) && opts.erroTerritorio) block.erroPopulacao = opts.erroTerritorio(t, cenario.geografia.ufs);
    }
  }
  return respostas;
}

/** Combines every (replica, variant) result of a job; see createCombiner for the streaming form. */
export function combineReplicas(cenario: Scenario, replicas: Iterable<ReplicaResult>, opts: CombineOptions = {}): JobResult {
  const c = createCombiner(cenario, opts);
  for (const r of replicas) c.add(r);
  return c.finish();
}
