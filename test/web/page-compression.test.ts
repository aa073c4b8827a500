/**
 * Pages go compressed when the browser takes it (server/page-compression.ts): brotli, else gzip, with
 * Vary: Accept-Encoding; the same page, byte for byte once inflated, as the one sent plain to a client
 * that asks for no encoding. The CSRF token a compressed page carries is masked anew on each render, so
 * the pages' sizes cannot tell it (BREACH).
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, signIn, startTestWeb, type TestWeb, toastsOf } from '../support/web.ts';

type Raw = { status: number; headers: IncomingMessage['headers']; body: Buffer };

describe('page compression', () => {
  let web: TestWeb;
  let server: ReturnType<TestWeb['app']['listen']>;
  let port = 0;

  beforeAll(async () => {
    web = await startTestWeb();
    server = web.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await web.stop();
  });

  /** The login page as the bytes on the wire, not inflated by any client library. */
  function rawLogin(acceptEncoding: string | null): Promise<Raw> {
    return new Promise((resolve, reject) => {
      const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
      get({ host: '127.0.0.1', port, path: '/', headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      }).on('error', reject);
    });
  }

  /** The page without its per-request parts (CSRF token, form key, CSP nonce), to compare two responses. */
  const stable = (html: string) => html.replace(/(name="_(csrf|key)" value|nonce)="[^"]*"/g, '');

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, and plain to the rest', async () => {
    const plain = await rawLogin(null);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const html = plain.body.toString();
    expect(html).toContain('Entrar');

    const br = await rawLogin('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(stable(brotliDecompressSync(br.body).toString())).toBe(stable(html));

    const gzip = await rawLogin('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(stable(gunzipSync(gzip.body).toString())).toBe(stable(html));

    const identity = await rawLogin('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(stable(identity.body.toString())).toBe(stable(html));
  });
  it("writes the CSRF token masked anew on every page, each one accepted, another session's refused", async () => {
    const agent = await signIn(web);
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push(csrfOf((await agent.get('/cadastrar-cliente')).text));
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) {
      expect(token).toMatch(/^m\.[\w-]+$/);
      // Accepted: the empty form is refused for its fields (shown again, or redirected to itself),
      // never sent to the sign-in a bad token leads to.
      const res = await agent.post('/cadastrar-cliente').type('form').send({ _csrf: token, name: '' });
      expect(res.headers.location ?? '/cadastrar-cliente').toMatch(/^\/cadastrar-cliente/);
      expect([303, 400]).toContain(res.status);
    }
    const other = await signIn(web);
    const foreign = csrfOf((await other.get('/cadastrar-cliente')).text);
    const refused = await agent.post('/cadastrar-cliente').type('form').send({ _csrf: foreign, name: '' });
    // Refused as an expired form: away from the form, with the notice, nothing done.
    expect(refused.status).toBe(303);
    expect(refused.headers.location).not.toMatch(/^\/cadastrar-cliente/);
    const notice = toastsOf((await agent.get(refused.headers.location ?? '/')).text);
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatch(/^O formulário expirou\./);
  });
});
