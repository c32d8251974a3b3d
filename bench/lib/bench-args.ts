// The command line of a bench, `node dist/bench/<name>.js [flags]`: the bench declares what it
// measures, what it writes, its flags (node:util parseArgs options, each with its meaning) and the
// environment it reads; parseBenchArgs answers --help / -h with that usage (exit 0), and refuses an
// unknown flag, a flag without its value or a value its check rejects with one line on stderr
// (exit 2), both before the bench does any work: a bench takes minutes, so a typo must not start it.
// In bench/lib/ so that bench/run.ts, which runs every dist/bench/*.js, does not take it for a suite.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** What a flag's value (or a positional argument) must be: the refusal says `expected`. */
export interface ValueCheck {
  accepts(value: string): boolean;
  expected: string;
}

/** One flag: a node:util parseArgs option (its `type`, `short`, `default`) and its meaning. */
export interface BenchOption {
  type: 'string' | 'boolean';
  short?: string;
  default?: string | boolean;
  /** What the flag does, for --help. */
  description: string;
  /** The value's name in --help (string flags): `--reps N`. */
  value?: string;
  check?: ValueCheck;
  /** A flag the bench passes to a child process of its own: accepted, but not listed in --help. */
  internal?: boolean;
}

export interface BenchSpec<O extends Record<string, BenchOption>> {
  /** The bench's file name without .js: `node dist/bench/<name>.js`. */
  name: string;
  /** What it measures, for --help. */
  measures: string;
  /** Result files written to the bench output folder (bench/lib/bench-output.ts: bench/out/, or $BENCH_OUT). */
  results?: readonly string[];
  /** Other files it writes, from the project root. */
  writes?: readonly string[];
  options: O;
  /** Positional arguments, when it takes any. */
  positionals?: { name: string; description: string; check?: ValueCheck };
  /** Environment variables it reads (BENCH_OUT is listed already when it writes `results`). */
  env?: Record<string, string>;
}

export type BenchArgs<O extends Record<string, BenchOption>> = Pick<
  ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>>,
  'values' | 'positionals'
>;

export const wholeNumber = (min = 1): ValueCheck => ({
  accepts: (v) => /^\d+$/.test(v) && Number(v) >= min,
  expected: `a whole number >= ${min}`,
});

export const positiveNumber: ValueCheck = {
  accepts: (v) => /^(\d+\.?\d*|\.\d+)$/.test(v) && Number(v) > 0,
  expected: 'a number > 0',
};

export const oneOf = (values: readonly string[]): ValueCheck => ({
  accepts: (v) => values.includes(v),
  expected: `one of ${values.join(', ')}`,
});

export const listOf = (each: ValueCheck): ValueCheck => ({
  accepts: (v) => v.split(',').every((x) => each.accepts(x)),
  expected: `a comma-separated list, each ${each.expected}`,
});

const HELP: BenchOption = { type: 'boolean', short: 'h', description: 'print this help and exit' };
const WIDTH = 100;
const COLUMN = 26;

/**
 * The bench's flags and positional arguments from `args`. Prints the usage and exits 0 on --help,
 * prints one line and exits 2 on an argument it refuses.
 */
export function parseBenchArgs<O extends Record<string, BenchOption>>(spec: BenchSpec<O>, args: readonly string[] = process.argv.slice(2)): BenchArgs<O> {
  const options = { ...spec.options, help: HELP };
  const config = { args, options, strict: true, allowPositionals: spec.positionals !== undefined } satisfies ParseArgsConfig;
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs(config);
  } catch (err) {
    if (asksForHelp(args, options)) return exitWithUsage(spec);
    return refuseBenchArgs(spec.name, argumentProblem(err, options));
  }
  if (parsed.values.help) return exitWithUsage(spec);
  for (const [name, option] of Object.entries(spec.options)) {
    const value = parsed.values[name];
    if (option.check && typeof value === 'string' && !option.check.accepts(value)) refuseBenchArgs(spec.name, `--${name} ${JSON.stringify(value)}: expected ${option.check.expected}`);
  }
  const p = spec.positionals;
  for (const value of parsed.positionals) {
    if (p?.check && !p.check.accepts(value)) refuseBenchArgs(spec.name, `${p.name} ${JSON.stringify(value)}: expected ${p.check.expected}`);
  }
  return { values: parsed.values, positionals: parsed.positionals } as BenchArgs<O>;
}

