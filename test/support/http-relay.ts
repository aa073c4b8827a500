/** An HTTP relay on a free local port in front of the real api, to play a backend that misbehaves. */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Passes the request on to `to` at `path` and pipes the answer back as it comes. */
export function forwardTo(to: URL, req: IncomingMessage, res: ServerResponse, path = req.url): void {
  const upstream = httpRequest(
    { hostname: to.hostname, port: to.port, path, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/** Serves `handle` on 127.0.0.1 at a free port; `stop` drops open connections and closes it. */
export async function listenRelay(
  handle: RequestListener,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer(handle);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
