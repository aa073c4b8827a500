/**
 * Small helpers for tests that run things of their own: a free port, polling until something holds,
 * and a redis-server child on a port of its own (stopped and started again; the machine's shared Redis
 * is never touched).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect, createServer } from 'node:net';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it is true (a throw counts as "not yet"), or throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Whether `redis-server` can be run on this machine. */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

export type OwnRedis = {
  port: number;
  url: string;
  start: () => Promise<void>;
  /** SIGTERM stops it cleanly; SIGKILL is a crash. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/** A redis-server child of the test's own, nothing kept on disk, that can be stopped and started again. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const self: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      proc = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitFor(() => redisPing(port), 10_000, `redis-server on ${port}`);
    },
    async stop(signal = 'SIGTERM') {
      const running = proc;
      proc = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill(signal);
      await exited;
    },
  };
  await self.start();
  return self;
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
