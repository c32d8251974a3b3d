// What the console says to a person for a refusal or an error (docs/console.md, "Words, dates and
// numbers"): the one place where an error's code becomes Portuguese. Codes whose message is
// written for API clients and the CLI (in English) get the console's own words here; the console's
// own refusals and the account layer's (service/accounts/, with accounts/form-refusal.ts) are
// already in Portuguese and pass as they are. Roles are said with labels.ts. A webhook delivery's
// stored error (send-webhook.ts: its own timeout, webhook-agent.ts's send-time refusal with
// address-policy.ts's or port-policy.ts's reason, or Node's network message) stays English in the database and the API;
// deliveryErrorWords says it here: keep its patterns in sync with those messages.
import type { MemberRole } from '../accounts/accounts.js';
import type { BurstBlocked } from '../accounts/rate-limit.js';
import { ServiceError } from '../../src/errors.js';
import type { WebhookUrlRefusal } from '../webhooks/check-webhook-url.js';
import { LABELS } from './labels.js';

export const NOT_FOUND_WORDS = 'Esta página não existe, foi apagada ou não é de uma organização sua.';

/** A refused webhook address, by its motivo (check-webhook-url.ts). */
function webhookWords(why: WebhookUrlRefusal): string {
  switch (why.motivo) {
    case 'url_longa': return `O endereço passa de ${why.limite} caracteres.`;
    case 'nao_e_url': return 'Isto não é um endereço web: escreva-o inteiro, como https://exemplo.org/avisos.';
    case 'nao_https': return `O endereço precisa começar com https:// (este usa ${why.esquema}://): os avisos levam dados das simulações e vão cifrados.`;
    case 'com_credenciais': return 'Tire o usuário e a senha do endereço (usuario:senha@): cada aviso já vai assinado com o segredo do webhook.';
    case 'porta_recusada': return `A porta ${why.porta} não é aceita: use a do https (443, a de quando o endereço não diz porta) ou uma de 1024 a 65535.`;
    case 'nao_resolve': return `O nome ${why.host} não foi encontrado no DNS: confira o endereço.`;
    case 'endereco_nao_publico':
      return `${why.host === why.endereco ? why.endereco : `${why.host} aponta para ${why.endereco}, que`} não é um endereço público da internet (é de rede interna, local ou reservada): um webhook só chama endereços públicos.`;
  }
}

/** A refusal by role (roles.ts requireRole: a 403 naming the person's role and the roles that may). */
export interface RoleRefusal { statusCode: 403; papel: MemberRole; podem: readonly MemberRole[] }

const isRoleRefusal = (err: unknown): err is RoleRefusal => (err as Partial<RoleRefusal>)?.statusCode === 403 && Array.isArray((err as Partial<RoleRefusal>).podem);

/** The words a person reads for `err` (a refused form, or the error page's message). */
export function refusalWords(err: unknown): string {
  if (isRoleRefusal(err)) {
    return `Seu papel (${LABELS.papel(err.papel)}) não permite isto; pode: ${err.podem.map(LABELS.papel).join(', ')}.`;
  }
  if (!(err instanceof ServiceError)) {
    // the console's own 403s are in Portuguese; anything else is Fastify's (a body it could not read)
    return (err as { statusCode?: number }).statusCode === 403 ? (err as Error).message : 'O pedido não pôde ser lido: recarregue a página e tente de novo.';
  }
  switch (err.code) {
    case 'not_found': return NOT_FOUND_WORDS;
    case 'webhook_url_refused': return webhookWords(err.extra as unknown as WebhookUrlRefusal);
    default: return err.message;
  }
}

/** A sign-in limit's block (accounts/rate-limit.ts): `quem` says whose window ("com este e-mail"); the address's says so. */
export function tooManyWords(block: BurstBlocked, quem: string): string {
  return `Muitas tentativas ${block.por === 'account' ? quem : 'deste endereço'}: tente de novo em ${Math.ceil(block.retryAfterSeconds / 60)} min.`;
}

/** A stored delivery error's words: [pattern, words], the first that matches. */
const DELIVERY_ERRORS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^no answer within (\d+) s$/, (m) => `Sem resposta em ${m[1]} segundos.`],
  [/^(\S+) does not resolve$/, (m) => webhookWords({ motivo: 'nao_resolve', host: m[1] })],
  [/^port (\d+) is refused\b/, (m) => webhookWords({ motivo: 'porta_recusada', porta: Number(m[1]) })],
  [/^(?:(\S+) resolves to )?(\S+) is not (?:a public address|an IP address)\b/, (m) => webhookWords({ motivo: 'endereco_nao_publico', host: m[1] ?? m[2], endereco: m[2] })],
  [/ENOTFOUND (\S+)/, (m) => webhookWords({ motivo: 'nao_resolve', host: m[1] })],
  [/ECONNREFUSED/, () => 'O receptor recusou a conexão: nada atende nesse endereço e porta.'],
  [/ECONNRESET|socket hang up|other side closed/i, () => 'O receptor fechou a conexão antes de responder.'],
  [/Connect Timeout|ETIMEDOUT/i, () => 'A conexão com o receptor não abriu a tempo.'],
  [/EHOSTUNREACH|ENETUNREACH|EAI_AGAIN/, () => 'O endereço do receptor não pôde ser alcançado pela rede.'],
  [/certificate|CERT_|SSL|TLS/i, () => 'O certificado HTTPS do receptor não foi aceito (vencido, autoassinado ou de outro nome).'],
];

/** A webhook delivery's stored error (English, as the API gives it) in Portuguese; an unknown one is said as a network failure with its text. */
export function deliveryErrorWords(erro: string): string {
  for (const [pattern, words] of DELIVERY_ERRORS) {
    const m = pattern.exec(erro);
    if (m) return words(m);
  }
  return `Falha de rede ao enviar (mensagem do sistema: ${erro}).`;
}
