// GET /v1/biblioteca: every template (without its scenario), the public cases, and the library's
// notice. The HTTP route, the MCP tool and `campaign-sim library list` all read this.
import type { Release } from '../src/release/types.js';
import { LIBRARY_AVISO, viewTemplate, type TemplateView } from './fill-template.js';
import { publicCases, type PublicCase } from './public-cases.js';
import { TEMPLATES } from './templates.js';

export interface Library {
  modelos: TemplateView[];
  casos: PublicCase[];
  aviso: string;
}

export function listLibrary(release: Release): Library {
  return { modelos: TEMPLATES.map((t) => viewTemplate(t, release)), casos: publicCases(release), aviso: LIBRARY_AVISO };
}
