// Long loops over a request's data (a calibration series of up to 150,000 rows) written once, as
// generators that yield between pieces of work: the library runs them to the end at once
// (finishSteps); the service runs them a few milliseconds at a time with other requests served
// between (finishStepsInTurns), so that one large request does not stall everyone else's.

/** Work that yields (nothing) between its pieces and returns a T. */
export type Steps<T> = Generator<void, T, void>;

/** Rows a loop handles between two yields: small enough that a piece takes well under a millisecond. */
export const ROWS_PER_STEP = 2048;

/** Runs `steps` to the end in one go. */
export function finishSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** How long the steps run before other work is let in (parse-json-in-slices.ts pauses as often). */
export const STEPS_PAUSE_AFTER_MS = 4;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `steps` to the end, stepping aside for other work each time it has run `pauseAfterMs`. */
export async function finishStepsInTurns<T>(steps: Steps<T>, pauseAfterMs = STEPS_PAUSE_AFTER_MS): Promise<T> {
  let since = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - since >= pauseAfterMs) {
      await nextTurn();
      since = performance.now();
    }
  }
}
