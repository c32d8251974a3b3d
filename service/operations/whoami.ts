// The caller's project, organization, key prefix and scopes (GET /v1/whoami).
import type { Operation } from './operation.js';

export interface Identity {
  project_id: string;
  organization_id: string;
  key_prefix: string;
  scopes: string[];
}

export const whoami = {
  name: 'whoami',
  scope: 'results:read',
  input: {},
  async run(_ctx, p, _input) {
    return { project_id: p.projectId, organization_id: p.organizationId, key_prefix: p.keyPrefix, scopes: p.scopes };
  },
} satisfies Operation<Record<string, never>, Identity>;
