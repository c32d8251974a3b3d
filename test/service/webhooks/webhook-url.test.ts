// The SSRF table of webhook URLs (spec "Events": https and public only, internal network
// addresses refused at activation), the signature's known answer, the retry schedule and the
// loopback setting.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import { PUBLIC_ONLY, refusalOfAddress } from '../../../service/webhooks/address-policy.js';
import { checkWebhookUrl } from '../../../service/webhooks/check-webhook-url.js';
import { MAX_ATTEMPTS, nextAttemptAt } from '../../../service/webhooks/retry-schedule.js';
import { signWebhook } from '../../../service/webhooks/sign-webhook.js';
import { webhookPolicyFromEnv } from '../../../service/webhooks/webhook-settings.js';
import { pathToFileURL } from 'node:url';
import { projectPath } from '../../../src/project-path.js';

// The documented receiver example (examples/ is outside the layered sources: loaded by path).
const { verifyWebhook } = await import(pathToFileURL(projectPath('examples/webhook-receiver.mjs')).href) as {
  verifyWebhook(raw: Buffer, headers: Record<string, unknown>, secret: string, nowMs?: number): string | null;
};

/** A resolver that knows a few names (no network in tests). */
const NAMES: Record<string, string[]> = {
  'receiver.example': ['93.184.216.34'],
  'v6.receiver.example': ['2606:4700:4700::1111'],
  'internal.example': ['10.1.2.3'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '192.168.0.10'],
};
const resolve = async (host: string) => {
  const a = NAMES[host];
  if (!a) throw new Error('ENOTFOUND');
  return a;
};

async function refusal(url: string): Promise<string | null> {
  try {
    await checkWebhookUrl(url, PUBLIC_ONLY, resolve);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).code).toBe('webhook_url_refused');
    expect((err as ServiceError).status).toBe(422);
    return (err as ServiceError).message;
  }
}

describe('webhook URLs', () => {
  const refused: Array<[string, RegExp]> = [
    ['http://receiver.example/hook', /https/],
    ['ftp://receiver.example/hook', /https/],
    ['https://user:pass@receiver.example/hook', /credentials/],
    ['https://token@receiver.example/hook', /credentials/],
    ['https://127.0.0.1/hook', /loopback/],
    ['https://127.8.9.10/hook', /loopback/],
    ['https://localhost.localdomain.invalid/hook', /does not resolve/],
    ['https://[::1]/hook', /loopback/],
    ['https://10.0.0.1/hook', /private/],
    ['https://172.16.5.4/hook', /private/],
    ['https://192.168.1.1/hook', /private/],
    ['https://169.254.169.254/latest/meta-data', /linkLocal/],
    ['https://100.64.0.1/hook', /carrierGradeNat/],
    ['https://224.0.0.1/hook', /multicast/],
    ['https://255.255.255.255/hook', /broadcast/],
    ['https://0.0.0.0/hook', /unspecified/],
    ['https://[::]/hook', /unspecified/],
    ['https://[::ffff:127.0.0.1]/hook', /ipv4Mapped/],
    ['https://[::ffff:8.8.8.8]/hook', /ipv4Mapped/],
    ['https://[fc00::1]/hook', /uniqueLocal/],
    ['https://[fd12:3456::1]/hook', /uniqueLocal/],
    ['https://[fec0::1]/hook', /SiteLocal/],
    ['https://[fe80::1]/hook', /linkLocal/],
    ['https://[ff02::1]/hook', /multicast/],
    ['https://[64:ff9b::a00:1]/hook', /rfc6052/],
    ['https://[2002:c0a8:101::1]/hook', /6to4/],
    // IPv4-compatible (deprecated ::/96): the URL parser keeps it as [::7f00:1], which is 127.0.0.1
    ['https://[::127.0.0.1]/hook', /outside the global unicast/],
    ['https://[::a00:1]/hook', /outside the global unicast/],
    ['https://[64:ff9b:1::a00:1]/hook', /rfc6052/],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', /teredo/],
    ['https://[2001:20::1]/hook', /orchid2/],
    ['https://[2001:2::1]/hook', /benchmarking/],
    ['https://[2001:5::1]/hook', /reserved/],
    ['https://[100::1]/hook', /discard/],
    // odd IPv4 spellings: the URL parser makes them 127.0.0.1, then the address policy refuses
    ['https://2130706433/hook', /127\.0\.0\.1.*loopback/],
    ['https://0x7f000001/hook', /127\.0\.0\.1.*loopback/],
    ['https://0x7f.1/hook', /127\.0\.0\.1.*loopback/],
    ['https://127.1/hook', /127\.0\.0\.1.*loopback/],
    ['https://0177.0.0.1/hook', /127\.0\.0\.1.*loopback/],
    ['https://192.0.2.10/hook', /reserved/],
    ['https://internal.example/hook', /internal\.example resolves to 10\.1\.2\.3.*private/],
    ['https://metadata.example/hook', /linkLocal/],
    ['https://mixed.example/hook', /192\.168\.0\.10/],
    ['not a url', /not a URL/],
    // issue 54: any port was taken; 443 (the default) or an unprivileged one only
    ['https://receiver.example:22/hook', /port 22 is refused/],
    ['https://receiver.example:0/hook', /port 0 is refused/],
    ['https://receiver.example:80/hook', /port 80 is refused/],
    ['https://receiver.example:1023/hook', /port 1023 is refused/],
    ['https://93.184.216.34:25/hook', /port 25 is refused/],
  ];
  it.each(refused)('refuses %s', async (url, why) => {
    expect(await refusal(url)).toMatch(why);
  });

  it('accepts https to public addresses, by name or literal, and normalises the URL', async () => {
    expect(await refusal('https://receiver.example/hook?x=1')).toBeNull();
    expect(await refusal('https://v6.receiver.example:8443/hook')).toBeNull();
    expect(await refusal('https://93.184.216.34/hook')).toBeNull();
    expect(await refusal('https://[2606:4700:4700::1111]/hook')).toBeNull();
    for (const port of [443, 1024, 3000, 65535]) expect(await refusal(`https://receiver.example:${port}/hook`), String(port)).toBeNull();
    expect((await checkWebhookUrl('HTTPS://Receiver.Example/a/../hook', PUBLIC_ONLY, resolve)).href).toBe('https://receiver.example/hook');
  });

  it('allows loopback, and only loopback, when development allows it', () => {
    const dev = { allowLoopback: true };
    expect(refusalOfAddress('127.0.0.1', dev)).toBeNull();
    expect(refusalOfAddress('::1', dev)).toBeNull();
    expect(refusalOfAddress('10.0.0.1', dev)).toMatch(/private/);
    expect(refusalOfAddress('::ffff:127.0.0.1', dev)).toMatch(/ipv4Mapped/);
  });

  it('takes the loopback setting only outside production, and says so loudly', () => {
    const lines: string[] = [];
    expect(webhookPolicyFromEnv({}, (l) => lines.push(l))).toEqual(PUBLIC_ONLY);
    expect(webhookPolicyFromEnv({ CAMPAIGN_SIM_WEBHOOK_ALLOW_LOOPBACK: '1' }, (l) => lines.push(l))).toEqual({ allowLoopback: true });
    expect(lines.join('\n')).toMatch(/WARNING.*loopback/);
    expect(() => webhookPolicyFromEnv({ CAMPAIGN_SIM_WEBHOOK_ALLOW_LOOPBACK: '1', NODE_ENV: 'production' })).toThrow(/refused/);
  });
});

