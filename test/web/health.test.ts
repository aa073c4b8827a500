/**
 * Health checks: /healthz says the process answers; /readyz says it can serve, i.e. reach the api and,
 * when sessions live in Redis, Redis. Neither opens a session.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeb, type TestWeb } from '../support/web.ts';

const withRedis = Boolean(process.env.REDIS_URL);

describe('health checks', () => {
  let web: TestWeb;

  beforeAll(async () => {
    web = await startTestWeb();
  });
  afterAll(async () => {
    await web.stop();
  });

  it('/healthz answers 200 without opening a session', async () => {
    const res = await supertest(web.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it(`/readyz answers 200 with the api${withRedis ? ' and Redis' : ''} ok`, async () => {
    const res = await supertest(web.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      withRedis ? { status: 'ok', api: 'ok', redis: 'ok' } : { status: 'ok', api: 'ok' },
    );
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('/readyz answers 503 naming the api when the api is unreachable; /healthz still 200', async () => {
    const down = await startTestWeb({ api: web.api, apiUrl: 'http://127.0.0.1:9' });
    try {
      const res = await supertest(down.app).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual(
        withRedis ? { status: 'error', api: 'down', redis: 'ok' } : { status: 'error', api: 'down' },
      );
      expect((await supertest(down.app).get('/healthz')).status).toBe(200);
    } finally {
      await down.stop();
    }
  });
});
