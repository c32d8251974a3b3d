// The thread that builds the heavy reads' answers (heavy-read.ts): a read of public data whose
// answer is not kept yet runs here, beside the API's event loop: building São Paulo's tract
// names (grid, names, 7 MB of JSON, gzip) took about a second of the event loop, the first time
// for each municipality. The answer comes back as gzip bytes (under 200 KB for the largest) with
// the size of its JSON; a refusal as the plain ServiceError (src/errors.ts), anything else as its stack.
// Loaded from dist/ (tsc output) by Piscina, like the job and kernel threads. The thread loads
// the data it reads on its own (the release's tracts, the context files).
import { gzipSync } from 'node:zlib';
import { ServiceError, type PlainError } from '../../src/errors.js';
import { diagnosisAt } from '../operations/get-city-diagnosis.js';
import {
  getHealthUnits, getMunicipalityProfile, getMunicipalityRainfall, getMunicipalityTracts, getTractGeometry, getTractNames,
} from '../operations/get-municipality-context.js';

/** What to build: a read and its input (the route's, after its format check). */
export type AnswerTask =
  | { read: 'perfil' | 'nomes' | 'chuva' | 'saude' | 'geometria'; codigo: string }
  | { read: 'setores'; codigo: string; limite: number; offset: number }
  | { read: 'diagnostico'; codigo: string; variavel?: string; release: string };

export type AnswerReply =
  | { ok: true; gzip: Uint8Array; bytes: number }
  | { ok: false; refusal: PlainError }
  | { ok: false; failure: string };

async function readAnswer(task: AnswerTask): Promise<unknown> {
  switch (task.read) {
    case 'perfil': return getMunicipalityProfile.answer(task);
    case 'nomes': return getTractNames.answer(task);
    case 'chuva': return getMunicipalityRainfall.answer(task);
    case 'saude': return getHealthUnits.answer(task);
    // the GeoJSON alone (the library's own gzip is the same document's)
    case 'geometria': return (await getTractGeometry.answer(task)).geojson;
    case 'setores': return getMunicipalityTracts.answer(task);
    case 'diagnostico': return diagnosisAt(task, task.release);
  }
}

/** Piscina's task: the answer's gzip bytes and JSON size, or why there is none. */
export default async function buildAnswer(task: AnswerTask): Promise<AnswerReply> {
  try {
    const json = Buffer.from(JSON.stringify(await readAnswer(task)));
    return { ok: true, gzip: gzipSync(json), bytes: json.length };
  } catch (err) {
    if (err instanceof ServiceError) return { ok: false, refusal: err.toPlain() };
    return { ok: false, failure: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}