describe('webhook signature', () => {
  // known answer computed with OpenSSL:
  // printf '%s' '1700000000.{"evento":"ping","criado_em":"2023-11-14T22:13:20.000Z"}' | openssl dgst -sha256 -hmac whsec_known-answer
  const body = '{"evento":"ping","criado_em":"2023-11-14T22:13:20.000Z"}';
  const KNOWN = 'v1=682d14e8fc5eee9f14776bcb08fdd83d2d4b9c38fec58bd93a472609593d263b';

  it('is v1= and the lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>"', () => {
    expect(signWebhook('whsec_known-answer', 1_700_000_000, body)).toBe(KNOWN);
  });

  it('is what the example receiver verifies, with its 5-minute tolerance', () => {
    const headers = { 'svc-webhook-timestamp': '1700000000', 'svc-webhook-signature': KNOWN };
    const raw = Buffer.from(body);
    expect(verifyWebhook(raw, headers, 'whsec_known-answer', 1_700_000_000_000 + 299_000)).toBeNull();
    expect(verifyWebhook(raw, headers, 'whsec_known-answer', 1_700_000_000_000 + 301_000)).toMatch(/5 minutes/);
    expect(verifyWebhook(raw, headers, 'whsec_other', 1_700_000_000_000)).toMatch(/does not match/);
    expect(verifyWebhook(Buffer.from(body.replace('ping', 'pong')), headers, 'whsec_known-answer', 1_700_000_000_000)).toMatch(/does not match/);
  });
});

describe('retry schedule', () => {
  it('retries after 1 min, 5 min, 30 min, 2 h and 12 h, and abandons after the sixth attempt', () => {
    const t = new Date('2026-01-01T00:00:00.000Z');
    const delays = [1, 2, 3, 4, 5].map((k) => (nextAttemptAt(k, t)!.getTime() - t.getTime()) / 60_000);
    expect(delays).toEqual([1, 5, 30, 120, 720]);
    expect(MAX_ATTEMPTS).toBe(6);
    expect(nextAttemptAt(6, t)).toBeNull();
  });
});
