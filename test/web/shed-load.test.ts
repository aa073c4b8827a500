/**
 * Load shedding (decision 026): past WEB_MAX_IN_FLIGHT pages being answered at once, a page asked for is
 * refused at once with a pt-BR 503 that retries by itself; forms still go through; once the pages in
 * hand are answered, pages are served again. The api is held by a relay to keep pages in hand.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api.ts';
import { forwardTo, listenRelay } from '../support/http-relay.ts';
import { csrfOf, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

describe('a web with more pages in hand than it takes', () => {
  let api: TestApi;
  let relay: Awaited<ReturnType<typeof listenRelay>>;
  let web: TestWeb;
  /** While set, the relay holds every call to the api until it is cleared. */
  let holding: Promise<void> | null = null;
  let release = () => {};
  let held = 0;

  beforeAll(async () => {
    api = await startTestApi('pglite');
    const to = new URL(api.url);
    relay = await listenRelay(async (req, res) => {
      if (holding) {
        held++;
        await holding;
      }
      forwardTo(to, req, res);
    });
    web = await startTestWeb({ api, apiUrl: relay.url, env: { WEB_MAX_IN_FLIGHT: '2' } });
  });
  afterAll(async () => {
    release();
    await web?.stop();
    await relay?.stop();
    await api?.stop();
  });

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('refuses a third page at once with a 503 that says so and retries; a form still goes through; then serves again', async () => {
    const agent = await signIn(web);
    const form = await agent.get('/cadastrar-cliente');
    expect(form.status).toBe(200);
    holding = new Promise((resolve) => {
      release = () => {
        holding = null;
        resolve();
      };
    });
    // Two pages that wait on the api: the web's two places are taken.
    const inHand = [
      agent.get('/consulta?tipo=cliente&q=Silva'),
      agent.get('/consulta?tipo=cliente&q=Souza'),
    ].map((p) => p.then((r) => r));
    await until(() => held >= 2);

    const busy = await supertest(web.app).get('/consulta');
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('3');
    expect(busy.headers['content-type']).toMatch(/text\/html/);
    expect(busy.text).toContain('Sistema ocupado');
    expect(busy.text).toContain('tenta de novo sozinha');
    expect(busy.text).toContain('<meta http-equiv="refresh" content="3">');

    // A form is not refused by the shedding (it waits for the api like the pages in hand).
    const posted = agent
      .post('/cadastrar-cliente')
      .type('form')
      .send({ _csrf: csrfOf(form.text), name: 'Cliente em hora de pico' })
      .then((r) => r);
    await until(() => held >= 3);

    release();
    const answered = await Promise.all(inHand);
    expect(answered.map((r) => r.status)).toEqual([200, 200]);
    expect((await posted).status).toBe(303);
    const again = await agent.get('/consulta?tipo=cliente&q=pico');
    expect(again.status).toBe(200);
    expect(again.text).toContain('Cliente em hora de pico');
  });
});
