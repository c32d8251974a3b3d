// Linear identities between the reception measures, which the kernel keeps exactly (checked on
// real runs): everyone reached responds once (alcance = ignora + absorve + repassa + rejeita) and
// reach is social or measured media exposure (alcance + exposta_midia_ambas = exposta_social +
// exposta_midia_medida). Each is a margin: one hidden measure among published others would be
// recoverable.
import type { Medida } from '../../contract/types.js';

/** The index sets over `medidas` of the identities whose measures all appear. */
export function measureIdentities(medidas: readonly Medida[]): number[][] {
  const sets: Medida[][] = [
    ['alcance', 'ignora', 'absorve', 'repassa', 'rejeita'],
    ['alcance', 'exposta_midia_ambas', 'exposta_social', 'exposta_midia_medida'],
  ];
  return sets.filter((s) => s.every((m) => medidas.includes(m))).map((s) => s.map((m) => medidas.indexOf(m)));
}
