// A reception task's media contacts, channel by channel, kept for the other variants of its
// replica (src/plan/variants.ts): a variant changes one channel (sem_<c> turns it off,
// menos10_<c> scales it), and a pair's contacts depend on the pair's own draws, its channel's
// day factors and affinity only (assembly/reception.ts runContacts), so every other channel's
// contacts are the ones plano's task drew. With 4 channels a replica's 9 tasks drew 32 channels'
// contacts; kept, they draw 8. Used by reception's kernel (src/models/recepcao/reception-kernel.ts) when the task's caller
// allows the memory (src/simulate.ts shareContacts).

/**
 * One channel's contacts over an instance's persons: first contact day, first recalled day (0:
 * none) and contacts (saturating at 255); from v2.1.0 the days its memory moved the response to
 * absorve and to repassa.
 */
export interface ChannelContacts {
  first: Uint16Array;
  recall: Uint16Array;
  freq: Uint8Array;
  absorve?: Uint16Array;
  repassa?: Uint16Array;
}

/** Bytes a kept channel takes per person (ChannelContacts), and the absorve and repassa days' more from v2.1.0. KEEP IN SYNC with ChannelContacts. */
export const SHARED_CONTACT_BYTES = 5;
export const SHARED_MEMORY_BYTES = 4;

export class SharedContacts {
  private task = '';
  private readonly kept = new Map<number, ChannelContacts>();
  /** Channels taken from here and drawn anew since the instance was made (tests and benches read them). */
  hits = 0;
  misses = 0;

  /** Starts the lookups of `task` (a plan over these persons and a replica's key): another task's channels are dropped. */
  open(task: string): void {
    if (task === this.task) return;
    this.kept.clear();
    this.task = task;
  }

  /** Channel c of the open task, if kept. */
  get(c: number): ChannelContacts | undefined {
    return this.kept.get(c);
  }

  /**
   * Keeps a copy of channel c's arrays for the open task. (Reusing the dropped task's arrays
   * instead of new ones, to spare fresh memory's first touch, moved a PA job by nothing measurable.)
   */
  keep(c: number, had: ChannelContacts): void {
    this.kept.set(c, {
      first: had.first.slice(), recall: had.recall.slice(), freq: had.freq.slice(),
      ...(had.absorve && had.repassa ? { absorve: had.absorve.slice(), repassa: had.repassa.slice() } : {}),
    });
  }

  /** Drops every channel (a task that keeps none). */
  clear(): void {
    this.task = '';
    this.kept.clear();
  }
}
