// A bench's command line (bench/lib/bench-args.ts): --help prints the usage and exits 0, an
// argument it refuses is one line on stderr and exit 2, and what it accepts comes back parsed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOf, oneOf, parseBenchArgs, positiveNumber, refuseBenchArgs, wholeNumber } from '../../../bench/lib/bench-args.js';

const spec = {
  name: 'demo',
  measures: 'How fast the demo runs.',
  results: ['demo.json'],
  positionals: { name: 'UF', description: 'only these UFs', check: oneOf(['RR', 'SP']) },
  options: {
    reps: { type: 'string', value: 'N', default: '200', check: wholeNumber(), description: 'reads of each route' },
    ufs: { type: 'string', value: 'LIST', check: listOf(oneOf(['RR', 'SP'])), description: 'the UFs' },
    fast: { type: 'boolean', description: 'skip the slow part' },
    child: { type: 'string', internal: true, description: 'the child of a build' },
  },
  env: { DEMO_URL: 'the server' },
} as const;

class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

let stdout = '';
let stderr = '';

beforeEach(() => {
  stdout = '';
  stderr = '';
  vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Exit(Number(code));
  });
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The exit code parseBenchArgs ended the process with. */
function exitCode(args: string[]): number {
  try {
    parseBenchArgs(spec, args);
  } catch (err) {
    if (err instanceof Exit) return err.code;
    throw err;
  }
  throw new Error('parseBenchArgs returned');
}

describe('parseBenchArgs', () => {
  it('answers --help and -h with the usage: what it measures, where it writes, each flag and default, the environment', () => {
    expect(exitCode(['--help'])).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.split('\n')).toEqual(expect.arrayContaining([
      'Usage: node dist/bench/demo.js [options] [UF ...]',
      'How fast the demo runs.',
      'Writes: bench/out/demo.json (into $BENCH_OUT instead of bench/out/ when it is set)',
      '  UF ...                  only these UFs',
      '  --reps N                reads of each route; default 200',
      '  --ufs LIST              the UFs',
      '  --fast                  skip the slow part',
      '  -h, --help              print this help and exit',
      '  DEMO_URL                the server',
    ]));
    expect(stdout).toMatch(/^ {2}BENCH_OUT +the folder for the results/m);
    expect(stdout).not.toContain('--child');
    const help = stdout;
    stdout = '';
    expect(exitCode(['-h'])).toBe(0);
    expect(stdout).toBe(help);
  });

  it('prints the help even beside an argument it would refuse', () => {
    expect(exitCode(['--nope', '--help'])).toBe(0);
    expect(stdout).toMatch(/^Usage: /);
    expect(stderr).toBe('');
  });

  it.each([
    [['--reps', '3', '--nope'], 'unknown flag --nope'],
    [['-x'], 'unknown flag -x'],
    [['--reps'], '--reps needs a value'],
    [['--reps', '--fast'], '--reps needs a value'],
    [['--fast=yes'], '--fast takes no value'],
    [['--reps', 'many'], '--reps "many": expected a whole number >= 1'],
    [['--reps', '0'], '--reps "0": expected a whole number >= 1'],
    [['--ufs', 'RR,XX'], '--ufs "RR,XX": expected a comma-separated list, each one of RR, SP'],
    [['RR', 'XX'], 'UF "XX": expected one of RR, SP'],
  ])('refuses %j with one line and exit 2', (args, problem) => {
    expect(exitCode(args)).toBe(2);
    expect(stderr).toBe(`demo: ${problem} (see node dist/bench/demo.js --help)\n`);
    expect(stdout).toBe('');
  });

  it('refuses a positional argument when the bench takes none', () => {
    const code = (() => {
      try {
        parseBenchArgs({ name: 'flat', measures: 'm', options: {} }, ['RR']);
      } catch (err) {
        return (err as Exit).code;
      }
    })();
    expect(code).toBe(2);
    expect(stderr).toBe('flat: unexpected argument "RR": this bench takes flags only (see node dist/bench/flat.js --help)\n');
  });

  it('refuses flags that do not go together in the same one line (refuseBenchArgs, after parsing)', () => {
    expect(() => refuseBenchArgs('demo', '--a and --b: give one')).toThrow(new Exit(2));
    expect(stderr).toBe('demo: --a and --b: give one (see node dist/bench/demo.js --help)\n');
    expect(stdout).toBe('');
  });

  it('returns the flags, their defaults and the positional arguments', () => {
    const given = parseBenchArgs(spec, ['--reps', '7', '--fast', '--ufs=SP', 'RR', 'SP', '--child', 'RR']);
    expect(given).toEqual({ values: { reps: '7', fast: true, ufs: 'SP', child: 'RR' }, positionals: ['RR', 'SP'] });
    const reps: string = given.values.reps;
    const fast: boolean | undefined = given.values.fast;
    expect([reps, fast]).toEqual(['7', true]);
    expect(parseBenchArgs(spec, [])).toEqual({ values: { reps: '200' }, positionals: [] });
    expect(process.exit).not.toHaveBeenCalled();
  });
});

describe('value checks', () => {
  it('a whole number, a positive number, a list', () => {
    expect(['0', '1', '12'].map((v) => wholeNumber(0).accepts(v))).toEqual([true, true, true]);
    expect(['', '-1', '1.5', '1e3', ' 2'].map((v) => wholeNumber(0).accepts(v))).toEqual([false, false, false, false, false]);
    expect(['0.5', '.5', '3', '800'].map((v) => positiveNumber.accepts(v))).toEqual([true, true, true, true]);
    expect(['0', '-2', 'x', '', 'Infinity'].map((v) => positiveNumber.accepts(v))).toEqual([false, false, false, false, false]);
    expect(listOf(oneOf(['a', 'b'])).accepts('a,b,a')).toBe(true);
    expect(listOf(oneOf(['a', 'b'])).accepts('a,,b')).toBe(false);
  });
});
