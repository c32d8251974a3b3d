// The engine never loads the service's packages. package.json splits the third-party packages in
// two: `dependencies`, what the library (the package root and its subpaths) and the CLI outside
// serve/admin/worker import, and `optionalDependencies`, what only service/ imports (Fastify,
// PGlite, oidc-provider, argon2, ...), so `npm install campaign-sim --omit=optional` gives a
// working engine (docs/architecture.md, "Dependencies"). This walks the imports of the sources
// (static, dynamic and type-only, from the TypeScript syntax tree) from the package's entry points:
// the engine's reach no service/ or cli/ file and no optional package, except the optional
// features' packages (OPTIONAL_FEATURES), imported only when the feature is asked for; the CLI's
// static imports (what loads before any command runs) reach no optional package; and
// `dependencies` is exactly what the engine and the CLI import, so a package cannot drift to the
// wrong list.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-path.js';

const pkg = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { dependencies: Record<string, string>; optionalDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(projectPath('package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; optional?: boolean }> };

/** A type-only import (`import type ... from 'geojson'`) served by an @types package a dependency brings to every install. */
const typesInstalled = (p: string) => {
  const entry = lock.packages[`node_modules/@types/${p}`];
  return entry !== undefined && !entry.dev && !entry.optional;
};

/** The package of a bare specifier: `@scope/name` or `name`. */
const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

interface Reach { files: Set<string>; packages: Map<string, string> }
type Kind = 'static' | 'dynamic' | 'type';

/** The module specifiers of a file by kind: loaded with the file, loaded when an import() runs, or erased (types only). */
function importsOf(file: string): { spec: string; kind: Kind }[] {
  const source = ts.createSourceFile(file, readFileSync(projectPath(file), 'utf8'), ts.ScriptTarget.ES2022, true);
  const out: { spec: string; kind: Kind }[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const typeOnly = ts.isImportDeclaration(node)
        ? clause !== undefined && (clause.isTypeOnly || (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)))
        : node.isTypeOnly;
      out.push({ spec: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'static' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      out.push({ spec: node.arguments[0].text, kind: 'dynamic' });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push({ spec: node.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * Every repository file and third-party package reachable from `roots` (paths from the repository
 * root) through imports of the given kinds; `stop` files are reached but not entered.
 */
function reach(roots: string[], kinds: readonly Kind[], stop: (file: string) => boolean = () => false): Reach {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const todo = [...roots];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (stop(file)) continue;
    for (const { spec, kind } of importsOf(file)) {
      if (!kinds.includes(kind)) continue;
      if (spec.startsWith('.')) todo.push(relative(projectPath(), join(projectPath(dirname(file)), spec)).replace(/\.js$/, '.ts'));
      else if (!spec.startsWith('node:') && !builtinModules.includes(spec)) packages.set(packageOf(spec), file);
    }
  }
  return { files, packages };
}

const ALL: Kind[] = ['static', 'dynamic', 'type'];
/**
 * Optional packages the engine may load with import() when a feature that needs them is asked for,
 * and that refuse it on one line when absent: the PNG renderer (src/findings/chart-png.ts).
 */
const OPTIONAL_FEATURES = ['@resvg/resvg-js'];
const ENGINE = ['src/index.ts', 'src/internals.ts', 'calibration/index.ts', 'library/index.ts'];
const SERVICE_COMMANDS = ['cli/serve.ts', 'cli/admin.ts', 'cli/worker-command.ts'];

describe('dependencies', () => {
  const engine = reach(ENGINE, ALL);

  it('the package root and subpaths reach no service or CLI file and no optional package but the optional features\' (lazily)', () => {
    expect([...engine.files].filter((f) => f.startsWith('service/') || f.startsWith('cli/'))).toEqual([]);
    expect([...engine.packages].filter(([p]) => p in pkg.optionalDependencies && !OPTIONAL_FEATURES.includes(p))).toEqual([]);
    const loaded = reach(ENGINE, ['static']);
    expect([...loaded.packages].filter(([p]) => p in pkg.optionalDependencies)).toEqual([]);
  });

  it('starts the CLI without loading an optional package (each command loads its modules when it runs)', () => {
    const startup = reach(['cli/main.ts'], ['static']);
    expect([...startup.packages].filter(([p]) => p in pkg.optionalDependencies)).toEqual([]);
  });

  it('lists as dependencies exactly what the engine and the CLI outside serve, admin and worker import', () => {
    const cli = reach(['cli/main.ts'], ALL, (f) => SERVICE_COMMANDS.includes(f) || f.startsWith('service/'));
    const used = new Set([...engine.packages.keys(), ...cli.packages.keys()].filter((p) => !OPTIONAL_FEATURES.includes(p)));
    expect([...used].filter((p) => !(p in pkg.dependencies) && !typesInstalled(p))).toEqual([]);
    expect(Object.keys(pkg.dependencies).filter((p) => !used.has(p))).toEqual([]);
  });

  it('lists as optional dependencies only packages of the service and of the optional features', () => {
    const service = reach([...SERVICE_COMMANDS], ALL);
    const usedByService = new Set(service.packages.keys());
    // light-my-request is a pin (Fastify's own dependency held at a version that runs on Node 20:
    // README); leaflet is served as files to the console's map (createRequire().resolve, no import)
    const notImported = ['light-my-request', 'leaflet'];
    expect(Object.keys(pkg.optionalDependencies).filter((p) => !usedByService.has(p) && !notImported.includes(p) && !OPTIONAL_FEATURES.includes(p))).toEqual([]);
  });
});
