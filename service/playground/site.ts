// The playground (docs/browser.md): a static site that runs the engine in the visitor's browser,
// served by `serve` at /playground (service/playground/playground-routes.ts) and written by
// `campaign-sim playground --out DIR`, the same files both ways:
//   index.html, playground.css     the page (Portuguese; static/, index.eta with the console's scenario
//                                  form, views/campos-cenario.eta, rendered in)
//   *.js                           dist/browser/: campaign-sim/browser, its kernel thread, the page's script
//   kernel.wasm                    build/kernel.wasm
//   catalogo.json                  the release with its notice and sources in Portuguese, its small UFs, and
//                                  the library's templates filled for each
//   mapa/<UF>.json                 the UF's municipal boundaries (data/br/geometria, IBGE)
//   dados/<release>/<UF>.json      the package's files a run of the UF reads (src/browser/site-files.ts)
//   dados/<release>/populacao-<UF>.bin  the UF's population file, with its SHA-256 in the .json
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { Eta } from 'eta';
import { fillTemplate } from '../../library/fill-template.js';
import { formState } from '../console/form-state.js';
import { LABELS } from '../console/labels.js';
import { releaseWords } from '../console/release-words.js';
import { formOfScenario } from '../console/scenario-form.js';
import { offersChannels, offersGrp } from '../console/scenario-of-form.js';
import { TEMPLATES } from '../../library/templates.js';
import type { UfData } from '../../src/browser/site-files.js';
import { KERNEL_FILE, ufDataFile, ufPopulationFile } from '../../src/browser/site-files.js';
import { CANAIS } from '../../src/contract/scenario-schema.js';
import type { Scenario } from '../../src/contract/types.js';
import { ufInfo } from '../../src/release/data-files.js';
import { projectPath } from '../../src/project-path.js';
import { populationFilePath } from '../../src/population/population-store.js';
import { newestRelease, openRelease } from '../../src/release/release.js';
import type { Release, UfCode } from '../../src/release/types.js';

/** The UFs a phone browser holds (populations of 0.6 to 1.6 million persons, 6 to 16 MB files). */
export const PLAYGROUND_UFS: readonly UfCode[] = ['RR', 'AP', 'AC', 'TO', 'RO'];

export interface SiteFile {
  body: string | Uint8Array;
  type: string;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8', wasm: 'application/wasm', bin: 'application/octet-stream',
};
const typeOf = (path: string) => TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export interface Playground {
  readonly release: string;
  /** Every file of the site, by path from its root. */
  paths(): string[];
  /** A file of the site; undefined when it has none of that path. */
  file(path: string): Promise<SiteFile | undefined>;
}

/** A template as the page offers it: its words and its scenario filled for each UF (the scenario alone, without the template's questions). */
interface CatalogTemplate {
  id: string;
  nome: string;
  setor: string;
  para_que_serve: string;
  premissas: string[];
  familia: string;
  /** Whether the scenario form offers channels (scenario-of-form.ts offersChannels; the page shows or hides them). */
  canais: boolean;
  cenarios: Partial<Record<UfCode, Scenario>>;
}

function catalog(rel: Release, hoje: Date) {
  const nomes = ufInfo();
  const modelos: CatalogTemplate[] = TEMPLATES.map((t) => {
    const cenarios: CatalogTemplate['cenarios'] = {};
    let premissas: string[] = [];
    for (const uf of PLAYGROUND_UFS) {
      const filled = fillTemplate(t.id, { uf: [uf] }, rel, hoje);
      premissas = filled.premissas;
      const { contrato_de_resposta: _, ...cenario } = filled.pedido!;
      cenarios[uf] = cenario as Scenario;
    }
    return { id: t.id, nome: t.nome, setor: t.setor, para_que_serve: t.para_que_serve, premissas, familia: t.cenario.familia,
      canais: offersChannels(cenarios[PLAYGROUND_UFS[0]]!), cenarios };
  });
  // the release's notice and sources in Portuguese (the page's words; the run's findings carry the API's English)
  const { aviso, fontes } = releaseWords(rel.version);
  return { release: rel.version, aviso, fontes, ufs: PLAYGROUND_UFS.map((uf) => ({ uf, nome: nomes.get(uf)!.nome })), modelos };
}

type Catalog = ReturnType<typeof catalog>;

/**
 * The page: static/index.eta with the console's scenario form (views/campos-cenario.eta), filled
 * with the first template over the first UF (page.js fills it again as the visitor picks).
 */
