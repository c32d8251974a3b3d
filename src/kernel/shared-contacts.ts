// A reception task's media contacts, channel by channel, kept for the other variants of its
// replica (src/plan/variants.ts): a variant changes one channel (sem_<c> turns it off,
// menos10_<c> scales it), and a pair's contacts depend on the pair's own draws, its channel's
// day factors and affinity only (assembly/reception.ts runContacts), so every other channel's
// contacts are the ones plano's task drew. With 4 channels a replica's 9 tasks drew 32 channels'
// contacts; kept, they draw 8. Used by KernelInstance.begin (./instance.ts) when the task's caller
// allows the memory (src/simulate.ts contactSharing).

/** One channel's contacts over an instance's persons: first contact day, first recalled day (0: none) and contacts (saturating at 255). */
export interface ChannelContacts {
  first: Uint16Array;
  recall: Uint16Array;
  freq: Uint8Array;
}

/** Bytes a kept channel takes per person (ChannelContacts). KEEP IN SYNC with ChannelContacts. */
export const SHARED_CONTACT_BYTES = 5;

export class SharedContacts {
  private task = '';
  private readonly channels = new Map<number, ChannelContacts>();
  /** Channels taken from here and drawn anew since the instance was made (tests and benches read them). */
  hits = 0;
  misses = 0;

  /** The channels kept for `task` (a plan over these persons and a replica's key); another task's are dropped. */
  of(task: string): Map<number, ChannelContacts> {
    if (task !== this.task) this.clear();
    this.task = task;
    return this.channels;
  }

  clear(): void {
    this.task = '';
    this.channels.clear();
  }
}
