/** Graceful stop on SIGTERM/SIGINT: stop accepting, let requests in flight finish, then close resources. */
import type { Server } from 'node:http';

export function closeServer(server: Server, graceMs = 25_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    // A keep-alive connection whose request finishes during the grace goes idle: close it then, instead
    // of waiting for the client to drop it (seconds later) before the process may exit.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    timer.unref();
    sweep.unref();
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await stop();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
