// The project's simulations (jobs): the list, and each job's page, which answers first (a headline
// from the result, the scenario asked, the verdict with what is modelled and what is data:
// job-summary.ts, verdict-words.ts), then a map of its municipalities coloured by the share of the
// audience with a chosen measure, with its legend and a table of the same values (job-map.ts;
// Leaflet with the local municipal boundaries of data/br/geometria, no tile server:
// municipal-boundaries.ts), the weekly chart, and the findings tables in words (a page of
// ROWS_SHOWN rows; every row as CSV, standard or for Excel). "Nova simulação" is
// console-new-simulation-routes.ts. Read
// through the same operations as GET /v1/jobs and /v1/jobs/{job_id}, for the person inside the
// project (operations/person-in-project.ts), and the stored result as the findings operations
// read it (operations/load-job-result.ts).
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { ServiceError } from '../../src/errors.js';
import { findingsPage } from '../../src/findings/findings-page.js';
import { FINDINGS_TABLES, type FindingsTableName } from '../../src/findings/index.js';
import { projectPath } from '../../src/project-path.js';
import { formatReais } from '../accounts/reais.js';
import { roleAllows } from '../accounts/roles.js';
import { getJob } from '../operations/get-job.js';
import { listJobs } from '../operations/list-jobs.js';
import { loadJobResult } from '../operations/load-job-result.js';
import { personInProject } from '../operations/person-in-project.js';
import { projectTrail } from './breadcrumbs.js';
import { CONSOLE_PATH, type ConsoleKit } from './console-kit.js';
import { chartTables, jobChart, type ChartTable, type JobChart } from './job-chart.js';
import { jobMap, NO_VALUE_COLOUR, type JobMap } from './job-map.js';
import { findingsTableView, shownColumns, type FindingsTableView } from './findings-table-view.js';
import { jobSummary, type JobSummary } from './job-summary.js';
import { progressOf } from './job-progress.js';
import { municipalBoundariesRoutes } from './municipal-boundaries.js';
import { consoleNewSimulationRoutes } from './console-new-simulation-routes.js';
import { NUMBERS, RESULT_WORDS } from './result-words.js';
import { spreadsheetCsv } from './spreadsheet-csv.js';
import { releaseWords } from './release-words.js';
import { verdictWords, type VerdictWords } from './verdict-words.js';

/** Rows of a findings table per page (?pagina=N; all of them in achados.csv): a phone's page stays short. */
const ROWS_SHOWN = 20;

