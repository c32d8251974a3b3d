// The lanes' order of a job's tasks (src/pool/replica-queue.ts): each task once, a lane kept on
// its replica while it has variants left, then an unstarted replica, then the busiest one.
import { describe, expect, it } from 'vitest';
import { ReplicaQueue, type QueuedTask } from '../../../src/pool/replica-queue.js';

/** Takes every task with `lanes` lanes asking in turn; returns each lane's tasks. */
function drain(replicas: number, variants: number, lanes: number): QueuedTask[][] {
  const q = new ReplicaQueue(replicas, variants);
  const got: QueuedTask[][] = Array.from({ length: lanes }, () => []);
  const last = new Array<number>(lanes).fill(-1);
  for (let done = false; !done;) {
    done = true;
    for (let l = 0; l < lanes; l++) {
      const t = q.next(last[l]);
      if (!t) continue;
      done = false;
      got[l].push(t);
      last[l] = t.replica;
    }
  }
  return got;
}

describe('the order of a job\'s tasks', () => {
  it('gives every task once, whatever the lanes', () => {
    for (const [r, v, lanes] of [[5, 9, 2], [1, 9, 2], [3, 1, 2], [2, 3, 8], [4, 9, 3]]) {
      const all = drain(r, v, lanes).flat().map((t) => `${t.replica}:${t.variante}`).sort();
      const want = Array.from({ length: r * v }, (_, k) => `${Math.floor(k / v)}:${k % v}`).sort();
      expect(all).toEqual(want);
    }
  });

  it('keeps a lane on its replica, plano first, then starts another, then helps the one with the most left', () => {
    const [a, b] = drain(3, 4, 2);
    expect(a.slice(0, 4)).toEqual([0, 1, 2, 3].map((v) => ({ replica: 0, variante: v })));
    expect(b.slice(0, 4)).toEqual([0, 1, 2, 3].map((v) => ({ replica: 1, variante: v })));
    // replica 2 started by lane a; lane b, its replica done and none unstarted, helps with it
    expect(a.slice(4)).toEqual([{ replica: 2, variante: 0 }, { replica: 2, variante: 2 }]);
    expect(b.slice(4)).toEqual([{ replica: 2, variante: 1 }, { replica: 2, variante: 3 }]);
  });
});
