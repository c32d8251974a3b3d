// A model family's choices are its room's (src/models/<familia>/, docs/architecture.md "Stages"):
// outside src/models/ no code of the engine or its adapters compares a familia with a name, or
// anything with a family's name, or switches on one; it asks modelFor(familia) instead. Read from
// each file's syntax tree, so comments and strings do not count; a test of this file shows the
// search finds every form it refuses.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SCENARIO_SCHEMA } from '../../src/contract/scenario-schema.js';
import { MODEL_FAMILIES, modelFor } from '../../src/models/model-registry.js';
import { projectPath } from '../../src/project-path.js';

const FOLDERS = ['src', 'calibration', 'library', 'service', 'cli'];
const ROOMS = 'src/models/';
const NAMES = new Set(MODEL_FAMILIES.map((m) => m.familia as string));

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const isFamilyName = (e: ts.Expression) => ts.isStringLiteralLike(e) && NAMES.has(e.text);
const isFamilia = (e: ts.Expression) =>
  (ts.isIdentifier(e) && e.text === 'familia') || (ts.isPropertyAccessExpression(e) && e.name.text === 'familia');
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken,
]);

/** `line: text` of each comparison with a familia or a family's name, and each switch on a familia or case of a name, in `text`. */
function familyBranches(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  const hit = (node: ts.Node) => out.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      if ([node.left, node.right].some((e) => isFamilia(e) || isFamilyName(e))) hit(node);
    } else if (ts.isSwitchStatement(node) && isFamilia(node.expression)) hit(node.expression);
    else if (ts.isCaseClause(node) && isFamilyName(node.expression)) hit(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('model families', () => {
  it('are branched on nowhere outside their rooms (src/models/)', () => {
    const found = FOLDERS.flatMap((f) => sourceFiles(projectPath(f)))
      .map((p) => relative(projectPath(), p).split('\\').join('/'))
      .filter((file) => !file.startsWith(ROOMS))
      .flatMap((file) => familyBranches(file, readFileSync(projectPath(file), 'utf8')).map((b) => `${file}:${b}`));
    expect(found).toEqual([]);
  });

  it('the search finds each form it refuses, and not a name in a comment or a plain string', () => {
    const text = [
      "if (s.familia === 'adocao') f();",
      "const r = familia !== 'recepcao';",
      "const q = 'recepcao' == kind;",
      'switch (plan.familia) { default: }',
      "switch (x) { case 'adocao': break; }",
      "// familia === 'adocao' in a comment",
      "const doc = { familia: 'recepcao' };",
      "const m = modelFor(s.familia);",
    ].join('\n');
    expect(familyBranches('probe.ts', text).map((b) => b.split(':')[0])).toEqual(['1', '2', '3', '4', '5']);
  });

  it('has a room for every familia of the contract, each under its own name', () => {
    const familia = (SCENARIO_SCHEMA.properties as Record<string, { enum?: string[] }>).familia?.enum;
    expect([...NAMES].sort()).toEqual([...(familia ?? [])].sort());
    for (const name of NAMES) expect(modelFor(name as never).familia).toBe(name);
  });
});
