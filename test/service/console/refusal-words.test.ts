// The console's words for refusals (service/console/refusal-words.ts): every reason a webhook
// address is refused, said in Portuguese from the refusal's motivo (the message stays the CLI's
// English); a refusal by role with the roles in words; an unknown address without the English of
// the account layer.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import { PUBLIC_ONLY } from '../../../service/webhooks/address-policy.js';
import { checkWebhookUrl } from '../../../service/webhooks/check-webhook-url.js';
import { getOrganization } from '../../../service/accounts/accounts.js';
import { NOT_FOUND_WORDS, refusalWords } from '../../../service/console/refusal-words.js';

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
