// `npm run browserbuild` (part of `npm run build`, after tsc): the browser bundles of dist/browser/
// with esbuild, from tsc's output: campaign-sim/browser (src/browser/index.ts), its kernel thread
// (src/browser/kernel-worker.ts) and the playground's page (service/playground/static/page.js), sharing
// their chunks. package.json "browser" puts the host's browser side (src/platform/browser-host.ts)
// in place of its Node side; the build fails if a Node module is still reached.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { projectPath } from '../src/project-path.js';

const out = projectPath('dist', 'browser');
rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: projectPath(),
  entryPoints: {
    index: 'dist/src/browser/index.js',
    'kernel-worker': 'dist/src/browser/kernel-worker.js',
    playground: 'service/playground/static/page.js',
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  logLevel: 'warning',
});
