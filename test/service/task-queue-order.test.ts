// The fleet takes a job's tasks in the order they were queued (service/execution/task-queue.ts
// orderedIds): replica by replica, so a worker thread meets a replica's variants one after
// another and keeps their media contacts. With random ids pg-boss gave them in random order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderedIds, openTaskQueue, type TaskData, type TaskQueue } from '../../service/execution/task-queue.js';
import { openTestStore } from './store/test-store.js';

describe('the order of a job\'s queued tasks', () => {
  let store: Awaited<ReturnType<typeof openTestStore>>;
  let queue: TaskQueue;
  beforeAll(async () => {
    store = await openTestStore('task_order');
    queue = await openTaskQueue(store, { pollSeconds: 1 });
  });
  afterAll(async () => {
    await queue?.stop(1000);
    await store?.drop();
  });

  it('ids sort as the tasks are numbered and are distinct across jobs', () => {
    const a = orderedIds(300);
    expect([...a].sort()).toEqual(a);
    expect(new Set([...a, ...orderedIds(300)]).size).toBe(600);
    expect(a[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('a worker taking one task at a time gets them in the order queued', async () => {
    const tasks: TaskData[] = Array.from({ length: 24 }, (_, t) => ({ job_id: 'ordem', tarefa: t, variante: t % 8, replica: Math.floor(t / 8) }));
    await queue.enqueue(tasks, 600);
    const got: number[] = [];
    await new Promise<void>((resolve) => {
      void queue.work(1, async (task) => {
        got.push(task.tarefa);
        if (got.length === tasks.length) resolve();
      });
    });
    expect(got).toEqual(tasks.map((t) => t.tarefa));
  });
});
