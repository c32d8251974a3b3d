// A chart as a PNG (src/findings/chart-png.ts, `campaign-sim plot -o x.png`, Simulation.plotPng):
// the PNG signature, the SVG's size in the header, and an image with more than one colour in it
// (lines and text on white); without the optional renderer, one line that names it, exit 2.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectPath } from '../../../src/project-path.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const csv = projectPath('test/baselines/weekly-rows-small.csv');
const dir = mkdtempSync(join(tmpdir(), 'chart-png-'));

/** Width, height and the inflated image data (filtered scanlines) of a PNG. */
function readPng(png: Buffer): { width: number; height: number; data: Buffer } {
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), data: inflateSync(Buffer.concat(idat)) };
}

describe('plot as PNG', () => {
  afterEach(() => vi.doUnmock('@resvg/resvg-js'));

  it('writes a PNG of the SVG\'s size, not one colour, for an output ending in .png', async () => {
    const r = await runCliCaptured('plot', csv, '-o', join(dir, 'curvas.png'));
    expect(r).toMatchObject({ code: 0, out: '', err: '' });
    const svg = (await runCliCaptured('plot', csv)).out;
    const png = readFileSync(join(dir, 'curvas.png'));
    expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
    const { width, height, data } = readPng(png);
    expect([width, height]).toEqual([Number(/width="(\d+)"/.exec(svg)![1]), Number(/height="(\d+)"/.exec(svg)![1])]);
    expect(width).toBeGreaterThan(300);
    // a one-colour image filters to a handful of byte values (the colour and zeros); a chart to many
    expect(new Set(data).size).toBeGreaterThan(32);
  });

  // vitest wraps what a mock factory throws, so this one sees "does not load here"; the packed
  // install without optional packages (test/integration/package-install.test.ts) sees "is not installed"
  it('refuses on one line, exit 2, when the optional renderer cannot be loaded', async () => {
    vi.doMock('@resvg/resvg-js', () => {
      throw Object.assign(new Error("Cannot find package '@resvg/resvg-js'"), { code: 'ERR_MODULE_NOT_FOUND' });
    });
    const r = await runCliCaptured('plot', csv, '-o', join(dir, 'sem-renderer.png'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^campaign-sim: invalid_request: a PNG needs the optional package @resvg\/resvg-js, which (is not installed|does not load here) .*write an SVG\n$/);
  });
});