export async function consoleJobRoutes(app: FastifyInstance, kit: ConsoleKit): Promise<void> {
  const { store } = kit;
  const leaflet = dirname(createRequire(import.meta.url).resolve('leaflet/package.json'));
  await app.register(fastifyStatic, { root: `${leaflet}/dist`, prefix: '/static/leaflet/', decorateReply: false });
  await app.register(fastifyStatic, { root: projectPath('service', 'console', 'static'), prefix: '/static/console/', decorateReply: false });

  await app.register(municipalBoundariesRoutes, kit);
  await app.register(consoleNewSimulationRoutes, kit);

  app.get<{ Params: { id: string } }>('/projetos/:id/jobs', async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const { project, principal, papel } = await personInProject(store, pessoa, req.params.id);
    const { jobs } = await listJobs.run(kit.ctx, principal, {});
    const trilha = await projectTrail(store, project, { rotulo: 'Simulações', href: '' });
    return kit.page(reply, 'jobs', `Simulações de ${project.nome}`, pessoa, { projeto: project, jobs, reais: formatReais, trilha, podeSimular: roleAllows(papel, 'simular') });
  });

  /** The table a query names (saturacao by default). */
  const tableOf = (t: string | undefined): FindingsTableName => (FINDINGS_TABLES.includes(t as never) ? t as FindingsTableName : 'saturacao');

  // All rows of a findings table as CSV (the page shows them ROWS_SHOWN at a time), through the
  // in-process findings pages (src/findings/findings-page.ts: no row cap, offset paging): the
  // standard CSV for code (`,`, `.`, the columns' codes), or with ?formato=excel the one Brazilian
  // Excel opens (spreadsheet-csv.ts). Console downloads: the API's findings stay JSON (spec).
  app.get<{ Params: { id: string; job: string }; Querystring: { tabela?: string; formato?: string } }>('/projetos/:id/jobs/:job/achados.csv', async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const { project, principal } = await personInProject(store, pessoa, req.params.id);
    const job = await getJob.run(kit.ctx, principal, { job_id: req.params.job });
    if (job.estado !== 'concluido' || job.tipo !== 'simulacao') throw new ServiceError('not_found', 'Esta simulação não tem tabelas de achados.');
    const result = await loadJobResult(kit.ctx, project.id, job.id);
    const tabela = tableOf(req.query.tabela);
    const all = findingsPage(result, tabela);
    const excel = req.query.formato === 'excel';
    let csv: string;
    if (excel) csv = spreadsheetCsv(all);
    else {
      const colunas = shownColumns(all.colunas);
      csv = stringify(all.linhas.map((r) => colunas.map((c) => (r as unknown as Record<string, unknown>)[c])), { header: true, columns: colunas });
    }
    return reply.header('cache-control', 'no-store').type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${job.id}-${tabela}${excel ? '-excel' : ''}.csv"`).send(csv);
  });

  app.get<{ Params: { id: string; job: string }; Querystring: { tabela?: string; medida?: string; pagina?: string } }>('/projetos/:id/jobs/:job', async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const q = req.query;
    const { project, principal } = await personInProject(store, pessoa, req.params.id);
    const job = await getJob.run(kit.ctx, principal, { job_id: req.params.job });
    let tabela: FindingsTableView | null = null, total = 0, mapa: JobMap | null = null, medidas: string[] = [], aviso: string | null = null;
    let grafico: JobChart | null = null, graficoTabelas: ChartTable[] = [], veredito: VerdictWords | null = null, resumo: JobSummary | null = null;
    let nome: FindingsTableName = 'saturacao', pagina = 1, paginas = 1;
    if (job.estado === 'concluido' && job.tipo === 'simulacao') {
      const result = await loadJobResult(kit.ctx, project.id, job.id);
      const verificacoes = findingsPage(result, 'veredito');
      veredito = verdictWords(verificacoes, releaseWords(result.release));
      resumo = jobSummary(result, verificacoes.linhas as never);
      nome = tableOf(q.tabela);
      total = findingsPage(result, nome, { limite: 1 }).total;
      paginas = Math.max(1, Math.ceil(total / ROWS_SHOWN));
      pagina = Math.min(paginas, Math.max(1, Math.trunc(Number(q.pagina)) || 1));
      tabela = findingsTableView(findingsPage(result, nome, { limite: ROWS_SHOWN, offset: (pagina - 1) * ROWS_SHOWN }));
      medidas = result.saturacao.medidas;
      grafico = result.curvas ? jobChart(result.curvas) : null;
      graficoTabelas = result.curvas ? chartTables(result.curvas) : [];
      mapa = jobMap(result, medidas.includes(q.medida as never) ? q.medida! : medidas[0]);
    } else if (job.estado === 'concluido') aviso = 'Calibração: o resultado é lido em GET /v1/calibracoes/{id}.';
    else if (job.estado === 'falhou' || job.estado === 'cancelado') aviso = `A simulação ${job.estado === 'falhou' ? 'falhou' : 'foi cancelada'}: não há achados nem mapa. O valor reservado voltou aos créditos da organização.`;
    const trilha = await projectTrail(store, project, { rotulo: 'Simulações', href: `${CONSOLE_PATH}/projetos/${project.id}/jobs` }, { rotulo: job.nome ?? job.id, href: '' });
    return kit.page(reply, 'job', job.nome ?? job.id, pessoa, {
      projeto: project, trilha, veredito, resumo, emCurso: !['concluido', 'falhou', 'cancelado'].includes(job.estado), progresso: progressOf(job.registro?.progresso), job,
      tabela, nomeTabela: nome, total, tabelas: FINDINGS_TABLES, mapa, mapaJson: JSON.stringify(mapa && { geo: mapa.geo, cores: mapa.cores }), semValor: NO_VALUE_COLOUR,
      medidas, aviso, reais: formatReais, grafico, graficoTabelas, pagina, paginas, porPagina: ROWS_SHOWN, palavras: { ...RESULT_WORDS, ...NUMBERS },
    });
  });
}
