// What a template assumes, in words (spec: premissas, "audience, channels with days and
// intensity, horizon; assumptions, not results"), and how calibrated it is. Derived from the
// template's scenario so the words cannot drift from the numbers.
import type { Canal, Publico } from '../src/contract/types.js';
import { modelFor } from '../src/models/model-registry.js';
import type { Release } from '../src/release/types.js';
import type { Template } from './templates.js';

const CANAL_NOME: Record<Canal, string> = { tv: 'TV', radio: 'Rádio', digital: 'Digital', exterior: 'Mídia exterior' };
const num = (x: number) => String(x).replace('.', ',');

function audience(p: Publico | undefined): string {
  const ages = p?.idades?.map(([a, b]) => (b === null ? `${a} anos ou mais` : `${a} a ${b} anos`));
  return ages?.length ? `Público: pessoas de ${ages.join(', ')} no lugar escolhido` : 'Público: toda a população do lugar escolhido';
}

/** premissas: the audience, each channel period, the launch, the horizon and replicas. */
export function describePremises(t: Template): string[] {
  const c = t.cenario;
  const out = [audience(c.publico)];
  for (const p of c.canais ?? []) out.push(`${CANAL_NOME[p.canal]}: dias ${p.dia_inicio} a ${p.dia_fim}, intensidade ${num(p.intensidade)} (de 0 a 1)`);
  if (c.lancamento) {
    out.push(`Lançamento no dia ${c.lancamento.dia}; difusão pelo boca a boca com os parâmetros de referência do Pix da release (parametros_pix), por analogia: o produto real pode ir mais rápido ou mais devagar`);
  }
  out.push(`Horizonte: ${c.horizonte.dias} dias a partir da data de início; ${c.replicas} réplicas`);
  out.push('São premissas para começar, não resultados: ajuste-as ao seu plano de mídia');
  return out;
}

/**
 * `calibrado` only for a template of a family whose parameters come from the launch's base (the
 * templates' is the Pix case) on a release whose Pix case passes the validation battery in force
 * (src/release/pix-battery.ts; the same rule as a job's verdict, src/findings/veredito.ts); the
 * other families run on modelled defaults and are never calibrated.
 */
export function templateCalibration(t: Template, release: Release): 'calibrado' | 'nao_calibrado' {
  if (!modelFor(t.cenario.familia).calibracaoPeloLancamento) return 'nao_calibrado';
  return release.manifest.calibracao_pix?.veredito === 'aprovada' ? 'calibrado' : 'nao_calibrado';
}
