// The address and dev key a spawned `serve` prints when it is ready (bench/http.ts and
// bench/api-during-job.ts start services as child processes and drive them over HTTP).
import type { ChildProcessWithoutNullStreams, ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

type ServiceChild = ChildProcessWithoutNullStreams | ChildProcessByStdio<null, Readable, null>;

/** Resolves with the service's URL and API key from its stdout; rejects if it exits first. */
export function waitForService(child: ServiceChild): Promise<{ url: string; key: string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      text += chunk;
      const key = /API key: (\S+)/.exec(text)?.[1];
      const url = /service on (http:\/\/\S+)/.exec(text)?.[1];
      if (key && url) resolve({ url, key });
    });
    child.on('exit', (code) => reject(new Error(`the service exited with ${code} before it was ready`)));
  });
}
