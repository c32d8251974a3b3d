// Responses that follow exposure (v2.1.0 on; docs/model.md, "Responses that follow exposure"):
// what the kernel reads of them (KernelPlan.memoria; assembly/reception.ts). Each source (a media
// channel, or word of mouth) keeps a memory of its contacts, 1 each, halving every half-life of
// the source; the ladder aware -> absorve -> repassa follows the strongest source's memory m
// through the Hill effect m^n / (K^n + m^n) times the cell's ceiling for the source, and a person
// who rejects does so at the first exposure. The ceilings are the response model's shares
// (reception-profiles.ts) among those who do not reject: at a saturated memory a source gives the
// shares the first exposure's draw gave before v2.1.0. K, n and the half-lives are assumptions.
import { ABI } from '../../kernel/abi.js';
import type { KernelPlan } from '../../kernel/kernel-plan.js';
import type { Canal } from '../../contract/types.js';
import { contractError } from '../../errors.js';
import { MANIFESTS } from '../../release/manifests.js';
import type { ModelParameters } from '../../release/types.js';
import { BASE_CELLS, type ResponseCoefficients } from './reception-profiles.js';
import { decodeCell } from './reception-profiles.js';

/** The parameters of the response memory (docs/model.md): present in the defaults of a release from v2.1.0 on. */
const MEMORY_PARAMETERS = ['memoria_meia_saturacao', 'memoria_expoente', 'memoria_meia_vida_dias'] as const;

/** Whether a release's reception has responses that follow exposure (its parametros_recepcao carry the memory's parameters). */
export function usesResponseMemory(release: string): boolean {
  return MANIFESTS.find((m) => m.versao === release)?.parametros_recepcao.memoria_meia_saturacao !== undefined;
}

/**
 * A cell's share that does not reject, then its ceilings of absorve-or-repassa and of repassa by
 * media memory and by social memory: the multinomial logit of the response (reception-profiles.ts)
 * with the source's term, among those who do not reject; rejection takes the media source's share
 * whatever the first contact's source, so that reaching a person first never changes it.
 */
export function responseLadder(co: ResponseCoefficients, base: number): [number, number, number, number, number] {
  const { ag, esc, net } = decodeCell(base);
  const u = (k: ResponseCoefficients['absorve'], social: number) =>
    Math.exp(k.intercepto + k.social * social + k.escolaridade * esc + k.idade * ag + k.internet * net);
  const j = u(co.rejeita, 0);
  const ceilings = (social: number): [number, number] => {
    const a = u(co.absorve, social);
    const r = u(co.repassa, social);
    return [(a + r) / (1 + a + r), r / (1 + a + r)];
  };
  const a0 = u(co.absorve, 0);
  const r0 = u(co.repassa, 0);
  return [1 - j / (1 + a0 + r0 + j), ...ceilings(0), ...ceilings(1)];
}

/**
 * The kernel's response memory of a plan (KernelPlan.memoria), or undefined for a release before
 * v2.1.0, where overriding the memory's parameters is refused (they would change nothing).
 */
export function responseMemory(
  release: string, p: ModelParameters, co: ResponseCoefficients, canais: readonly Canal[], dias: number,
): KernelPlan['memoria'] {
  if (!usesResponseMemory(release)) {
    const given = MEMORY_PARAMETERS.find((k) => p[k] !== undefined);
    if (given) throw contractError('parameter_not_allowed', given, `${given} acts from release v2.1.0 on (responses that follow exposure); release ${release} draws one response at the first exposure`);
    return undefined;
  }
  const K = p.memoria_meia_saturacao!;
  const n = p.memoria_expoente!;
  const meiaVida = p.memoria_meia_vida_dias!;
  const M = ABI.MEMORY_CELL;
  const tabela = new Float32Array(memoryTableLength(canais.length, dias));
  for (let b = 0; b < BASE_CELLS; b++) tabela.set(responseLadder(co, b), b * M);
  canais.forEach((c, i) => {
    for (let g = 0; g <= dias; g++) tabela[BASE_CELLS * M + i * (dias + 1) + g] = 2 ** (-g / meiaVida[c]);
  });
  return { tabela, celulas: BASE_CELLS, log2K: Math.log2(K), invHill: 1 / n, social: 1 / meiaVida.social };
}

/** f32 entries of the kernel's P_MEMORY: each base cell's row, then each channel's decay over gaps 0..dias. */
export function memoryTableLength(nChannels: number, dias: number): number {
  return BASE_CELLS * ABI.MEMORY_CELL + nChannels * (dias + 1);
}
