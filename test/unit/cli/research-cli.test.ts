// The researcher's commands that need no simulation: the shipped examples, a wrong flag answered on
// one line (not the whole help), the seed pointer in simulate's help, and sweep's and sensitivity's refusals.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../../src/project-path.js';
import { newestRelease } from '../../../src/release/release.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';

describe('campaign-sim examples', () => {
  it('lists the shipped examples and prints one', async () => {
    const list = await runCliCaptured('examples', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^adocao-rr\s+adocao-rr\.json$/m);
    const show = await runCliCaptured('examples', 'show', 'adocao-rr');
    expect(show).toMatchObject({ code: 0, err: '' });
    expect(show.out).toBe(readFileSync(projectPath('examples/adocao-rr.json'), 'utf8'));
  });

  it('runs the newest release, or says in its nome why it pins an older one (issue 57)', () => {
    const files = readdirSync(projectPath('examples')).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) {
      const doc = JSON.parse(readFileSync(projectPath('examples', f), 'utf8'));
      const cenario = doc.cenario ?? doc;
      if (cenario.release === newestRelease()) continue;
      expect(cenario.nome, f).toMatch(new RegExp(`\\(${cenario.release.replaceAll('.', '\\.')} fixada: .{10,}\\)$`));
    }
    // the Pix example runs the newest release, whose Pix fit says what it is
    expect(JSON.parse(readFileSync(projectPath('examples/adocao-pix-rr.json'), 'utf8')).release).toBe(newestRelease());
  });

  it('refuses an unknown example naming the others, exit 2', async () => {
    const r = await runCliCaptured('examples', 'show', 'nada');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no example "nada"; the examples are .*adocao-rr/);
  });
});

describe('a wrong flag', () => {
  it('prints one error line and where the help is, not the whole help', async () => {
    const r = await runCliCaptured('simulate', 'x.json', '--nao-existe');
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toEqual(["error: unknown option '--nao-existe'", '(see campaign-sim --help, or campaign-sim <command> --help)']);
    expect(r.out).toBe('');
  });
});

describe('where the seed is', () => {
  it('simulate --help says randomness is keyed by grupo_comparacao', async () => {
    const r = await runCliCaptured('simulate', '--help');
    expect(r.out).toMatch(/there is no --seed.*grupo_comparacao/s);
  });
});

describe('campaign-sim sweep', () => {
  it('refuses a grid without values and an unknown name before running anything', async () => {
    const file = projectPath('examples/adocao-rr.json');
    const empty = await runCliCaptured('sweep', file, '--grid', 'beta0');
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/expected name=v1,v2/);
    const unknown = await runCliCaptured('sweep', file, '--grid', 'semente=1,2');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/"semente" is neither a model parameter/);
  });
});

describe('campaign-sim sensitivity', () => {
  it('refuses on one line, exit 2, before running: an unknown parameter, lo >= hi, an end outside the range, too few trajectories', async () => {
    const file = projectPath('examples/recepcao-rr.json');
    const cases: [string[], RegExp][] = [
      [['--param', 'semente=0,1'], /^campaign-sim: invalid_request: "semente" is neither a model parameter/],
      [['--param', 'beta0=-1,-2'], /^campaign-sim: invalid_request: beta0: lo -1 must be below hi -2$/],
      [['--param', 'conversao_social=-1,0.5'], /^campaign-sim: invalid_request: conversao_social: -1 is not a number >= 0/],
      [['--param', 'beta0=-2,-1', '--trajetorias', '1'], /^campaign-sim: invalid_request: a morris design needs trajetorias, a whole number from 2/],
      [['--param', 'beta0=-2,-1', '--param', 'beta0=-3,-1'], /--param beta0 is given twice/],
      [['--param', 'beta0=-2,-1', '--amostras', '20'], /--amostras is for --method lhs/],
      [['--param', 'beta0=-2,-1', '--method', 'sobol'], /--method must be morris or lhs/],
    ];
    for (const [args, message] of cases) {
      const r = await runCliCaptured('sensitivity', file, ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.err.trim(), args.join(' ')).toMatch(message);
      expect(r.out).toBe('');
    }
  });
});
