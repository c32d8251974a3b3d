// Test fixture: a Redis and a PostgreSQL server of the test's own, on free ports, that the test
// may stop and start again (the machine's shared servers must never be restarted by a test).
// PostgreSQL's initdb refuses to run as root, so as root (CI) its commands run as the postgres user.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A TCP port free at the time of the call. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once something accepts TCP connections on the port (or rejects after `tries` tries, 100 ms apart). */
async function untilListening(port: number, tries = 300): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}

export interface PrivateServer {
  url: string;
  /** Stops the server (SIGTERM: a clean shutdown, as a restart by an operator does). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  dispose(): Promise<void>;
}

export interface FreezableServer extends PrivateServer {
  /** SIGSTOP / SIGCONT: the server keeps its connections but answers nothing. */
  freeze(): void;
  thaw(): void;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function privateRedis(): Promise<FreezableServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const server: FreezableServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await untilListening(port);
    },
    async stop() {
      if (!child) return;
      const c = child;
      child = null;
      c.kill('SIGTERM');
      await exited(c);
    },
    freeze() { child?.kill('SIGSTOP'); },
    thaw() { child?.kill('SIGCONT'); },
    async dispose() {
      server.thaw();
      await server.stop();
    },
  };
  await server.start();
  return server;
}

export async function privatePostgres(): Promise<PrivateServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pg-private-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args], { stdio: 'ignore' });
    else execFileSync(join(PG_BIN, cmd), args, { stdio: 'ignore' });
  };
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pgCtl = (action: 'start' | 'stop') => run('pg_ctl', action === 'start'
    ? ['-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']
    : ['-D', data, '-w', '-m', 'fast', 'stop']);
  const server: PrivateServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() { pgCtl('start'); await untilListening(port); },
    async stop() { pgCtl('stop'); },
    async dispose() {
      try { pgCtl('stop'); } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
