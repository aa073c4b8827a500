/**
 * What browsers may keep: rendered pages are `no-store` and carry no ETag (hashing every page would be
 * work for nothing), except the create forms, kept for Back only (`private, no-cache`); static files keep their validators (ETag, Last-Modified, a 304 on a repeat) and their
 * lifetimes: a day for /static (the stylesheet's URL changes with its content), a year, immutable, for
 * the hashed island builds and the fonts.
 */
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_DIR, PUBLIC_DIR } from '../../server/assets.ts';
import { signIn, startTestWeb, type TestWeb } from '../support/web.ts';

const YEAR = 'public, max-age=31536000, immutable';

describe('caching of pages and static files', () => {
  let web: TestWeb;

  beforeAll(async () => {
    web = await startTestWeb();
  });
  afterAll(async () => {
    await web.stop();
  });

  it('pages are no-store, without an ETag; a browser holding an old ETag still gets the whole page', async () => {
    const login = await supertest(web.app).get('/');
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.headers.etag).toBeUndefined();

    const agent = await signIn(web);
    const page = await agent.get('/consulta');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.etag).toBeUndefined();
    const again = await agent.get('/consulta').set('if-none-match', 'W/"1f-a8Mx6Kj0a1pFJb+3Jh0tYQ"');
    expect(again.status).toBe(200);
    expect(again.text).toContain('<h1');
  });

  it('the create forms may be kept for Back (private, no-cache), so Back shows the key that was sent', async () => {
    const agent = await signIn(web);
    for (const path of [
      '/cadastrar-cliente',
      '/abrir-os-normal',
      '/abrir-atendimento-externo',
      '/abrir-os-retorno',
      '/abrir-pedido',
    ]) {
      const page = await agent.get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('private, no-cache');
      expect(page.headers.etag, path).toBeUndefined();
    }
    // A page drawn with a dialog open holds a form that posts elsewhere: kept for Back too.
    const dialog = await agent.get('/configuracoes?dialogo=criar-usuario');
    expect(dialog.headers['cache-control']).toBe('private, no-cache');
    for (const path of ['/caixa-hoje', '/configuracoes', '/listar-os-normal']) {
      expect((await agent.get(path)).headers['cache-control'], path).toBe('no-store');
    }
  });

  /** The first response, then the same request with its validators: 304 and no body. */
  async function expectRevalidates(path: string) {
    const first = await supertest(web.app).get(path);
    expect(first.status, path).toBe(200);
    expect(first.headers.etag, path).toMatch(/^W\/"/);
    expect(first.headers['last-modified'], path).toBeTruthy();
    const repeat = await supertest(web.app).get(path).set('if-none-match', String(first.headers.etag));
    expect(repeat.status, path).toBe(304);
    return first;
  }

  it('the stylesheet: a day, with ETag and Last-Modified, 304 on a repeat', async () => {
    const html = (await supertest(web.app).get('/')).text;
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toMatch(/^\/static\/css\/app\.css\?v=\w+$/);
    const css = await expectRevalidates(String(href));
    expect(css.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('island builds and fonts: a year, immutable, still with validators', async () => {
    const script = readdirSync(join(BUILD_DIR, 'assets')).find((f) => f.endsWith('.js'));
    if (!script) throw new Error('no island built (npm run build:islands)');
    const js = await expectRevalidates(`/build/assets/${script}`);
    expect(js.headers['cache-control']).toBe(YEAR);
    const font = await expectRevalidates('/fonts/roboto-slab-latin-400-normal.woff2');
    expect(font.headers['cache-control']).toBe(YEAR);
  });

  /** The bytes as sent, not decoded (supertest would decompress them), over a real socket. */
  async function rawGet(path: string, acceptEncoding: string) {
    const server = web.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, resolve).on(
          'error',
          reject,
        ),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      return { headers: res.headers, body: Buffer.concat(chunks) };
    } finally {
      server.close();
    }
  }

  it('scripts and the stylesheet go compressed (brotli, else gzip) when the browser takes it, plain otherwise', async () => {
    const script = readdirSync(join(BUILD_DIR, 'assets')).find(
      (f) => f.endsWith('.js') && f.startsWith('date-picker'),
    );
    if (!script) throw new Error('no island built (npm run build:islands)');
    const cases = [
      { path: `/build/assets/${script}`, file: join(BUILD_DIR, 'assets', script), type: /javascript/ },
      { path: '/static/css/app.css', file: join(PUBLIC_DIR, 'css', 'app.css'), type: /text\/css/ },
    ];
    for (const { path, file, type } of cases) {
      const original = readFileSync(file);

      const br = await rawGet(path, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary, path).toMatch(/Accept-Encoding/i);
      expect(br.headers['content-type'], path).toMatch(type);
      expect(br.body.length, path).toBeLessThan(original.length / 2);
      expect(brotliDecompressSync(br.body).equals(original), path).toBe(true);

      const gz = await rawGet(path, 'gzip');
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gz.body).equals(original), path).toBe(true);

      const plain = await rawGet(path, 'identity');
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.body.equals(original), path).toBe(true);
    }
  });
});
