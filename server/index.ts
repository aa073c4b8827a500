/** The web process: listen and graceful shutdown only. */
import { createLogger } from '../runtime/logger.ts';
import { closeServer, onShutdown } from '../runtime/shutdown.ts';
import { buildWeb } from './boot.ts';
import { readWebEnv } from './env.ts';
import { answerClientErrors } from './oversized-requests.ts';

export async function startWeb(env = readWebEnv()) {
  const log = createLogger('web', env.LOG_LEVEL);
  const web = await buildWeb(env, log);
  const server = web.app.listen(env.PORT, env.HOST);
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  log.info({ port, api: env.apiUrl, sessions: env.REDIS_URL ? 'redis' : 'memory' }, 'web listening');
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      web.beginStop();
      await closeServer(server);
      await web.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const web = await startWeb();
    onShutdown(web.stop);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
