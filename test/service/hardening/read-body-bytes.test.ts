// readBodyBytes: a body copied into one buffer as it arrives, with Fastify's checks.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBodyBytes } from '../../../service/http/read-body-bytes.js';

/** A stream of `n` chunks of `size` bytes, chunk k filled with the byte k % 251. */
function chunks(n: number, size: number): { stream: Readable; whole: Buffer } {
  const parts = Array.from({ length: n }, (_, k) => Buffer.alloc(size, k % 251));
  return { stream: Readable.from(parts), whole: Buffer.concat(parts) };
}

describe('readBodyBytes', () => {
  it('gives the bytes as sent, with and without a Content-Length (growing past its first buffer)', async () => {
    const a = chunks(40, 10_000);
    expect((await readBodyBytes(a.stream, a.whole.length, 1e6)).equals(a.whole)).toBe(true);
    const b = chunks(40, 10_000);
    expect((await readBodyBytes(b.stream, undefined, 1e6)).equals(b.whole)).toBe(true);
  });

  it('refuses a body over the limit (413), declared or sent', async () => {
    await expect(readBodyBytes(chunks(1, 10).stream, 2_000, 1_000)).rejects.toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    await expect(readBodyBytes(chunks(3, 500).stream, undefined, 1_000)).rejects.toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
  });

  it('refuses a body that ends short of or runs past its Content-Length (400)', async () => {
    await expect(readBodyBytes(chunks(2, 100).stream, 300, 1_000)).rejects.toMatchObject({ code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', statusCode: 400 });
    await expect(readBodyBytes(chunks(3, 100).stream, 200, 1_000)).rejects.toMatchObject({ code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', statusCode: 400 });
  });

  it('passes on a stream error with a client status', async () => {
    const broken = new Readable({ read() { this.destroy(new Error('reset')); } });
    await expect(readBodyBytes(broken, undefined, 1_000)).rejects.toMatchObject({ message: 'reset', statusCode: 400 });
  });
});
