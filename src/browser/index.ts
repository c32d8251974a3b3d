// campaign-sim/browser: the engine in a web page (docs/browser.md). The same kernel, plan
// compilation, reduction and findings as Node, on Web Workers (shared memory when the page is
// cross-origin isolated, copies otherwise); the host's browser side (src/platform/browser-host.ts)
// holds what a run reads, fetched here from a published playground (service/playground/): the
// kernel, the package's files of the release and the UFs' checksummed population files. After
// loadEngine resolves, a run makes no request.
import type { ServiceError } from '../errors.js';
import { host, holdCacheFile, holdKernel, holdPackageFiles, startSpareThreads } from '../platform/browser-host.js';
import type { UfCode } from '../release/types.js';
import type { PageRun, PageSummary, RunOptions } from './run-in-page.js';
import { KERNEL_FILE, ufDataFile, ufPopulationFile, type UfData } from './site-files.js';

export type { PageRun, PageSummary, RunOptions } from './run-in-page.js';
export type { UfData } from './site-files.js';

export interface LoadOptions {
  /** The published playground's address (where kernel.wasm and dados/ are), e.g. 'https://example.org/playground/'. */
  site: string | URL;
  release: string;
  ufs: readonly UfCode[];
  /** Kernel threads to start while loading (default the machine's cores): a first run on as many asks the server for nothing. */
  threads?: number;
  /** Bytes fetched so far, of the total the UFs' data declare once known. */
  onProgress?: (p: { etapa: 'dados' | 'populacao'; bytes: number }) => void;
}

export interface BrowserEngine {
  readonly release: string;
  readonly ufs: readonly UfCode[];
  /** Whether the kernel threads share memory (the page is cross-origin isolated). */
  readonly memoriaCompartilhada: boolean;
  /** The summary `campaign-sim simulate --json` prints for the scenario, without its timing fields. */
  run(scenario: unknown, opts?: RunOptions): Promise<PageSummary>;
  /** The contract's refusal of a scenario (code, contract_code, field, message), or null when it would run. */
  refusal(scenario: unknown): Refusal | null;
  /** The summary, the chart and the findings tables a page shows. */
  runForPage(scenario: unknown, opts?: RunOptions & { tabelas?: readonly string[] }): Promise<PageRun>;
}

let threadsStarted = false;

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

async function fetchOk(url: URL): Promise<Response> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`campaign-sim/browser: ${url.href} answered ${r.status}`);
  return r;
}

/** Fetches the kernel, the release's files and the UFs' populations (each checked against its SHA-256), and holds them for the runs. */
export async function loadEngine(opts: LoadOptions): Promise<BrowserEngine> {
  const site = new URL(opts.site, (globalThis as { location?: { href: string } }).location?.href);
  const kernel = fetchOk(new URL(KERNEL_FILE, site)).then(async (r) => WebAssembly.compile(new Uint8Array(await r.arrayBuffer())));
  let bytes = 0;
  for (const uf of opts.ufs) {
    const data = (await (await fetchOk(new URL(ufDataFile(opts.release, uf), site))).json()) as UfData;
    holdPackageFiles(data.arquivos);
    opts.onProgress?.({ etapa: 'dados', bytes });
    const pop = new Uint8Array(await (await fetchOk(new URL(ufPopulationFile(opts.release, uf), site))).arrayBuffer());
    const digest = hex(new Uint8Array(await crypto.subtle.digest('SHA-256', pop)));
    if (pop.length !== data.populacao.bytes || digest !== data.populacao.sha256) {
      throw new Error(`campaign-sim/browser: the population file of ${uf} is not the one the site lists (sha256 ${digest})`);
    }
    bytes += pop.length;
    opts.onProgress?.({ etapa: 'populacao', bytes });
    // the cache's name of the file (src/population/population-store.ts populationFileName)
    holdCacheFile(`${opts.release}/populacao-${uf}.bin`, pop);
  }
  holdKernel(await kernel, new URL('./kernel-worker.js', import.meta.url));
  const { pageRun, refusalOf, runInPage, withoutTiming } = await import('./run-in-page.js');
  const { FINDINGS_TABLES } = await import('../findings/findings-tables.js');
  // the kernel threads of the first run, their modules loaded now
  if (!threadsStarted) await startSpareThreads(opts.threads ?? host.cores());
  threadsStarted = true;
  return {
    release: opts.release,
    ufs: [...opts.ufs],
    memoriaCompartilhada: typeof SharedArrayBuffer === 'function',
    run: async (scenario, o) => withoutTiming((await runInPage(scenario, o)).summary()),
    refusal: refusalOf,
    runForPage: async (scenario, o = {}) => {
      const tabelas = FINDINGS_TABLES.filter((t) => o.tabelas === undefined || o.tabelas.includes(t));
      return pageRun(await runInPage(scenario, o), tabelas);
    },
  };
}

/** A contract refusal as a page shows it (ServiceError.detail(): code, message, contract_code, field). */
export type Refusal = ReturnType<ServiceError['detail']>;
