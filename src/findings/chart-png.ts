// PNG of a chart: the SVG curvesSvg draws, rendered by resvg (@resvg/resvg-js, a prebuilt native
// package). It is an optional dependency, loaded only when a PNG is asked for, so a library-only
// install (`npm install --omit=optional`) keeps working and refuses the PNG on one line instead.
// resvg draws text with the fonts it finds on the system (loadSystemFonts): the charts ask for
// `sans-serif`, which it maps to an installed face; with no font installed the PNG has the lines
// and bands but no text. Which fonts, and why none is shipped: docs/research.md, "Plots".
import { ServiceError } from '../errors.js';

export const PNG_RENDERER = '@resvg/resvg-js';

/** The PNG of `svg` at its own size (width and height in pixels as in the SVG). */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  let resvg: typeof import('@resvg/resvg-js');
  try {
    resvg = await import('@resvg/resvg-js');
  } catch (e) {
    // absent (ERR_MODULE_NOT_FOUND), or its native binary for this platform absent (MODULE_NOT_FOUND) or unsupported
    const absent = ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND'].includes((e as NodeJS.ErrnoException).code ?? '');
    throw new ServiceError('invalid_request', `a PNG needs the optional package ${PNG_RENDERER}, which ${absent ? 'is not installed (npm install --omit=optional leaves it out)' : `does not load here (${(e as Error).message.split('\n')[0]})`}: install it, or write an SVG`);
  }
  const image = await resvg.renderAsync(svg, { font: { loadSystemFonts: true }, logLevel: 'error' });
  return image.asPng();
}
