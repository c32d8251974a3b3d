// Files named on the command line. A file that cannot be read, or a JSON file that is not JSON,
// is the user's input being refused, and so is a path a command cannot write (output-file.ts):
// main.ts prints the message on one line and exits 2, instead of a stack trace.
import { readFile } from 'node:fs/promises';

export class InputFileError extends Error {}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
};

/** Runs `read` of the file `path`; a file system failure becomes an InputFileError naming the file. */
export async function readingInput<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code !== 'string' || (e as NodeJS.ErrnoException).syscall === undefined) throw e;
    throw new InputFileError(`cannot read ${path}: ${REASONS[code] ?? code}`);
  }
}

export function readInputText(path: string): Promise<string> {
  return readingInput(path, () => readFile(path, 'utf8'));
}

export async function readInputJson(path: string): Promise<unknown> {
  const text = await readInputText(path);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InputFileError(`${path} is not JSON: ${(e as Error).message}`);
  }
}
