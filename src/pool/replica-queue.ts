// The order in which a job's lanes (its tasks in flight, src/simulate.ts) take its (replica,
// variant) tasks: a lane stays on one replica while it has variants left, so the pool thread it
// runs on meets a replica's variants one after another and keeps their channels' contacts
// (src/kernel/shared-contacts.ts); a lane whose replica is done takes a replica no lane has
// started, else helps the one with the most variants left, so no thread idles while tasks are
// left. Any order gives the same results.

export interface QueuedTask {
  replica: number;
  variante: number;
}

export class ReplicaQueue {
  /** The variants not yet taken, by replica, in plan order. */
  private readonly left: number[][];
  private readonly started: boolean[];

  constructor(replicas: number, variants: number) {
    this.left = Array.from({ length: replicas }, () => Array.from({ length: variants }, (_, v) => v));
    this.started = new Array<boolean>(replicas).fill(false);
  }

  /** The next task of a lane whose last task was of replica `last` (-1: none yet); null when every task is taken. */
  next(last: number): QueuedTask | null {
    let r = last >= 0 && this.left[last].length > 0 ? last : this.started.indexOf(false);
    if (r < 0) {
      // every replica started: the one with the most variants left (the first of equals)
      r = this.left.reduce((best, l, k) => (l.length > this.left[best].length ? k : best), 0);
      if (this.left[r].length === 0) return null;
    }
    this.started[r] = true;
    return { replica: r, variante: this.left[r].shift()! };
  }
}
