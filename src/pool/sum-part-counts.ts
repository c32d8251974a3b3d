// The counts of a task spread over threads (src/pool/pool.ts): each part reduced its own shards'
// persons, so the event counts add up (integers: cumulative or not, in any order); the counts of
// the plan alone (population, audience, reachable) each part computed whole, so part 0's are kept.
import type { TaskCounts } from './messages.js';

function addInto(to: Uint32Array | undefined, from: Uint32Array | undefined): void {
  if (!to || !from) return;
  for (let i = 0; i < to.length; i++) to[i] += from[i];
}

export function sumPartCounts(parts: readonly TaskCounts[]): TaskCounts {
  const [out, ...rest] = parts;
  for (const p of rest) {
    addInto(out.serie, p.serie);
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
  }
  return out;
}
