// The reception model's exposure margins of a release with exposure propensities (v2.0.0 on;
// `campaign-sim release margins`, src/plan/population-margins.ts): per reception cell and habit
// (TV household, macro-region: exposure-habits.ts), the share of persons reached at intensidade 1
// in the two windows of each medium the exposure case fitted (data/releases/<release>/
// caso-exposicao.json): open TV in a day and in a week (Kantar's meter), radio in a day and in 30
// days (Kantar's Inside Radio), out-of-home in a week (the street furniture's 7-day reach), and daily
// internet use (PNAD TIC, media-habits.ts). Model values, over the release's persons: the
// published figures they follow are the case's margens (`release margins` prints both).
import type { Canal } from '../../contract/types.js';
import { exposureCase } from '../../release/exposure-case-file.js';
import { MACRO_REGIOES } from '../../release/types.js';
import { exposureAffinity, HABITOS_EXPOSICAO } from './exposure-habits.js';
import { dailyUse } from './media-habits.js';
import { reachOverDays } from './plan-grp.js';
import { BASE_CELLS } from './reception-profiles.js';

/** The measures after internet, with each one's channel and window in days (internet_diaria: the habit model's daily use). */
export const MEDIDAS_EXPOSICAO = [
  { medida: 'tv_diaria', canal: 'tv', dias: 1 },
  { medida: 'tv_semanal', canal: 'tv', dias: 7 },
  { medida: 'radio_diaria', canal: 'radio', dias: 1 },
  { medida: 'radio_30_dias', canal: 'radio', dias: 30 },
  { medida: 'exterior_semanal', canal: 'exterior', dias: 7 },
  { medida: 'internet_diaria', canal: null, dias: 1 },
] as const satisfies ReadonlyArray<{ medida: string; canal: Canal | null; dias: number }>;

/** Per measure of MEDIDAS_EXPOSICAO, the model's share per reception cell and habit (index habit x BASE_CELLS + cell). */
export function exposureMarginTables(release: string): Float64Array[] {
  const caso = exposureCase(release);
  return MEDIDAS_EXPOSICAO.map(({ canal, dias }) => {
    const t = new Float64Array(HABITOS_EXPOSICAO * BASE_CELLS);
    for (let h = 0; h < HABITOS_EXPOSICAO; h++) {
      for (let b = 0; b < BASE_CELLS; b++) {
        t[h * BASE_CELLS + b] = canal === null ? dailyUse('internet', b) : reachOverDays(release, canal, exposureAffinity(caso, canal, b, h), dias);
      }
    }
    return t;
  });
}

/** A person's habit in these tables: the TV-household flag + 2 x the macro-region (MACRO_REGIOES index). */
export function exposureMarginHabit(tv: number, regiao: number): number {
  if (regiao < 0 || regiao >= MACRO_REGIOES.length) throw new RangeError(`macro-region ${regiao}`);
  return tv | (regiao << 1);
}
