// The kernel A/B bench (bench/kernel-ab.ts) end to end on a small task: an A/A run of this
// checkout against itself gives the same state (or, timing the reduction, the same counts) on both
// sides in every round, alternates the order and writes its paired ratios with their median and interval.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../../src/project-path.js';

function kernelAb(args: string[]): Promise<{ code: number; stdout: string; stderr: string; out: string }> {
  const out = mkdtempSync(join(tmpdir(), 'kernel-ab-'));
  return new Promise((resolve) => {
    execFile(process.execPath, [projectPath('dist', 'bench', 'kernel-ab.js'), ...args], { cwd: projectPath(), env: { ...process.env, BENCH_OUT: out } }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr, out });
    });
  });
}

describe('kernel-ab', () => {
  it('an A/A run on RR: the same states every round, both orders, the ratios summed up', async () => {
    const r = await kernelAb(['--familia', 'adocao', '--uf', 'RR', '--dias', '20', '--rodadas', '4']);
    try {
      expect(r.code, r.stderr).toBe(0);
      const doc = JSON.parse(readFileSync(join(r.out, 'kernel-ab.json'), 'utf8'));
      expect(doc.aa).toBe(true);
      expect(doc.estados_iguais).toBe(true);
      expect(doc.razoes_base_sobre_novo).toHaveLength(4);
      expect(doc.intervalo_95_mediana[0]).toBeLessThanOrEqual(doc.mediana_razao);
      expect(doc.intervalo_95_mediana[1]).toBeGreaterThanOrEqual(doc.mediana_razao);
      expect(r.stdout).toMatch(/round 1\/4 \(base first\)/);
      expect(r.stdout).toMatch(/round 2\/4 \(novo first\)/);
    } finally {
      rmSync(r.out, { recursive: true, force: true });
    }
  }, 120_000);

  it('with --fase reducao, times the reduction of one task and compares the counts', async () => {
    const r = await kernelAb(['--fase', 'reducao', '--familia', 'recepcao', '--uf', 'RR', '--dias', '14', '--canais', '2', '--rodadas', '2']);
    try {
      expect(r.code, r.stderr).toBe(0);
      const doc = JSON.parse(readFileSync(join(r.out, 'kernel-ab.json'), 'utf8'));
      expect(doc.fase).toBe('reducao');
      expect(doc.estados_iguais).toBe(true);
      expect(doc.pessoas_por_segundo_cpu_novo).toBeGreaterThan(0);
      expect(r.stdout).toMatch(/round 1\/2 \(base first\): .*counts the same/);
    } finally {
      rmSync(r.out, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a --base that is not a built checkout, in one line, before any work', async () => {
    const r = await kernelAb(['--base', join(tmpdir(), 'no-such-checkout')]);
    rmSync(r.out, { recursive: true, force: true });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--base .*not a built checkout/);
  });
});
