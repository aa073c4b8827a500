/**
 * Bytes on the wire (target 4): does compressing the pages pay on a 10 Mbit/s link to a branch? For each
 * page's HTML (as the web sends it), gzip (level 6) and brotli (quality 4, a setting for answers made on
 * the fly; 11 is for files compressed once at build) are timed on this machine's CPU, beside the time the
 * bytes saved take on the link. It pays when the transfer time saved is larger than the CPU time spent
 * (compressing on the server and decompressing in the browser, taken as equal to the server's inflate).
 */
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

export const LINK_MBIT = 10;

export type WireRow = {
  key: string;
  raw: number;
  gzip: number;
  brotli: number;
  /** ms of CPU per page: compressing, and inflating (the browser's share). */
  gzipMs: number;
  brotliMs: number;
  inflateMs: number;
  /** ms the raw and compressed bytes take on the link. */
  rawLinkMs: number;
  gzipLinkMs: number;
  brotliLinkMs: number;
};

export type Wire = {
  rows: WireRow[];
  totals: { raw: number; gzip: number; brotli: number };
  /** Per page, on average over the pages: link time saved and CPU spent, ms. */
  meanSavedMs: { gzip: number; brotli: number };
  meanCpuMs: { gzip: number; brotli: number };
  /** The CPU share of one core compressing pages at the offered rate (gzip, brotli). */
  coreShareAtRate: { rate: number; gzip: number; brotli: number };
  pays: { gzip: boolean; brotli: boolean };
};

const linkMs = (bytes: number) => (bytes * 8) / (LINK_MBIT * 1000);

/** Median ms of `times` runs of `work`. */
function timeOf(times: number, work: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    work();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

export function measureWire(pages: { key: string; html: Buffer }[], rate: number, times = 15): Wire {
  const rows = pages.map(({ key, html }) => {
    const gz = gzipSync(html, { level: 6 });
    const brOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
    const br = brotliCompressSync(html, brOptions);
    return {
      key,
      raw: html.length,
      gzip: gz.length,
      brotli: br.length,
      gzipMs: r2(timeOf(times, () => gzipSync(html, { level: 6 }))),
      brotliMs: r2(timeOf(times, () => brotliCompressSync(html, brOptions))),
      inflateMs: r2(timeOf(times, () => gunzipSync(gz))),
      rawLinkMs: r2(linkMs(html.length)),
      gzipLinkMs: r2(linkMs(gz.length)),
      brotliLinkMs: r2(linkMs(br.length)),
    };
  });
  const n = Math.max(1, rows.length);
  const mean = (f: (r: WireRow) => number) => r2(rows.reduce((s, r) => s + f(r), 0) / n);
  const meanSavedMs = {
    gzip: mean((r) => r.rawLinkMs - r.gzipLinkMs),
    brotli: mean((r) => r.rawLinkMs - r.brotliLinkMs),
  };
  const meanCpuMs = {
    gzip: mean((r) => r.gzipMs + r.inflateMs),
    brotli: mean((r) => r.brotliMs + r.inflateMs),
  };
  return {
    rows,
    totals: {
      raw: rows.reduce((s, r) => s + r.raw, 0),
      gzip: rows.reduce((s, r) => s + r.gzip, 0),
      brotli: rows.reduce((s, r) => s + r.brotli, 0),
    },
    meanSavedMs,
    meanCpuMs,
    coreShareAtRate: {
      rate,
      gzip: Math.round(mean((r) => r.gzipMs) * rate) / 1000,
      brotli: Math.round(mean((r) => r.brotliMs) * rate) / 1000,
    },
    pays: { gzip: meanSavedMs.gzip > meanCpuMs.gzip, brotli: meanSavedMs.brotli > meanCpuMs.brotli },
  };
}
