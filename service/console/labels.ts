// How the console says codes and times to a person (docs/console.md, "Words, dates and numbers"):
// the API's codes (roles, job states and kinds, ledger entries) in Portuguese words, dates as
// dd/mm/aaaa and times in America/Sao_Paulo with the zone said. Every view gets these (page()).
// The codes stay the API's and the CLI's; only the console's words are here. Keep in sync with
// MEMBER_ROLES (accounts.ts), JOB_STATES and JOB_KINDS (jobs/job-row.ts), LedgerEntryType (ledger.ts),
// CANAIS (contract/scenario-schema.ts), the variant names of contract/variants.ts, FINDINGS_TABLES
// (findings-tables.ts, rows as docs/findings.md says), SCOPES (api-keys.ts, the spec's "Scopes") and
// the webhook events and delivery states (webhooks/webhook-config.ts).
import type { Canal } from '../../src/contract/types.js';
import type { FindingsTableName } from '../../src/findings/index.js';
import type { MemberRole } from '../accounts/accounts.js';
import type { Scope } from '../accounts/api-keys.js';
import type { LedgerEntryType } from '../accounts/ledger.js';
import type { JobKind, JobState } from '../jobs/job-row.js';
import type { DeliveryLogRow, WebhookEvent } from '../webhooks/webhook-config.js';

const PAPEL: Record<MemberRole, string> = { owner: 'proprietário', admin: 'administrador', member: 'membro', reader: 'leitor' };
const ESTADO: Record<JobState, string> = {
  reservado: 'na fila', em_execucao: 'em execução', concluido: 'concluído', falhou: 'falhou', cancelado: 'cancelado',
};
const TIPO: Record<JobKind, string> = { simulacao: 'simulação', calibracao: 'calibração' };
const LANCAMENTO: Record<LedgerEntryType, string> = { credito: 'crédito', reserva: 'reserva', gasto: 'gasto', devolucao: 'devolução' };
const TABELA: Record<FindingsTableName, string> = {
  saturacao: 'saturação por município, medida e perfil',
  alcance_efetivo: 'alcance efetivo (3 vezes ou mais) por canal',
  alcance_potencial: 'alcance potencial por canal',
  contribuicao: 'contribuição de cada canal (plano menos sem o canal)',
  elasticidade: 'elasticidade (canal 10% menor)',
  veredito: 'veredito e suas verificações',
};
const ESCOPO: Record<Scope, string> = {
  'results:read': 'ler simulações, resultados e diagnósticos',
  simulate: 'simular e abrir diagnósticos (gasta créditos)',
  calibrate: 'calibrar (reservado)',
  manage: 'administrar (reservado)',
};
const ENTREGA: Record<DeliveryLogRow['estado'], string> = { pendente: 'na fila', entregue: 'entregue', abandonada: 'abandonada (6 tentativas sem sucesso)' };
const EVENTO: Record<WebhookEvent, string> = {
  'job.concluido': 'simulação concluída', 'job.falhou': 'simulação falhou', 'job.cancelado': 'simulação cancelada', ping: 'teste',
};
const CANAL: Record<Canal, string> = { digital: 'digital', tv: 'TV', radio: 'rádio', exterior: 'mídia exterior' };

/** A plan's variant: plano, sem_<canal> (the channel removed), menos10_<canal> (its intensity 10% lower). */
function variantWords(code: string): string {
  if (code === 'plano') return 'plano (como pedido)';
  const m = /^(sem|menos10)_(.+)$/.exec(code);
  if (!m) return code;
  const canal = CANAL[m[2] as Canal] ?? m[2];
  return m[1] === 'sem' ? `sem ${canal}` : `${canal} 10% menor`;
}

export const ZONE = 'America/Sao_Paulo';
const day = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const time = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A code's word, or the code itself when it has none (a new code shows rather than vanishes). */
const wordOf = (table: Record<string, string>) => (code: string) => table[code] ?? code;

export const LABELS = {
  papel: wordOf(PAPEL),
  estado: wordOf(ESTADO),
  tipo: wordOf(TIPO),
  lancamento: wordOf(LANCAMENTO),
  variante: variantWords,
  canal: wordOf(CANAL),
  /** A findings table's name ("saturação por município, medida e perfil"); the code is the API's. */
  tabela: wordOf(TABELA),
  /** A webhook delivery's state ("na fila"). */
  entrega: wordOf(ENTREGA),
  /** A webhook event's words ("simulação concluída"); the page shows the code beside them, as the receiver gets it. */
  evento: wordOf(EVENTO),
  /** A scope's words ("ler simulações, resultados e diagnósticos"); the page shows the code beside them, as keys and agents use it. */
  escopo: wordOf(ESCOPO),
  /** "26/11/2026" in Brasília. */
  dia: (d: Date | string) => day.format(new Date(d)),
  /** "26/11/2026 09:30 (horário de Brasília)". */
  quando: (d: Date | string) => `${day.format(new Date(d))} ${time.format(new Date(d))} (horário de Brasília)`,
};
