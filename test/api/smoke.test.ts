import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, DB_TARGETS, MANAGER, startTestApi, type TestApi } from '../support/api.ts';

describe.each(DB_TARGETS)('api health on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => {
    await api.stop();
  });

  it('answers /healthz and /readyz', async () => {
    expect(await (await fetch(`${api.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ database: kind });
  });

  it('signs in the seeded manager', async () => {
    const session = await apiLogin(api, MANAGER.username, MANAGER.password);
    expect(session.user).toMatchObject({ username: MANAGER.username, authority_level: 100, origin: 100 });
  });
});
