// SQL of the tasks of a job spread over workers (service/execution/task-worker.ts writes a task's row,
// service/execution/job-tasks.ts, the job's owner, reads and deletes them). A row is written only
// while its job is running, and a task's counts once: a task retried after its worker was
// presumed dead may finish twice, and the first counts stay (both are the same bits).
export const TASK_SQL = {
  // Wakes the listeners of a channel (task-queue.ts): the queue's (tasks enqueued), or a job's (a task stored).
  notify: `SELECT pg_notify($1, $2)`,
  // The tasks among $2 that will not run again (retries spent, or cancelled), in pg-boss 10's own
  // tables (its getJobById reads one task a query; the owner asks about every outstanding task).
  endedWithout: (queueSchema: string) => `SELECT id::text AS id, state::text AS state, output FROM "${queueSchema}".job
      WHERE name = $1 AND id = ANY($2::uuid[]) AND state IN ('failed', 'cancelled')
    UNION ALL SELECT id::text, state::text, output FROM "${queueSchema}".archive
      WHERE name = $1 AND id = ANY($2::uuid[]) AND state IN ('failed', 'cancelled')`,
  // Held while a process installs the task queue's schema and creates its queue (task-queue.ts).
  lockSetUp: `SELECT pg_advisory_xact_lock(hashtext('campaign-sim.tasks'), hashtext($1::text))`,
  // What a worker needs to run a task of the job; null estado when the job is gone.
  jobOfTask: `SELECT estado, project_id, pedido FROM jobs WHERE id = $1`,
  // A task starts (or restarts elsewhere): its worker and no days yet, unless its counts are in.
  start: `INSERT INTO job_tasks (job_id, tarefa, worker_id, dias, atualizado_em)
    SELECT $1, $2, $3, 0, $4 WHERE EXISTS (SELECT 1 FROM jobs WHERE id = $1 AND estado = 'em_execucao')
    ON CONFLICT (job_id, tarefa) DO UPDATE SET worker_id = EXCLUDED.worker_id, dias = 0, atualizado_em = EXCLUDED.atualizado_em
      WHERE job_tasks.dados IS NULL
    RETURNING tarefa`,
  // Days done by the task's worker; answers whether the job still runs (false: stop the task).
  progress: `UPDATE job_tasks t SET dias = $4, atualizado_em = $5 FROM jobs j
    WHERE t.job_id = $1 AND t.tarefa = $2 AND t.worker_id = $3 AND t.dados IS NULL AND j.id = t.job_id
    RETURNING j.estado = 'em_execucao' AS running`,
  finish: `INSERT INTO job_tasks (job_id, tarefa, worker_id, dias, dados, segundos, atualizado_em)
    SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM jobs WHERE id = $1 AND estado = 'em_execucao')
    ON CONFLICT (job_id, tarefa) DO UPDATE SET worker_id = EXCLUDED.worker_id, dias = EXCLUDED.dias,
      dados = EXCLUDED.dados, segundos = EXCLUDED.segundos, atualizado_em = EXCLUDED.atualizado_em
      WHERE job_tasks.dados IS NULL`,
  // The job's progress: days done over its tasks (a finished task counts all its days).
  daysOfJob: `SELECT COALESCE(sum(dias), 0)::bigint AS dias FROM job_tasks WHERE job_id = $1`,
  // Counts of finished tasks the owner has not read yet, marked read.
  results: `UPDATE job_tasks SET lido = true WHERE job_id = $1 AND dados IS NOT NULL AND NOT lido
    RETURNING tarefa, worker_id, dados`,
  deleteOfJob: `DELETE FROM job_tasks WHERE job_id = $1`,
  // Rows of jobs that ended without their owner deleting them (the owner died).
  deleteOfEndedJobs: `DELETE FROM job_tasks t USING jobs j WHERE j.id = t.job_id AND j.estado <> 'em_execucao'`,
} as const;
