// Findings: aggregation over replicas, the privacy rule (privacy.ts, the only place), tables,
// verdict, per-tract events, comparison and answers. The service and the CLI import from here.
export {
  K as PRIVACY_K, applyPrivacyRule, buildMargins, suppressReplica, roundMean, publishCell,
  type Margins, type PublishedCell, type MotivoPrivacidade,
} from './privacy.js';
export {
  FORMATO_RESULTADO, encodeJobResult, decodeJobResult, asJobResult,
  type JobResult, type EncodedJobResult, type SaturacaoBlock, type TotaisBlock, type AlcanceBlock, type SetoresBlock,
  type RespostaBlock,
} from './job-result.js';
export { JOB_RESULT_BYTES_FORMAT, jobResultToBytes, jobResultFromBytes } from './job-result-bytes.js';
export { combineReplicas, createCombiner, type CombineOptions, type ReplicaCombiner } from './combine-replicas.js';
export { combineOptionsFromRelease } from './release-lookups.js';
export { jobTotals, type JobTotals, type VariantTotals } from './job-totals.js';
export {
  FINDINGS_TABLES, DATA_TABLES, LIMITE_PADRAO, LIMITE_MAXIMO, buildFindings,
  type FindingsTable, type FindingsQuery, type FindingsTableName, type DataTableName, type Row,
} from './findings-tables.js';
export {
  computeVerdict, calibrationStatus, LIMITE_ERRO_KPI, LIMITE_ERRO_CONTRIBUICAO, VOCABULARIO_VEREDITO, MOTIVOS_VEREDITO,
  type VereditoSimulacao, type Verificacao, type ResultadoVeredito, type Calibracao, type PalavraVeredito, type MotivoVeredito,
  type LinhaVeredito,
} from './veredito.js';
export { releaseNotes, type Premissa } from './premises.js';
export {
  buildTractEvents, tractError, samplingError, CORTE_ERRO, MOTIVOS_SETOR, LIMITE_SETORES_PADRAO,
  type TractEvents, type TractEventsQuery, type TractRow, type MotivoSetor,
} from './tract-events.js';
export {
  compareJobs, type Comparison, type ComparedJob, type ComparedJobMeta, type CompareQuery, type ComparedSide, type ComparedTable,
} from './compare-jobs.js';
export {
  answerQuestions, type Answers, type Answer, type PlainAnswer, type QuantosAnswer, type QuandoAnswer, type OndeAnswer,
  type OndeItem, type CompararAnswer, type MotivoResposta,
} from './answer-questions.js';
export { weeklyRows, toRows, type WeeklyRow, type WeeklySource } from './weekly-rows.js';
export { weeklyCsvLines, formatWeeklyCsv, parseWeeklyCsv, WEEKLY_CSV_HEADER } from './weekly-rows-csv.js';
export { weeklyCurves, weekReaching, type WeeklyCurve } from './weekly-curves.js';
export { curvesSvg, type CurvesChartOptions } from './curves-chart.js';
export { municipalShares, type MunicipalShare } from './municipal-shares.js';
