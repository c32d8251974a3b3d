// The package's version (package.json), for the CLI's --version and the OpenAPI document.
import { readFileSync } from 'node:fs';
import { projectPath } from './project-path.js';

export function readPackageVersion(): string {
  return (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
}
