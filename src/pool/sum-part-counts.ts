// The counts of a task spread over threads (src/pool/pool.ts): each part reduced its own shards'
// persons, events and the plan's counts (population, audience, reachable) alike, so the counts add
// up (integers: cumulative or not, in any order).
import type { TaskCounts } from './messages.js';

function addInto(to: Uint32Array | undefined, from: Uint32Array | undefined): void {
  if (!to || !from) return;
  for (let i = 0; i < to.length; i++) to[i] += from[i];
}

export function sumPartCounts(parts: readonly TaskCounts[]): TaskCounts {
  const [out, ...rest] = parts;
  for (const p of rest) {
    addInto(out.serie, p.serie);
    addInto(out.populacao, p.populacao);
    addInto(out.publico, p.publico);
    addInto(out.celulasPopulacao, p.celulasPopulacao);
    addInto(out.alcancavel, p.alcancavel);
    addInto(out.seriePublico, p.seriePublico);
    addInto(out.celulas, p.celulas);
    addInto(out.frequencia, p.frequencia);
    addInto(out.porSetor, p.porSetor);
    addInto(out.serieDiaria, p.serieDiaria);
    out.respostas.forEach((r, q) => {
      addInto(r.contagens, p.respostas[q].contagens);
      addInto(r.base, p.respostas[q].base);
    });
    out.segundos = Math.max(out.segundos, p.segundos);
    if (out.fases && p.fases) out.fases.push(...p.fases);
  }
  return out;
}
