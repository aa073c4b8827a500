/** A TCP proxy that can be cut and opened again: a database or an api that goes away, for fault tests. */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './processes.ts';

export type TcpProxy = {
  port: number;
  /** Connections made through the proxy so far. */
  connections: () => number;
  start: () => Promise<void>;
  /** Drops every connection and closes the port. */
  stop: () => Promise<void>;
  /** Drops every connection but keeps accepting new ones (a server that restarted in a blink). */
  cut: () => void;
  /** 'hang': new connections are accepted and never answered (a server that stopped answering). */
  mode: 'forward' | 'hang';
  /** Packets dropped: open connections stop carrying bytes either way and new ones hang, until resume(). */
  stall: () => void;
  /** Bytes flow again on the stalled connections; the connections that hung are dropped. */
  resume: () => void;
  /**
   * Arms a stall in the middle of a write: once one connection has sent each of `steps` in order (say
   * `insert into "transactions"`, then `commit`), stall() right after the last one has been passed on.
   * The server gets the whole statement and acts on it; its answer never comes back. Resolves then.
   */
  stallAfter: (...steps: string[]) => Promise<void>;
  /** As stallAfter, without the stall: resolves once one connection has sent each of `steps` in order. */
  whenSent: (...steps: string[]) => Promise<void>;
};

/** A TCP proxy to host:targetPort that we can cut and open again. */
export async function tcpProxy(host: string, targetPort: number, port?: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let made = 0;
  const pairs = new Set<[Socket, Socket]>();
  const hung = new Set<Socket>();
  let armed: { steps: Buffer[]; stall: boolean; reached: () => void } | null = null;
  /** How far each connection is through the armed steps. */
  let progress = new WeakMap<Socket, number>();
  const listenPort = port ?? (await freePort());
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const self: TcpProxy = {
    port: listenPort,
    mode: 'forward',
    connections: () => made,
    async start() {
      server = createServer((client) => {
        made += 1;
        if (self.mode === 'hang') {
          sockets.add(client);
          hung.add(client);
          client.on('error', () => {});
          client.once('close', () => {
            sockets.delete(client);
            hung.delete(client);
          });
          return;
        }
        const upstream = connect(targetPort, host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.once('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        const pair: [Socket, Socket] = [client, upstream];
        pairs.add(pair);
        client.once('close', () => pairs.delete(pair));
        client.pipe(upstream).pipe(client);
        // After the pipe's own listener: the chunk is on its way upstream when the stall begins.
        client.on('data', (chunk: Buffer) => {
          if (!armed) return;
          let at = progress.get(client) ?? 0;
          while (at < armed.steps.length && chunk.includes(armed.steps[at] as Buffer)) at += 1;
          progress.set(client, at);
          if (at === armed.steps.length) {
            const { reached, stall } = armed;
            armed = null;
            if (stall) self.stall();
            reached();
          }
        });
      });
      const s = server;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(listenPort, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const s = server;
      server = null;
      dropAll();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    cut: dropAll,
    stall() {
      self.mode = 'hang';
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    stallAfter(...steps) {
      return new Promise<void>((reached) => {
        progress = new WeakMap();
        armed = { steps: steps.map((s) => Buffer.from(s)), stall: true, reached };
      });
    },
    whenSent(...steps) {
      return new Promise<void>((reached) => {
        progress = new WeakMap();
        armed = { steps: steps.map((s) => Buffer.from(s)), stall: false, reached };
      });
    },
    resume() {
      self.mode = 'forward';
      for (const socket of hung) socket.destroy();
      hung.clear();
      for (const [client, upstream] of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
    },
  };
  return self;
}
