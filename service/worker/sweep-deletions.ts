// The sweep of what people deleted (accounts/deletion.ts, spec "Deletion"), which the worker's
// sweeper runs: a project or organization deleted or closed more than 7 days ago is erased for
// good: the jobs' data (requests, results; only each job's record with its hashes stays), keys,
// the webhook with its deliveries, the opened city diagnoses, the connected agents with their
// authorizations (an agent stops at once, as keys do: oauth/agent-connections.ts checks the
// project at each use), and for an organization its members and invitations too. The credit
// statement stays. It reaches into jobs and agents, so it sits above them, here. SQL in
// store/queries/deletion.ts.
import { undoCutoff } from '../accounts/deletion.js';
import type { JobState } from '../jobs/job-row.js';
import { cancelJob, eraseJob } from '../jobs/jobs.js';
import { eraseAgentConnections } from '../oauth/agent-connections.js';
import type { Store } from '../store/open-store.js';
import { DELETION_SQL } from '../store/queries/deletion.js';

/** Erases one project; false when a job of it is still running (the next sweep finishes it). */
async function eraseProject(store: Store, projectId: string, now: Date): Promise<boolean> {
  const jobs = (await store.query<{ id: string; estado: JobState; apagado_em: Date | null }>(DELETION_SQL.jobsOf, [projectId])).rows;
  let running = false;
  for (const j of jobs) {
    if (j.estado === 'reservado') await cancelJob(store, projectId, j.id);
    if (j.estado === 'em_execucao') { running = true; continue; }
    if (j.apagado_em === null) await eraseJob(store, projectId, j.id, now);
  }
  await store.query(DELETION_SQL.deleteKeys, [projectId]);
  await store.query(DELETION_SQL.deleteWebhook, [projectId]);
  await store.query(DELETION_SQL.deleteDiagnoses, [projectId]);
  await eraseAgentConnections(store, projectId);
  store.cache?.clear('key');
  if (running) return false;
  await store.query(DELETION_SQL.markProjectErased, [projectId, now]);
  return true;
}

/** The sweep (worker): erases what was deleted or closed more than 7 days ago. Returns how many projects and organizations it finished. */
export async function sweepDeletions(store: Store, now: Date = store.clock.now()): Promise<{ projetos: number; organizacoes: number }> {
  const cutoff = undoCutoff(now);
  let projetos = 0, organizacoes = 0;
  for (const { id } of (await store.query<{ id: string }>(DELETION_SQL.dueProjects, [cutoff])).rows) {
    if (await eraseProject(store, id, now)) projetos++;
  }
  for (const { id } of (await store.query<{ id: string }>(DELETION_SQL.dueOrganizations, [cutoff])).rows) {
    if ((await store.query<{ n: number }>(DELETION_SQL.organizationProjectsLeft, [id])).rows[0].n > 0) continue;
    await store.query(DELETION_SQL.deleteMembers, [id]);
    await store.query(DELETION_SQL.deleteInvitations, [id]);
    await store.query(DELETION_SQL.markOrganizationErased, [id, now]);
    organizacoes++;
  }
  return { projetos, organizacoes };
}
