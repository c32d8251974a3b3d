// A release's fitted Pix parameters: data/releases/<version>/caso-pix.json, the Pix public case
// that the fit writes (calibration/pix/, npm run bench:pix). The manifest takes parametros_pix and
// the verdict that labels them from it; a release without the file keeps hand-set parameters,
// labelled nao_calibrado. Keep the fields read here in sync with calibration/pix/pix-case.ts.
import { existsSync, readFileSync } from 'node:fs';
import { projectPath } from '../project-path.js';
import type { CalibracaoPix, ModelParameters } from './types.js';

export function pixCasePath(release: string): string {
  return projectPath('data', 'releases', release, 'caso-pix.json');
}

/** The release's Pix case document as stored, or null when the release has no Pix fit. */
export function readPixCaseDocument(release: string): unknown {
  const p = pixCasePath(release);
  return existsSync(p) ? JSON.parse(readFileSync(p, 'utf8')) : null;
}

/** The fitted parameters and their provenance, or null when the release has no Pix fit. */
export function readPixFit(release: string): { parametros: ModelParameters; calibracao: CalibracaoPix } | null {
  const c = readPixCaseDocument(release) as {
    ajuste: { parametros: ModelParameters; busca: { metodo: string } };
    agregados: { veredito: 'aprovada' | 'reprovada' };
  } | null;
  if (c === null) return null;
  return {
    parametros: c.ajuste.parametros,
    calibracao: { caso: 'pix', release, metodo: c.ajuste.busca.metodo, veredito: c.agregados.veredito },
  };
}
