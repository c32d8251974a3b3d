// `campaign-sim serve` checks PORT from the environment like --port: a bad value is refused with
// exit 2 before anything opens the store or listens.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../cli/main.js';

describe('serve options', () => {
  const saved = process.env.PORT;
  afterEach(() => {
    if (saved === undefined) delete process.env.PORT; else process.env.PORT = saved;
    vi.restoreAllMocks();
  });

  it.each([['abc'], ['70000'], ['8.5']])('refuses PORT=%s with exit 2 and names the variable', async (value) => {
    process.env.PORT = value;
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await runCli(['node', 'campaign-sim', 'serve'])).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0])).join('')).toMatch(/from env 'PORT' is invalid/);
  });

  it('refuses a bad --port the same way', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await runCli(['node', 'campaign-sim', 'serve', '--port', '-1'])).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0])).join('')).toMatch(/expected an integer from 0 to 65535/);
  });
});
