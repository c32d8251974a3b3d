// The trail at the top of a page inside an organization (views/layout.eta): Início › organização ›
// projeto › jobs › job. The last crumb is the page itself (aria-current, no link).
import { getOrganization, type Project } from '../accounts/accounts.js';
import type { Store } from '../store/open-store.js';
import { CONSOLE_PATH } from './console-kit.js';

export interface Crumb {
  rotulo: string;
  href: string;
}

export function organizationCrumb(org: { id: string; nome: string }): Crumb {
  return { rotulo: org.nome, href: `${CONSOLE_PATH}/organizacoes/${org.id}` };
}

/** The trail of a project's page, then `more` (the jobs, a job). */
export async function projectTrail(store: Store, project: Project, ...more: Crumb[]): Promise<Crumb[]> {
  const org = await getOrganization(store, project.organization_id);
  return [organizationCrumb(org), { rotulo: project.nome, href: `${CONSOLE_PATH}/projetos/${project.id}` }, ...more];
}
