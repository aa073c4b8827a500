/**
 * The thin-client baseline (target 3): the old single-page app's libraries (test/bench/seed-spa, a
 * package of its own so none of them reaches Bancada's package.json) bundled by Vite as an empty app that
 * uses each of them, and served as static files by the bench, precompressed as Bancada's assets are.
 * Installed (`npm ci --prefix`) and built on first use; the build goes to test/bench/seed-spa/dist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT } from './stack.ts';

export const SPA_DIR = join(ROOT, 'test', 'bench', 'seed-spa');
const DIST = join(SPA_DIR, 'dist');

const newest = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );

export type SpaBundle = { js: { raw: number; gzip: number }; css: { raw: number; gzip: number } };

/** Installs the old libraries and builds the app when missing or older than its sources. */
export async function buildSeedSpa(log: (line: string) => void): Promise<SpaBundle> {
  if (!existsSync(join(SPA_DIR, 'node_modules', 'react'))) {
    log('seed SPA: installing its libraries (npm ci --prefix test/bench/seed-spa)…');
    execFileSync(
      'npm',
      ['ci', '--prefix', SPA_DIR, '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
  }
  const sources = Math.max(newest(join(SPA_DIR, 'src')), statSync(join(SPA_DIR, 'index.html')).mtimeMs);
  if (!existsSync(join(DIST, 'index.html')) || newest(DIST) < sources) {
    log('seed SPA: building…');
    const { build } = await import('vite');
    await build({
      root: SPA_DIR,
      configFile: false,
      logLevel: 'error',
      mode: 'production',
      build: { outDir: DIST, emptyOutDir: true },
    });
  }
  return weighSeedSpa();
}

/** The bundle's JavaScript and CSS, raw and gzipped. */
export function weighSeedSpa(): SpaBundle {
  const sum = (ext: string) => {
    const files = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith(ext));
    return files.reduce(
      (acc, f) => {
        const body = readFileSync(join(DIST, 'assets', f));
        return { raw: acc.raw + body.length, gzip: acc.gzip + gzipSync(body).length };
      },
      { raw: 0, gzip: 0 },
    );
  };
  return { js: sum('.js'), css: sum('.css') };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The browser's own floor for a first load: one form and its button, no stylesheet, no script, no font.
 * No page with anything on it can be usable sooner, so the old app's time over this one bounds the speed-up
 * any page can show.
 */
export const FLOOR_PATH = '/floor';
const FLOOR_PAGE =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Bancada</title></head>' +
  '<body><form><button type="submit" class="primary">Entrar</button></form></body></html>';

/**
 * The built app as static files: brotli when the browser takes it (compressed once, as Bancada's assets
 * are at build), every unknown path answered with index.html as an SPA's server does; and the floor page.
 */
export async function serveSeedSpa() {
  const cache = new Map<string, { raw: Buffer; br: Buffer }>();
  const fileOf = (path: string) => {
    const clean = normalize(decodeURIComponent(path.split('?')[0] ?? '/')).replace(/^(\.\.[/\\])+/, '');
    const file = join(DIST, clean);
    return existsSync(file) && statSync(file).isFile() ? file : join(DIST, 'index.html');
  };
  const server = createServer((req, res) => {
    if (req.url === FLOOR_PATH) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(FLOOR_PAGE);
      return;
    }
    const file = fileOf(req.url ?? '/');
    let body = cache.get(file);
    if (!body) {
      const raw = readFileSync(file);
      body = { raw, br: brotliCompressSync(raw) };
      cache.set(file, body);
    }
    const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    res.end(br ? body.br : body.raw);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
