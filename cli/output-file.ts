// Files and folders a command will write, checked before it runs: a simulation of seconds or
// minutes must not end on a path it cannot write. A file must be creatable (its folder exists and
// takes a new file) or, when it exists, writable; a folder (--out) is made, one level at a time,
// and must take a new file. The folder is made with one non-recursive mkdir per missing level:
// Node's recursive mkdir loops forever on a path the file system refuses with ENOENT (/proc/x).
// A refusal is an InputFileError: one line, exit 2.
import { constants } from 'node:fs';
import { mkdir, open, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { InputFileError } from './input-file.js';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  ENOENT: 'the file system does not take a new file there',
  ENOSPC: 'no space left on the device',
};

function refused(flag: string, path: string, e: unknown): InputFileError {
  const code = (e as NodeJS.ErrnoException).code ?? String(e);
  return new InputFileError(`${flag} ${path}: cannot write there: ${REASONS[code] ?? code} (checked before the run)`);
}

async function statOrNull(path: string) {
  try {
    return await stat(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Creates `path` as a new empty file and removes it: O_EXCL never truncates a file that appeared meanwhile. */
async function probeNewFile(path: string): Promise<void> {
  await (await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL)).close();
  await unlink(path);
}

/** `path` can be written: an existing writable file, or a new file in an existing folder (made and removed again). */
export async function checkOutputFile(flag: string, path: string): Promise<void> {
  try {
    const found = await statOrNull(path);
    if (found?.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
    if (found === null) {
      const folder = dirname(resolve(path));
      const parent = await statOrNull(folder);
      if (parent === null) throw new InputFileError(`${flag} ${path}: the folder ${folder} does not exist (checked before the run)`);
      if (!parent.isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
      await probeNewFile(path);
    } else {
      await (await open(path, constants.O_WRONLY)).close();
    }
  } catch (e) {
    throw e instanceof InputFileError ? e : refused(flag, path, e);
  }
}

/** Makes the folder `path` (and the missing folders above it) and checks that it takes a new file. */
export async function checkOutputDir(flag: string, path: string): Promise<void> {
  const missing: string[] = [];
  let at = resolve(path);
  try {
    for (let found = await statOrNull(at); found === null; found = await statOrNull(at)) {
      missing.unshift(at);
      if (dirname(at) === at) break;
      at = dirname(at);
    }
    for (const dir of missing) await mkdir(dir);
    if (!(await stat(path)).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
    await probeNewFile(join(path, `.campaign-sim-probe-${process.pid}`));
  } catch (e) {
    throw refused(flag, path, e);
  }
}
