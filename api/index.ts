/** The api process: listen and graceful shutdown only. */

import { createLogger } from '../runtime/logger.ts';
import { closeServer, onShutdown } from '../runtime/shutdown.ts';
import { announceFirstManager, buildApi } from './boot.ts';
import { readApiEnv } from './env.ts';

export async function startApi(env = readApiEnv()) {
  const log = createLogger('api', env.LOG_LEVEL);
  const api = await buildApi(env, log);
  announceFirstManager(api.firstManager);
  const server = api.app.listen(env.API_PORT, env.API_HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.API_PORT;
  log.info({ port, database: api.deps.dbKind }, 'api listening');
  return {
    url: `http://${env.API_HOST}:${port}`,
    stop: async () => {
      api.beginStop();
      await closeServer(server);
      await api.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const api = await startApi();
    onShutdown(api.stop);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
