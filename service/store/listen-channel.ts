// LISTEN on a PostgreSQL channel over a connection of its own (a pool connection would be handed
// to other queries between notifications). A lost connection is opened again after
// RECONNECT_MS, for as long as the listener is not stopped; notifications sent while it was down
// are lost, so every user keeps a slow poll behind it (task-queue.ts, job-tasks.ts). Used by
// open-store.ts for Store.listen.
import pg from 'pg';

/** Wait before a lost listening connection is opened again. */
export const RECONNECT_MS = 1000;

/** Listens on `channel` until the returned function is called; `onPayload` gets each notification's payload. */
export async function listenChannel(url: string, channel: string, onPayload: (payload: string) => void, connectMs: number): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => { connect().catch(() => lost()); }, RECONNECT_MS);
    };
    client = c;
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => { if (n.channel === channel) onPayload(n.payload ?? ''); });
    await c.connect();
    await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
  // a first connection that fails fails the call, and leaves no retry behind
  await connect().catch(async (err: unknown) => { await stop(); throw err; });
  return stop;
}
