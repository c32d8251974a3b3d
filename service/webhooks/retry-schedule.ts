// When a failed delivery is tried again (spec "Events", delivery rule 2): after 1 minute,
// 5 minutes, 30 minutes, 2 hours and 12 hours; the sixth failure abandons it.

export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When the next attempt is due after the `attempt`-th one (1-based) failed at `failedAt`; null: abandoned. */
export function nextAttemptAt(attempt: number, failedAt: Date): Date | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + RETRY_DELAYS_MS[attempt - 1]);
}
