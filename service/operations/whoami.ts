// The caller's project, organization, key prefix and scopes (GET /v1/whoami).
import type { Operation } from './operation.js';

export interface Identity {
  project_id: string;
  organization_id: string;
  key_prefix: string;
  scopes: string[];
}

export const whoami: Operation<Record<string, never>, Identity> = {
  scope: 'results:read',
  async run(_ctx, p) {
    return { project_id: p.projectId, organization_id: p.organizationId, key_prefix: p.keyPrefix, scopes: p.scopes };
  },
};