/** Whether --help is among arguments refused for another reason (then the help wins). */
function asksForHelp(args: readonly string[], options: Record<string, BenchOption>): boolean {
  return parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true }).tokens.some((t) => t.kind === 'option' && t.name === 'help');
}

/** parseArgs's refusal as a short phrase naming the flag (its own message spans lines). */
function argumentProblem(err: unknown, options: Record<string, BenchOption>): string {
  const { code, message } = err as { code?: string; message?: string };
  const quoted = /'([^']*)'/.exec(message ?? '')?.[1] ?? '';
  const flag = /--[\w-]+/.exec(quoted)?.[0] ?? quoted.split(' ')[0];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown flag ${flag}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument ${JSON.stringify(quoted)}: this bench takes flags only`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return options[flag.replace(/^-+/, '')]?.type === 'boolean' ? `${flag} takes no value` : `${flag} needs a value`;
  throw err;
}

/** Refuses the arguments of bench `name` with one line on stderr (exit 2): for a check across flags, made after parseBenchArgs and before any work. */
export function refuseBenchArgs(name: string, problem: string): never {
  process.stderr.write(`${name}: ${problem} (see node dist/bench/${name}.js --help)\n`);
  process.exit(2);
}

function exitWithUsage(spec: BenchSpec<Record<string, BenchOption>>): never {
  process.stdout.write(benchUsage(spec));
  process.exit(0);
}

/** The --help text. */
function benchUsage(spec: BenchSpec<Record<string, BenchOption>>): string {
  const p = spec.positionals;
  const lines = [`Usage: node dist/bench/${spec.name}.js [options]${p ? ` [${p.name} ...]` : ''}`, '', ...wrap(spec.measures, 0), ''];
  const writes = [...(spec.results ?? []).map((f) => `bench/out/${f}`), ...(spec.writes ?? [])];
  if (writes.length) lines.push(...wrap(`Writes: ${writes.join(', ')}${spec.results?.length ? ' (into $BENCH_OUT instead of bench/out/ when it is set)' : ''}`, 0), '');
  if (p) lines.push('Arguments:', ...entry(`${p.name} ...`, p.description), '');
  lines.push('Options:');
  for (const [name, o] of Object.entries({ ...spec.options, help: HELP })) {
    if (o.internal) continue;
    const flag = `${o.short ? `-${o.short}, ` : ''}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    const dflt = o.default !== undefined && o.default !== false ? `; default ${o.default === '' ? "''" : o.default}` : '';
    lines.push(...entry(flag, `${o.description}${dflt}`));
  }
  const env = {
    ...(spec.results?.length ? { BENCH_OUT: 'the folder for the results, absolute or from the project root (default bench/out; BENCH_OUT=bench/results refreshes the committed ones)' } : {}),
    ...spec.env,
  };
  if (Object.keys(env).length) lines.push('', 'Environment:', ...Object.entries(env).flatMap(([name, meaning]) => entry(name, meaning)));
  return `${lines.join('\n')}\n`;
}

/** A name and its meaning, the meaning wrapped in a column of its own. */
function entry(name: string, meaning: string): string[] {
  const [first, ...rest] = wrap(meaning, COLUMN);
  const head = `  ${name}`;
  return head.length < COLUMN ? [`${head.padEnd(COLUMN)}${first.trimStart()}`, ...rest] : [head, first, ...rest];
}

/** `text` in lines of at most WIDTH characters (a longer word stays whole), each indented by `indent`. */
function wrap(text: string, indent: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent + line.length + 1 + word.length > WIDTH) {
      lines.push(' '.repeat(indent) + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, ' '.repeat(indent) + line];
}
