/**
 * Anonymous traffic stores nothing: the login page's CSRF token lives in a signed cookie, not in a stored
 * session, so a flood of anonymous requests cannot fill the session store (Redis or the in-process one,
 * capped at 10,000) and evict the people signed in. The login form still works, and a forged or foreign
 * token is still refused.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER } from '../support/api.ts';
import { agentOn, csrfOf, postForm, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

function storedSessions(web: TestWeb): Promise<number> {
  return new Promise((resolve, reject) => {
    const store = web.sessionStore as unknown as { length: (cb: (err: unknown, n?: number) => void) => void };
    store.length((err, n) => (err ? reject(err) : resolve(Number(n))));
  });
}

describe('anonymous requests and the session store', () => {
  let web: TestWeb;

  beforeAll(async () => {
    web = await startTestWeb();
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
  });

  it('1,000 anonymous visits to the login page, 200 to private pages and a forged form store no session', async () => {
    const manager = await signIn(web);
    const before = await storedSessions(web);
    expect(before).toBe(1);

    for (let i = 0; i < 50; i += 1) {
      await Promise.all(Array.from({ length: 20 }, () => supertest(web.app).get('/').expect(200)));
    }
    // A bad form from a stranger: refused, and nothing stored for it either.
    const forged = await supertest(web.app)
      .post('/')
      .type('form')
      .send({ _csrf: 'x', username: 'a', password: 'b' });
    expect(forged.headers.location).not.toBe('/consulta');
    // Anonymous visits to private pages (each sent to the login with a toast) store nothing shared either.
    for (let i = 0; i < 10; i += 1) {
      await Promise.all(Array.from({ length: 20 }, () => supertest(web.app).get('/consulta').expect(303)));
    }
    expect(await storedSessions(web)).toBe(before);

    // The manager is still signed in.
    const page = await manager.get('/consulta');
    expect(page.status).toBe(200);
  }, 120_000);

  it("the login form works with the cookie's token, and not with another visitor's", async () => {
    const { agent } = await agentOn(web, '/');
    const ok = await postForm(agent, '/', { username: MANAGER.username, password: MANAGER.password });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/consulta');

    const stranger = supertest.agent(web.app);
    const strangerPage = await stranger.get('/');
    const victim = supertest.agent(web.app);
    await victim.get('/');
    const crossed = await victim
      .post('/')
      .type('form')
      .send({ _csrf: csrfOf(strangerPage.text), username: MANAGER.username, password: MANAGER.password });
    expect(crossed.headers.location).not.toBe('/consulta');
    expect((await victim.get('/consulta')).status).toBe(303);
  });
});
