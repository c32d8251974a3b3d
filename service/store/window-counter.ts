// A window counter of the rate limits (service/accounts/rate-limit.ts): sliding windows of whole seconds,
// checked and counted atomically. Three stores implement it: memory (rate-limit-memory.ts),
// PostgreSQL (rate-limit-postgres.ts) and Redis (rate-limit-redis.ts).

/** One sliding window: `limit` calls in the last `seconds` for the bucket `key`. */
export interface WindowSpec {
  key: string;
  limit: number;
  seconds: number;
}

/** A (second, calls) pair of a window's counts. */
export type SecondCount = [second: number, calls: number];

export interface WindowState {
  /** Calls in the window, including the new one when admitted. */
  count: number;
  /** Oldest second with a call in the window (null when empty). */
  oldest: number | null;
}

export type TakeResult =
  | { admitted: true; windows: WindowState[] }
  /** `refused[i]` holds the counts of window i when it was over its limit (undefined when it had room). */
  | { admitted: false; refused: Array<SecondCount[] | undefined> };

/**
 * Atomically: if every window has room (count < limit), counts one call in all of them;
 * otherwise counts nothing and returns the per-second counts of the full windows.
 */
export interface WindowCounter {
  take(windows: WindowSpec[], nowMs: number): Promise<TakeResult>;
  /**
   * Takes `stages` in turn, each as `take`, until one is refused: the results of the stages
   * taken (the last one refused, or all admitted). The same as one take after another; the
   * PostgreSQL counter makes it one round trip (a call's burst check and its hourly count).
   */
  takeInTurn(stages: WindowSpec[][], nowMs: number): Promise<TakeResult[]>;
  /**
   * Counts `calls` more calls at `nowMs` in every window, whatever their counts (the extra weight of a
   * heavy read, counted after it was admitted): a window may pass its limit, and then refuses
   * takes until it falls back under. A negative `calls` at the time of an earlier take gives that
   * take back (a sign-in whose password was right).
   */
  add(windows: WindowSpec[], calls: number, nowMs: number): Promise<void>;
  /** Throws, with a message for the operator, when the counters cannot be reached (checked at start). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** A call counted in second s stays in a window of W seconds until second s + W + 1 begins. */
export function windowStart(nowMs: number, seconds: number): number {
  return Math.floor(nowMs / 1000) - seconds;
}

/** takeInTurn as one take after another (the memory and Redis counters: a take there is no round trip worth saving, or one script each). */
export async function takeOneAfterAnother(counter: Pick<WindowCounter, 'take'>, stages: WindowSpec[][], nowMs: number): Promise<TakeResult[]> {
  const out: TakeResult[] = [];
  for (const windows of stages) {
    const r = await counter.take(windows, nowMs);
    out.push(r);
    if (!r.admitted) break;
  }
  return out;
}
