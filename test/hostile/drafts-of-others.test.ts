/**
 * A draft (typing kept between a refused POST and the GET that shows it, `?rascunho=`) opens only in the
 * browser that typed it and, typed while signed in, only for the person who typed it: a link seen over a
 * shoulder or in a shared history shows a colleague nothing, and nobody can hand a colleague a form
 * filled in by someone else as their own recovered typing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import { csrfOf, decodeEntities, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

describe("drafts are their typist's only", () => {
  let web: TestWeb;
  let clientId: number;

  beforeAll(async () => {
    web = await startTestWeb();
    const token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    clientId = (
      await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, { name: 'Cliente Original' })
    ).body.id;
  }, 60_000);
  afterAll(() => web?.stop());

  it("a colleague, or the same person in another browser, opening a draft's address sees the saved client", async () => {
    const staff = await createEmployee(web.api, 'digitador', 'senha-do-digitador');
    const typist = await signIn(web, staff.username, staff.password);
    const path = `/editar-cliente/${clientId}`;
    const form = await typist.get(path);
    const hidden = Object.fromEntries(
      [...form.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1],
        decodeEntities(m[2] ?? ''),
      ]),
    );
    const posted = await typist
      .post(path)
      .type('form')
      .send({ ...hidden, _csrf: csrfOf(form.text), name: '', email: 'digitado.em.segredo@example.com' });
    expect(posted.status).toBe(303);
    const draftPath = String(posted.headers.location);
    expect(draftPath).toMatch(/\?rascunho=[\w-]{22}$/);

    // The typist sees their typing back.
    expect((await typist.get(draftPath)).text).toContain('digitado.em.segredo@example.com');
    // Each draft renews the browser's draft cookie: one made hours before does not end under a new draft.
    const again = await typist
      .post(path)
      .type('form')
      .send({ ...hidden, _csrf: csrfOf(form.text), name: '', email: 'outra.vez@example.com' });
    expect(String(again.headers['set-cookie'] ?? '')).toMatch(/bancada_rascunho=[\w-]{22};.*Max-Age=7200/);

    const colleague = await signIn(web);
    const seen = await colleague.get(draftPath);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('digitado.em.segredo@example.com');
    expect(decodeEntities(seen.text)).toContain('value="Cliente Original"');

    const otherBrowser = await signIn(web, staff.username, staff.password);
    expect((await otherBrowser.get(draftPath)).text).not.toContain('digitado.em.segredo@example.com');
  });
});
