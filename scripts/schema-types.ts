// Writes src/contract/schema-types.ts, the TypeScript types of the contract formats, from their
// JSON Schemas (src/contract/scenario-schema.ts, calibration-schema.ts: the one owner) with
// json-schema-to-typescript. Run: npm run schemas:types. test/unit/contract/schema-types.test.ts
// regenerates the file in memory and fails when the committed copy differs. docs/contracts.md
// ("TypeScript types") says why this tool and not json-schema-to-ts.
//
// json-schema-to-typescript reads draft 4-7, so a copy of the schema is first rewritten into
// what it reads, with the same types:
//   - prefixItems and fixed-length arrays (minItems = maxItems) become tuples;
//   - a oneOf whose branches only say which properties are required (territorio) becomes one
//     object type per branch, with the branch's properties (and those they require) required
//     and the others absent;
//   - an if/then/else whose branches give a shape (pergunta, agrupamento) becomes the union of
//     the branches, leaving out a branch that admits nothing (`not: {}`); one whose branches only
//     add constraints (lancamento, the moments of a question) is left to validation;
//   - a nullable object becomes the named object or null, so its name stays the object's;
//   - x-type-name names a node's type, and a name owned by a lower stage (UfCode) is imported.
import { writeFileSync } from 'node:fs';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { CALIBRATION_SCHEMA } from '../src/contract/calibration-schema.js';
import { TYPE_NAME_KEYWORD, type JsonSchema } from '../src/contract/scenario-schema.js';
import { projectPath } from '../src/project-path.js';
import { runAsMain } from '../bench/lib/run-as-main.js';

export const SCHEMA_TYPES_FILE = 'src/contract/schema-types.ts';

/** Names the generated file imports instead of declaring, by module. */
const IMPORTED: Record<string, string> = { UfCode: '../release/types.js' };
/** Keywords that only constrain values: the types do not state them. */
const CONSTRAINT_ONLY = ['x-contract-code', 'title', 'dependentRequired', 'minItems', 'maxItems', 'not'];
const SHAPE = ['$ref', 'type', 'const', 'enum', 'items', 'prefixItems', 'properties'];

const isObject = (v: unknown): v is JsonSchema => v !== null && typeof v === 'object' && !Array.isArray(v);
const admitsNothing = (b: unknown) => isObject(b) && isObject(b.not) && Object.keys(b.not).length === 0;
const givesShape = (b: unknown) => isObject(b) && SHAPE.some((k) => k in b);

/** Required properties of one oneOf branch, closed over dependentRequired. */
function requiredClosure(required: string[], dependent: Record<string, string[]> = {}): string[] {
  const out = [...required];
  for (let i = 0; i < out.length; i++) for (const d of dependent[out[i]] ?? []) if (!out.includes(d)) out.push(d);
  return out;
}

/** The copy of one schema node that json-schema-to-typescript reads (see the header). */
function typeSchema(node: unknown, nullableDefs: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => typeSchema(n, nullableDefs));
  if (!isObject(node)) return node;
  const name = node[TYPE_NAME_KEYWORD] as string | undefined;
  if (name !== undefined && name in IMPORTED) return { tsType: name, ...(node.description ? { description: node.description } : {}) };
  const n: JsonSchema = { ...node };
  if (typeof n.$ref === 'string' && nullableDefs.has(n.$ref)) return { anyOf: [{ $ref: n.$ref }, { type: 'null' }] };
  if (Array.isArray(n.type) && n.type.includes('object') && n.type.includes('null')) {
    const { description, ...object } = n;
    return { ...(description ? { description } : {}), anyOf: [typeSchema({ ...object, type: 'object' }, nullableDefs), { type: 'null' }] };
  }
  if (Array.isArray(n.prefixItems)) {
    n.items = n.prefixItems;
    n.additionalItems = false;
    delete n.prefixItems;
  } else if (n.type === 'array' && isObject(n.items) && n.minItems !== undefined && n.minItems === n.maxItems) {
    n.items = Array.from({ length: n.minItems as number }, () => n.items);
    n.additionalItems = false;
  }
  const oneOf = n.oneOf as JsonSchema[] | undefined;
  if (oneOf && isObject(n.properties) && oneOf.every((b) => Object.keys(b).join() === 'required')) {
    const properties = n.properties;
    n.anyOf = oneOf.map((b) => {
      const keys = requiredClosure(b.required as string[], n.dependentRequired as Record<string, string[]> | undefined);
      return { type: 'object', additionalProperties: false, required: keys, properties: Object.fromEntries(keys.map((k) => [k, properties[k]])) };
    });
    delete n.oneOf;
    delete n.properties;
    delete n.type;
  }
  if ('if' in n) {
    const branches = [n.then, n.else].filter((b) => b !== undefined && !admitsNothing(b)) as JsonSchema[];
    if ([n.then, n.else].some((b) => givesShape(b) || admitsNothing(b))) {
      // One branch left: the node is that branch; a lone $ref stays bare, so it names the same type.
      if (branches.length === 1 && '$ref' in branches[0]) return { $ref: branches[0].$ref };
      delete n.type;
      if (branches.length === 1) Object.assign(n, branches[0]);
      else n.anyOf = branches;
    }
    delete n.if;
    delete n.then;
    delete n.else;
  }
  for (const k of CONSTRAINT_ONLY) delete n[k];
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(n)) out[k] = typeSchema(v, nullableDefs);
  if (Array.isArray(out.allOf)) {
    out.allOf = (out.allOf as JsonSchema[]).filter((s) => Object.keys(s).length > 0);
    if ((out.allOf as JsonSchema[]).length === 0) delete out.allOf;
  }
  return out;
}

/** The source of src/contract/schema-types.ts from the calibration schema (which embeds the scenario's). */
export function schemaTypesSource(calibrationSchema: JsonSchema = CALIBRATION_SCHEMA): Promise<string> {
  const defs = (calibrationSchema.$defs ?? {}) as Record<string, JsonSchema>;
  const nullable = Object.keys(defs).filter((k) => Array.isArray(defs[k].type) && (defs[k].type as string[]).includes('null'));
  const copy = typeSchema(calibrationSchema, new Set(nullable.map((k) => `#/$defs/${k}`))) as JsonSchema;
  for (const k of nullable) {
    (copy.$defs as Record<string, unknown>)[k] = typeSchema({ ...defs[k], type: (defs[k].type as string[]).filter((t) => t !== 'null') }, new Set());
  }
  const imports = Object.entries(IMPORTED).map(([type, from]) => `import type { ${type} } from '${from}';`).join('\n');
  return compile(copy as JSONSchema, 'CalibrationRequest', {
    bannerComment:
      '// Generated from the contract JSON Schemas (scenario-schema.ts, calibration-schema.ts) by\n' +
      '// `npm run schemas:types` (scripts/schema-types.ts): do not edit; change the schema and rerun.\n' +
      `${imports}\n`,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: true,
    customName: (schema) => (schema as JsonSchema)[TYPE_NAME_KEYWORD] as string | undefined,
    style: { singleQuote: true, bracketSpacing: true, printWidth: 120 },
  });
}

async function main(): Promise<void> {
  writeFileSync(projectPath(SCHEMA_TYPES_FILE), await schemaTypesSource());
  process.stdout.write(`wrote ${SCHEMA_TYPES_FILE}\n`);
}

runAsMain(import.meta.url, main);