function indexPage(c: Catalog): string {
  const first = c.modelos[0], uf = c.ufs[0].uf, base = first.cenarios[uf]!;
  const eta = new Eta({ views: projectPath('service', 'console', 'views') });
  return eta.renderString(readFileSync(projectPath('service/playground/static/index.eta'), 'utf8'), {
    valores: formOfScenario(first.id, base, uf, []), canais: CANAIS, rotuloCanal: LABELS.canal, form: formState(null),
    temCanais: first.canais, temGrp: c.modelos.some((m) => Object.values(m.cenarios).some((s) => offersGrp(s))),
  });
}

/** The scenarios a UF's reads are recorded with: one template of each family, one replica, one week. */
function recordingScenarios(rel: Release, uf: UfCode, hoje: Date): Scenario[] {
  const families = new Map<string, Scenario>();
  for (const t of TEMPLATES) {
    if (families.has(t.cenario.familia)) continue;
    const { contrato_de_resposta: _, ...s } = fillTemplate(t.id, { uf: [uf] }, rel, hoje).pedido!;
    const canais = s.canais?.map((c) => ({ ...c, dia_inicio: 1, dia_fim: 7 }));
    families.set(t.cenario.familia, { ...s, ...(canais ? { canais } : {}), horizonte: { ...s.horizonte, dias: 7 }, replicas: 1 } as Scenario);
  }
  return [...families.values()];
}

/** The package's files a run of the scenarios reads, recorded in a fresh thread (service/playground/record-reads.ts). */
function recordReads(scenarios: Scenario[]): Promise<Record<string, string | null>> {
  return new Promise((resolve, reject) => {
    const w = new Worker(projectPath('dist/service/playground/record-reads.js'), { workerData: { scenarios } });
    w.once('message', resolve);
    w.once('error', reject);
    w.once('exit', (code) => { if (code !== 0) reject(new Error(`campaign-sim: recording the playground's files stopped (${code})`)); });
  });
}

/** The playground of a release (default the newest); its files are made on first use and kept. */
export function playground(release: string = newestRelease(), hoje: Date = new Date()): Playground {
  const rel = openRelease(release);
  const made = new Map<string, Promise<SiteFile>>();
  let madeCatalog: Catalog | undefined;
  const catalogOf = () => (madeCatalog ??= catalog(rel, hoje));
  const bundles = readdirSync(projectPath('dist', 'browser')).filter((f) => f.endsWith('.js'));
  const makers = new Map<string, () => Promise<SiteFile> | SiteFile>([
    ['index.html', () => ({ body: indexPage(catalogOf()), type: TYPES.html })],
    ['playground.css', () => ({ body: readFileSync(projectPath('service/playground/static/playground.css'), 'utf8'), type: TYPES.css })],
    [KERNEL_FILE, () => ({ body: readFileSync(projectPath('build/kernel.wasm')), type: TYPES.wasm })],
    ['catalogo.json', () => ({ body: JSON.stringify(catalogOf()), type: TYPES.json })],
    ...bundles.map((f) => [f, () => ({ body: readFileSync(projectPath('dist', 'browser', f), 'utf8'), type: TYPES.js })] as const),
  ]);
  for (const uf of PLAYGROUND_UFS) {
    makers.set(`mapa/${uf}.json`, () => ({
      body: JSON.stringify({ type: 'FeatureCollection', features: rel.municipalities(uf).map((m) => rel.municipalityBoundary(m.codigo)) }),
      type: TYPES.json,
    }));
    makers.set(ufPopulationFile(release, uf), async () => {
      await rel.population([uf]);
      return { body: readFileSync(populationFilePath(release, uf)), type: TYPES.bin };
    });
    makers.set(ufDataFile(release, uf), async () => {
      const pop = (await file(ufPopulationFile(release, uf)))!.body as Uint8Array;
      const data: UfData = {
        release, uf, arquivos: await recordReads(recordingScenarios(rel, uf, hoje)),
        populacao: { bytes: pop.length, sha256: createHash('sha256').update(pop).digest('hex') },
      };
      return { body: JSON.stringify(data), type: TYPES.json };
    });
  }
  const file = (path: string): Promise<SiteFile | undefined> => {
    const make = makers.get(path);
    if (!make) return Promise.resolve(undefined);
    let f = made.get(path);
    if (!f) {
      f = Promise.resolve().then(make).then((x) => ({ body: x.body, type: x.type ?? typeOf(path) }));
      made.set(path, f);
      f.catch(() => made.delete(path));
    }
    return f;
  };
  return { release, paths: () => [...makers.keys()], file };
}
