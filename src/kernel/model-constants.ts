// Fixed structural constants of the model (docs/model.md): not calibrated, stated here once.

/** Age groups of the principal grid and of the digital layer: 0-9, 10-19, ..., 50-59, 60+. */
export const AGE_GROUPS = 7;
/** Age group of a 5-year band 0..16. */
export function ageGroupOf(age5: number): number {
  return age5 >= 12 ? 6 : age5 >> 1;
}
/** vizinhanca: weight of a member of an adjacent tract against one of the own tract. */
export const SPILL_ADJACENT = 0.25;
/** digital: weight of the own age group's share against the whole UF's (age homophily). */
export const DIGITAL_HOMOPHILY = 0.7;
/** Days a person who answered repassa keeps passing the message on. */
export const SPREADING_DAYS = 7;
