// `campaign-sim serve` checks PORT from the environment like --port: a bad value is refused with
// exit 2 before anything opens the store or listens.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../cli/main.js';

const VARIABLES = ['PORT', 'NODE_ENV', 'CAMPAIGN_SIM_PUBLIC_URL', 'CAMPAIGN_SIM_TRUST_PROXY', 'CAMPAIGN_SIM_CONSOLE_SECRET'] as const;

describe('serve options', () => {
  const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const name of VARIABLES) if (saved[name] === undefined) delete process.env[name]; else process.env[name] = saved[name];
    process.exitCode = undefined;
    vi.restoreAllMocks();
  });

  it.each([['abc'], ['70000'], ['8.5']])('refuses PORT=%s with exit 2 and names the variable', async (value) => {
    process.env.PORT = value;
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await runCli(['node', 'campaign-sim', 'serve'])).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0])).join('')).toMatch(/from env 'PORT' is invalid/);
  });

  // issue "Production hardening, round 2", defect 4: the OAuth issuer is never a request's Host
  it.each([[undefined], ['http://sim.example.org']])('refuses to start in production with CAMPAIGN_SIM_PUBLIC_URL=%s, on one line', async (url) => {
    process.env.NODE_ENV = 'production';
    if (url === undefined) delete process.env.CAMPAIGN_SIM_PUBLIC_URL; else process.env.CAMPAIGN_SIM_PUBLIC_URL = url;
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await runCli(['node', 'campaign-sim', 'serve', '--port', '0', '--no-worker'])).toBe(2);
    const printed = err.mock.calls.map((c) => String(c[0])).join('');
    expect(printed).toMatch(/^campaign-sim: with NODE_ENV=production, set CAMPAIGN_SIM_PUBLIC_URL .* public https origin/);
    expect(printed.trimEnd().split('\n')).toHaveLength(1);
  });

  // issue 54: production started without it, silently, and signed the console's cookies with a random secret per process
  it.each([[undefined], ['curto']])('refuses to start in production with CAMPAIGN_SIM_CONSOLE_SECRET=%s, on one line', async (secret) => {
    process.env.NODE_ENV = 'production';
    process.env.CAMPAIGN_SIM_PUBLIC_URL = 'https://sim.example.org';
    if (secret === undefined) delete process.env.CAMPAIGN_SIM_CONSOLE_SECRET; else process.env.CAMPAIGN_SIM_CONSOLE_SECRET = secret;
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await runCli(['node', 'campaign-sim', 'serve', '--port', '0', '--no-worker'])).toBe(2);
    const printed = err.mock.calls.map((c) => String(c[0])).join('');
    expect(printed).toMatch(/^campaign-sim: with NODE_ENV=production, set CAMPAIGN_SIM_CONSOLE_SECRET to a random secret of at least 32 characters/);
    expect(printed.trimEnd().split('\n')).toHaveLength(1);
  });

  it.each([
    ['--public-url', 'https://sim.example.org/api', /must be an origin only/],
    ['--trust-proxy', '10.0.0.0/33', /expected the proxies' addresses or subnets/],
    ['--trust-proxy', 'true', /expected the proxies' addresses or subnets/],
  ])('refuses %s %s with exit 2', async (option, value, message) => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await runCli(['node', 'campaign-sim', 'serve', option, value])).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0])).join('')).toMatch(message);
  });

  it('documents the public URL and the trusted proxies in serve --help', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await runCli(['node', 'campaign-sim', 'serve', '--help'])).toBe(0);
    const help = out.mock.calls.map((c) => String(c[0])).join('');
    expect(help).toMatch(/--trust-proxy <addresses>[\s\S]*env:\s+CAMPAIGN_SIM_TRUST_PROXY/);
    expect(help).toMatch(/--public-url <origin>[\s\S]*env:\s+CAMPAIGN_SIM_PUBLIC_URL/);
  });

  it('refuses a bad --port the same way', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await runCli(['node', 'campaign-sim', 'serve', '--port', '-1'])).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0])).join('')).toMatch(/expected an integer from 0 to 65535/);
  });
});
