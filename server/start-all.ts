/**
 * `npm start`: the whole system in one process on embedded defaults — the api on PGlite in DATA_DIR
 * and the web in front of it — then the address to open and, on first start, who to sign in as.
 */
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { startApi } from '../api/index.ts';
import { onShutdown } from '../runtime/shutdown.ts';
import { readWebEnv } from './env.ts';
import { startWeb } from './index.ts';

try {
  // The web and the api of one process share a fresh secret, unless one is configured (decision 019).
  process.env.WEB_API_SECRET ??= randomBytes(32).toString('hex');
  const api = await startApi();
  const web = await startWeb({ ...readWebEnv(), API_URL: api.url, apiUrl: api.url });
  process.stdout.write(`\nBancada pronta: abra ${web.url} no navegador.\n`);
  // The address other computers and the clients' status links need (localhost is this computer only).
  const port = new URL(web.url).port;
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => `http://${a?.address}:${port}`);
  if (lan.length) process.stdout.write(`Nos outros computadores da loja: ${lan.join(' ou ')}\n`);
  process.stdout.write('\n');
  onShutdown(async () => {
    await web.stop();
    await api.stop();
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
