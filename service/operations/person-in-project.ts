// A signed-in person inside a project on the console: the project (404 when unknown or deleted,
// as for a non-member: no probing), the person's role in its organization, which must allow
// `action` (the role table, accounts/roles.ts), and the principal the read operations take, so
// the console's job pages read jobs and findings through the same operations as the API.
// The principal is the person's, not a key's: results:read (every member may read), keyPrefix
// 'console'. It is never admitted (admit-call.ts): a person's pages are not counted API calls.
import { ServiceError } from '../../src/errors.js';
import { getProject, type MemberRole, type Project } from '../accounts/accounts.js';
import { requireRole, type ConsoleAction } from '../accounts/roles.js';
import type { Store } from '../store/open-store.js';
import { foundOrNull } from './found-or-null.js';
import type { Principal } from './operation.js';

export interface PersonInProject {
  project: Project;
  papel: MemberRole;
  principal: Principal;
}

export async function personInProject(store: Store, email: string, projectId: string, action: ConsoleAction = 'ver'): Promise<PersonInProject> {
  const project = await foundOrNull(getProject(store, projectId));
  if (!project || project.excluido_em) throw new ServiceError('not_found', 'página não encontrada');
  const papel = await requireRole(store, email, project.organization_id, action);
  return {
    project, papel,
    principal: { keyId: `console:${email}`, projectId: project.id, organizationId: project.organization_id, keyPrefix: 'console', scopes: ['results:read'] },
  };
}
