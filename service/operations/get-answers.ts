// The answers to a concluded simulation's answer contract (contrato_de_resposta), under the
// privacy rule of the findings (GET /v1/jobs/{job_id}/respostas, an extension; tool get_answers).
// The answers are the findings library's answerQuestions over the stored result; a job whose
// scenario had no contract answers with an empty list. Refusals as for findings: 404, 409
// result_not_ready, 422 not_a_simulation for a calibration.
import { answerQuestions, type Answers } from '../../src/findings/index.js';
import { loadJobResult } from './load-job-result.js';
import { JOB_ID_PARAMS } from './input-schemas.js';
import type { Operation } from './operation.js';

export const getAnswers = {
  name: 'get_answers',
  scope: 'results:read',
  input: { params: JOB_ID_PARAMS },
  async run(ctx, principal, input) {
    return answerQuestions(null, await loadJobResult(ctx, principal.projectId, input.job_id));
  },
} satisfies Operation<{ job_id: string }, Answers>;
