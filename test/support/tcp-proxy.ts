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
};

/** A TCP proxy to host:targetPort that we can cut and open again. */
export async function tcpProxy(host: string, targetPort: number, port?: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let made = 0;
  const pairs = new Set<[Socket, Socket]>();
  const hung = new Set<Socket>();
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
