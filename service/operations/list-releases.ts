// The offered releases, oldest first (tool list_releases): which release and UFs a scenario may
// name; a release or UF outside them is 422 release_unavailable.
import { releaseSummaries, type ReleaseSummary } from '../../src/release/release.js';
import type { Operation } from './operation.js';

export const listReleases = {
  name: 'list_releases',
  scope: 'results:read',
  input: {},
  async run(_ctx, _principal, _input) {
    return { releases: releaseSummaries() };
  },
} satisfies Operation<Record<string, never>, { releases: ReleaseSummary[] }>;
