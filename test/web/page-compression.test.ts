/**
 * Pages go compressed when the browser takes it (server/page-compression.ts): brotli, else gzip, with
 * Vary: Accept-Encoding; the same page, byte for byte once inflated, as the one sent plain to a client
 * that asks for no encoding.
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeb, type TestWeb } from '../support/web.ts';

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
});
