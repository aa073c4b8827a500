/**
 * The bench's baselines, in a process of their own on the same machine:
 *   GET /ok              a bare Express handler answering 'ok': the most this Node and Express can answer;
 *   GET /api-call/:page  a bare Express handler making the api call(s) that page's web route makes, and
 *                        answering their JSON: the most a page that needs those calls could answer.
 * The api calls are made as the web's api client makes them (server/backend/http.ts and client.ts): an
 * undici agent with the same keep-alive and connection count, the same 20 s time-outs, `accept:
 * application/json`, `authorization: Bearer <token>` and an `x-request-id` per request; several calls of
 * one page go one after the other, in order (as the web's handlers await them), and are answered as one
 * JSON object keyed by path; a single call is answered with its own JSON.
 * Started by run.ts with PORT, API_URL, BENCH_TOKEN and BENCH_BASELINES, a JSON object
 * `{ "<page key>": ["/api/path?query", …] }` built from run.ts's page cases (their `apiPath`).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { Agent, request } from 'undici';

const apiUrl = (process.env.API_URL ?? '').replace(/\/+$/, '');
const token = process.env.BENCH_TOKEN ?? '';
const baselines = JSON.parse(process.env.BENCH_BASELINES ?? '{}') as Record<string, string[]>;
/** As the web's createApiHttp. */
const TIMEOUT_MS = 20_000;
const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

async function call(path: string): Promise<{ status: number; body: unknown }> {
  const answer = await request(`${apiUrl}${path}`, {
    method: 'GET',
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'x-request-id': randomUUID(),
    },
    dispatcher: agent,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await answer.body.text();
  return { status: answer.statusCode, body: text ? (JSON.parse(text) as unknown) : null };
}

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/ok', (_req, res) => {
  res.send('ok');
});
app.get('/api-call/:page', async (req, res) => {
  const paths = baselines[req.params.page];
  if (!paths || paths.length === 0) {
    res.status(404).json({ message: `no baseline for ${req.params.page}` });
    return;
  }
  if (paths.length === 1) {
    const one = await call(paths[0] as string);
    res.status(one.status).json(one.body);
    return;
  }
  const bodies: Record<string, unknown> = {};
  let status = 200;
  for (const path of paths) {
    const one = await call(path);
    bodies[path] = one.body;
    if (one.status >= 300 && status < 300) status = one.status;
  }
  res.status(status).json(bodies);
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
