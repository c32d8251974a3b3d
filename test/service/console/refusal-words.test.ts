// The console's words for refusals (service/console/refusal-words.ts): every reason a webhook
// address is refused, said in Portuguese from the refusal's motivo (the message stays the CLI's
// English); a refusal by role with the roles in words; an unknown address without the English of
// the account layer; a webhook delivery's stored error, as a real send stores it, in Portuguese.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import { PUBLIC_ONLY } from '../../../service/webhooks/address-policy.js';
import { checkWebhookUrl } from '../../../service/webhooks/check-webhook-url.js';
import { getOrganization } from '../../../service/accounts/accounts.js';
import { deliveryErrorWords, NOT_FOUND_WORDS, refusalWords } from '../../../service/console/refusal-words.js';
import { SEND_TIMEOUT_MS, sendWebhook } from '../../../service/webhooks/send-webhook.js';
import { createWebhookAgent, type WebhookAgentOptions } from '../../../service/webhooks/webhook-agent.js';

const NAMES: Record<string, string[]> = { 'interna.example': ['10.1.2.3'], 'receptor.example': ['93.184.216.34'] };
const resolve = async (host: string) => NAMES[host] ?? [];

async function refusedUrl(url: string): Promise<ServiceError> {
  const err = await checkWebhookUrl(url, PUBLIC_ONLY, resolve).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

describe('refusal words', () => {
  it('says every webhook refusal in Portuguese, with what it names', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['http://receptor.example/a', 'nao_https', /^O endereço precisa começar com https:\/\/ \(este usa http:\/\/\)/],
      ['https://u:s@receptor.example/a', 'com_credenciais', /^Tire o usuário e a senha do endereço/],
      ['não é url', 'nao_e_url', /^Isto não é um endereço web/],
      [`https://receptor.example/${'a'.repeat(2100)}`, 'url_longa', /^O endereço passa de 2048 caracteres\.$/],
      ['https://sumido.example/a', 'nao_resolve', /^O nome sumido\.example não foi encontrado no DNS/],
      ['https://receptor.example:22/a', 'porta_recusada', /^A porta 22 não é aceita: use a do https \(443/],
      ['https://127.0.0.1/a', 'endereco_nao_publico', /^127\.0\.0\.1 não é um endereço público da internet/],
      ['https://interna.example/a', 'endereco_nao_publico', /^interna\.example aponta para 10\.1\.2\.3, que não é um endereço público/],
    ];
    for (const [url, motivo, words] of cases) {
      const err = await refusedUrl(url);
      expect(err.detail().motivo, url).toBe(motivo);
      expect(refusalWords(err), url).toMatch(words);
      expect(refusalWords(err), url).not.toBe(err.message);
    }
  });

  it('says a refusal by role with the roles in words, and an unknown address without English', async () => {
    const byRole = Object.assign(new Error('seu papel (member) não permite isto'), { statusCode: 403, papel: 'member', podem: ['owner', 'admin'] });
    expect(refusalWords(byRole)).toBe('Seu papel (membro) não permite isto; pode: proprietário, administrador.');
    const unknown = await getOrganization(null as never, 'não-é-uuid').then(() => null, (e: unknown) => e);
    expect((unknown as ServiceError).message).toMatch(/does not exist/);
    expect(refusalWords(unknown)).toBe(NOT_FOUND_WORDS);
  });
});

/** The error a real send stores for `url` with the agent `o` (no request leaves 127.0.0.1). */
async function storedError(url: string, o: WebhookAgentOptions): Promise<string> {
  const agent = createWebhookAgent(o);
  try {
    const outcome = await sendWebhook(agent, { id: 'e1', url, segredo: 's', corpo: '{}' }, 0);
    expect(outcome.ok).toBe(false);
    return outcome.erro!;
  } finally {
    await agent.close();
  }
}

/** A loopback port nothing listens on (opened, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((ok) => server.once('listening', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

describe('delivery error words', () => {
  it('says each error a send stores in Portuguese, the stored text kept English', async () => {
    const cases: Array<[string, RegExp]> = [
      [await storedError('https://127.0.0.1/a', { policy: PUBLIC_ONLY }), /^127\.0\.0\.1 não é um endereço público da internet/],
      [await storedError('https://interna.example/a', { policy: PUBLIC_ONLY, resolve }), /^interna\.example aponta para 10\.1\.2\.3, que não é um endereço público/],
      [await storedError('https://sumido.example/a', { policy: PUBLIC_ONLY, resolve }), /^O nome sumido\.example não foi encontrado no DNS/],
      [await storedError(`https://127.0.0.1:${await closedPort()}/a`, { policy: { allowLoopback: true } }), /^O receptor recusou a conexão/],
      // a URL stored before the port rule: refused at send, before any connection
      [await storedError('https://127.0.0.1:22/a', { policy: { allowLoopback: true } }), /^A porta 22 não é aceita/],
      [`no answer within ${SEND_TIMEOUT_MS / 1000} s`, /^Sem resposta em 10 segundos\.$/],
    ];
    for (const [erro, words] of cases) {
      expect(erro).toMatch(/^[\x20-\x7e]+$/);
      expect(deliveryErrorWords(erro), erro).toMatch(words);
    }
    // a message no pattern knows: said as a network failure, its text kept so nothing is lost
    expect(deliveryErrorWords('EPROTO something odd')).toBe('Falha de rede ao enviar (mensagem do sistema: EPROTO something odd).');
  });
});
