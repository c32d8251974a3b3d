// The library (spec "Library": any key may read; free, but counted like any call): the templates
// and public cases of the newest release (GET /v1/biblioteca), and one template with its place
// filled in (GET /v1/biblioteca/{modelo}). The content is library/'s; the date a filled
// template starts from is the service's clock.
import { fillTemplate, type FilledTemplate, type TemplatePlace } from '../../library/fill-template.js';
import { listLibrary, type Library } from '../../library/list-library.js';
import { openRelease } from '../../src/release/release.js';
import type { Operation } from './operation.js';

export const getLibrary: Operation<Record<string, never>, Library> = {
  scope: null,
  async run() {
    return listLibrary(openRelease());
  },
};

export const getLibraryTemplate: Operation<TemplatePlace & { modelo: string }, FilledTemplate> = {
  scope: null,
  async run(ctx, _principal, { modelo, ...place }) {
    return fillTemplate(modelo, place, openRelease(), ctx.clock.now());
  },
};
