/**
 * What a page makes the browser download besides its HTML: the scripts (`<script src>`, `<link
 * rel=modulepreload>`) and the stylesheets (`<link rel=stylesheet>`) it names, fetched from the web and
 * measured raw and gzipped (fonts and images are left out). Islands are counted from the page's
 * `data-island` markers: a page without one must load no JavaScript at all.
 */
import { gzipSync } from 'node:zlib';
import { getPage } from './sessions.ts';

export type PageWeight = {
  path: string;
  status: number;
  islands: string[];
  html: { raw: number; gzip: number };
  js: { files: number; raw: number; gzip: number };
  css: { files: number; raw: number; gzip: number };
};

function attr(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;
}

/** The scripts and stylesheets an HTML page names. */
export function assetsOf(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel.includes('modulepreload')) js.add(href);
    else if (rel.includes('stylesheet')) css.add(href);
  }
  return { js: [...js], css: [...css] };
}

const sizes = (body: Buffer) => ({ raw: body.length, gzip: gzipSync(body).length });

export async function weighPage(webUrl: string, path: string, cookie?: string): Promise<PageWeight> {
  const page = await getPage(webUrl, path, cookie);
  if (page.status !== 200) {
    throw new Error(`weight: GET ${path} answered ${page.status} ${page.location ?? ''}, not the page`);
  }
  const islands = [...new Set([...page.html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1] ?? ''))];
  const { js, css } = assetsOf(page.html);
  const total = async (urls: string[]) => {
    const sum = { files: urls.length, raw: 0, gzip: 0 };
    for (const url of urls) {
      const res = await fetch(new URL(url, webUrl));
      if (!res.ok) throw new Error(`weight: ${url} (on ${path}) answered ${res.status}`);
      const s = sizes(Buffer.from(await res.arrayBuffer()));
      sum.raw += s.raw;
      sum.gzip += s.gzip;
    }
    return sum;
  };
  return {
    path,
    status: page.status,
    islands: islands.sort(),
    html: sizes(Buffer.from(page.html)),
    js: await total(js),
    css: await total(css),
  };
}
