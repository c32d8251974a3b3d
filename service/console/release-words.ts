// A release's notice and sources as the console and the playground say them: in Brazilian
// Portuguese, from where the English is written (src/release/release-notice.ts for the notice,
// data/releases/fontes.json's `pt` for each source), so the two cannot drift. The API keeps the
// English (the manifest's `aviso` and `fontes`, the findings' `aviso`): only the pages change.
// Plain data once made, so the playground's page gets it in its catalogue and reads no file.
import { listReleases, releaseManifest } from '../../src/release/release.js';
import { readSourceWordsPt, type SourceWords } from '../../src/release/fontes-file.js';
import { releaseNotice } from '../../src/release/release-notice.js';
import { RESULT_WORDS } from './result-words.js';

export interface ReleaseWords {
  /** The release's notice in Portuguese, in the page's words (RESULT_WORDS.daApi); null for a release no longer offered (its result's stored English is all there is). */
  aviso: string | null;
  /** Every credited source's credit and use in Portuguese, by id (a page picks the ones its result names). */
  fontes: Record<string, SourceWords>;
}

/** The sources file's Portuguese, read once (a job page asks for it on every view). */
let sources: ReleaseWords['fontes'] | undefined;

/** The release's words; a release no longer offered has no notice here, but its sources still credited keep theirs. */
export function releaseWords(release: string): ReleaseWords {
  sources ??= Object.fromEntries(readSourceWordsPt());
  return { aviso: listReleases().includes(release) ? RESULT_WORDS.daApi(releaseNotice(releaseManifest(release), 'pt')) : null, fontes: sources };
}
