/**
 * The bench's two baselines, in a process of their own on the same machine:
 *   GET /ok        a bare Express handler answering 'ok': the most this Node and Express can answer;
 *   GET /api-call  a bare Express handler making the api call the O.S. page makes (GET
 *                  /service-orders/normal/{id} with a bearer token, through an undici agent set up as the
 *                  web's) and answering its JSON: the most a page that needs that call could answer.
 * Started by run.ts with PORT, API_URL, BENCH_TOKEN and BENCH_ORDER_ID.
 */
import express from 'express';
import { Agent, request } from 'undici';

const apiUrl = process.env.API_URL ?? '';
const token = process.env.BENCH_TOKEN ?? '';
const orderId = process.env.BENCH_ORDER_ID ?? '';
const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

const app = express();
app.disable('x-powered-by');
app.get('/ok', (_req, res) => {
  res.send('ok');
});
app.get('/api-call', async (_req, res) => {
  const answer = await request(`${apiUrl}/service-orders/normal/${orderId}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    dispatcher: agent,
  });
  const body = JSON.parse(await answer.body.text()) as unknown;
  res.status(answer.statusCode).json(body);
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
