// The package's package.json: its version for the CLI's --version and the OpenAPI document, its
// optional (service) dependencies for the CLI's message when one is not installed.
import { readFileSync } from 'node:fs';
import { projectPath } from './project-path.js';

export interface PackageJson {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export function readPackageJson(): PackageJson {
  return JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as PackageJson;
}

export function readPackageVersion(): string {
  return readPackageJson().version;
}
