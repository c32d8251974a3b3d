// The library (spec "Library": any key may read; free, but counted like any call): the templates
// and public cases of the newest release (GET /v1/biblioteca), and one template with its place
// filled in (GET /v1/biblioteca/{modelo}). The content is library/'s; the date a filled
// template starts from is the service's clock.
import { fillTemplate, type FilledTemplate, type TemplatePlace } from '../../library/fill-template.js';
import { listLibrary, type Library } from '../../library/list-library.js';
import { openRelease } from '../../src/release/release.js';
import type { Operation } from './operation.js';

const STRINGS = { type: 'array', items: { type: 'string' } } as const;

const TEMPLATE_PARAMS = { type: 'object', required: ['modelo'], properties: { modelo: { type: 'string', maxLength: 64 } } } as const;

const PLACE_QUERY = {
  type: 'object',
  properties: {
    uf: { ...STRINGS, maxItems: 27, description: '2-letter UF codes; default the UFs of the given municipalities' },
    municipio: { ...STRINGS, maxItems: 5570, description: '7-digit IBGE municipality codes' },
  },
} as const;

export const getLibrary = {
  name: 'get_library',
  scope: null,
  input: {},
  async run(_ctx, _principal, _input) {
    return listLibrary(openRelease());
  },
} satisfies Operation<Record<string, never>, Library>;

export const getLibraryTemplate = {
  name: 'get_library_template',
  scope: null,
  input: { params: TEMPLATE_PARAMS, querystring: PLACE_QUERY },
  async run(ctx, _principal, { modelo, ...place }) {
    return fillTemplate(modelo, place, openRelease(), ctx.clock.now());
  },
} satisfies Operation<TemplatePlace & { modelo: string }, FilledTemplate>;
