// A scenario refused by the contract (422 invalid_request with contract_code and field, spec
// "contract_code values of invalid_request"; release_unavailable; the 402s of the credits), said
// in Portuguese for the "Nova simulação" form, whose fields are fewer than the contract's: each
// code a form can meet has its words; any other is said with its code, so nothing is hidden. The
// codes and the API's English messages stay as they are. The 402 messages are the ledger's own,
// already in Portuguese (service/accounts/ledger.ts).
import { ServiceError } from '../../src/errors.js';

const CONTRACT: Record<string, string> = {
  channel_day_range: 'O dia de início vem antes do dia de fim, e os dois ficam entre 1 e 65.535.',
  channel_intensity: 'A intensidade é maior que 0 e no máximo 1 (como 0,6).',
  channel_beyond_horizon: 'O canal termina depois do fim do horizonte: encurte o período do canal ou aumente o horizonte.',
  channel_periods_overlap: 'Dois períodos do mesmo canal se sobrepõem.',
  reception_without_media: 'Escolha ao menos um canal.',
  horizon_days_range: 'O horizonte vai de 1 a 65.535 dias.',
  replicas_range: 'As réplicas vão de 1 a 20.',
  launch_beyond_horizon: 'O lançamento cai depois do fim do horizonte: aumente o horizonte.',
  municipality_malformed: 'Um município escolhido não tem um código do IBGE válido.',
  municipality_outside_ufs: 'Um município escolhido não é da UF escolhida.',
  municipality_not_in_release: 'Um município escolhido não está na versão do modelo.',
  uf_unknown: 'Escolha uma UF da lista.',
  ufs_empty: 'Escolha uma UF.',
  text_too_long: 'O nome tem no máximo 80 caracteres.',
  electoral_content: 'O nome não pode ter conteúdo eleitoral: o serviço não simula campanhas eleitorais.',
  missing_field: 'Preencha este campo.',
  question_week_beyond_horizon: 'Uma pergunta do modelo olha uma semana depois do fim do horizonte: aumente o horizonte.',
};

/** The words of a refusal of the form's scenario; null for an error that is not a refusal of it. */
export function contractRefusalWords(err: unknown): string | null {
  if (!(err instanceof ServiceError)) return null;
  switch (err.code) {
    case 'invalid_request':
      return err.contractCode ? CONTRACT[err.contractCode] ?? `O cenário não passou na verificação do contrato (código ${err.contractCode}${err.field ? `, campo ${err.field}` : ''}).` : null;
    case 'release_unavailable': return 'A versão do modelo não oferece esta UF agora: escolha outra.';
    case 'insufficient_credits': return `Créditos insuficientes: ${err.message}. Quem administra a organização adiciona créditos na página dela.`;
    case 'spend_limit_reached': return `Limite mensal de gasto: ${err.message}. Quem administra a organização pode mudar o limite na página dela.`;
    default: return null;
  }
}
