// Fixed structural constants of the model (docs/model.md): not calibrated, stated here once.

/** vizinhanca: weight of a member of an adjacent tract against one of the own tract. */
export const SPILL_ADJACENT = 0.25;
/** digital: weight of the own age group's share against the whole UF's (age homophily). */
export const DIGITAL_HOMOPHILY = 0.7;
/** Days a person who answered repassa keeps passing the message on. */
export const SPREADING_DAYS = 7;
