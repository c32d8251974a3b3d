// The contract's TypeScript types have one owner, the JSON Schemas: src/contract/schema-types.ts
// is what `npm run schemas:types` makes of them, so a schema changed without regenerating (or a
// hand edit of the generated file) fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_TYPES_FILE, schemaTypesSource } from '../../../scripts/schema-types.js';
import { projectPath } from '../../../src/project-path.js';

describe('schema-types.ts', () => {
  it('is the committed output of npm run schemas:types for the current schemas', async () => {
    expect(readFileSync(projectPath(SCHEMA_TYPES_FILE), 'utf8')).toBe(await schemaTypesSource());
  });
});
