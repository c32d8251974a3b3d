// A console page or an account action reads a record that may be absent (another organization's, deleted, never
// made) and shows "not found" for it; every other failure, a store outage above all (503
// store_unavailable), goes on to the console's error page with its own status.
import { ServiceError } from '../../src/errors.js';

/** The record `read` finds, or null when it answers not_found. */
export async function foundOrNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'not_found') return null;
    throw err;
  }
}
