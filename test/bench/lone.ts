/**
 * Each page as a lone request (target 1): one signed-in browser asks for it again and again, one request at
 * a time, timed to the last byte. And no response over 300 kB: neither the page nor any api call the web
 * makes for it. The api calls are seen through a second web process whose api is a counting relay
 * (apiRelay), so the timed web talks to the api directly.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { type CpuPerPage, type CpuSnapshot, cpuPerPage, cpuSnapshot } from './cpu-share.ts';
import type { BenchPage } from './years-pages.ts';

/** kB are 1,000 bytes. */
export const MAX_RESPONSE_BYTES = 300_000;

export type Percentiles = { p50: number; p95: number; p99: number; max: number };

export function percentilesOf(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const r = (v: number) => Math.round(v * 10) / 10;
  return { p50: r(at(0.5)), p95: r(at(0.95)), p99: r(at(0.99)), max: r(sorted.at(-1) ?? 0) };
}

export type ApiCall = { method: string; url: string; status: number; bytes: number };

export type LoneResult = {
  key: string;
  group: string;
  path: string;
  status: number;
  bytes: number;
  requests: number;
  latency: Percentiles;
  apiCalls: ApiCall[];
  /** The page or one of its api calls went over MAX_RESPONSE_BYTES. */
  oversize: boolean;
  /**
   * The CPU one request cost the web, the api and the rest of the machine (PostgreSQL, Redis), over the
   * measured requests; null without /proc or for a page asked once. A lone request waits for nothing but
   * these, one after the other: its latency is about their sum.
   */
  cpu: CpuPerPage | null;
};

export const keepAlive = new Agent({ keepAliveTimeout: 30_000, connections: null });

/** What Chromium sends: the timed requests get (and pay for) the compressed page a browser gets. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** One GET, timed to the last byte; `compressed` asks as a browser does (the body is then not inflated). */
export async function getOnce(url: string, cookie: string, compressed = false) {
  const started = performance.now();
  const headers = compressed ? { cookie, 'accept-encoding': BROWSER_ENCODINGS } : { cookie };
  const res = await request(url, { headers, dispatcher: keepAlive });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, body, ms: performance.now() - started };
}

/** A relay in front of the api counting each response's body bytes; `take()` hands over what it saw. */
export async function apiRelay(apiUrl: string) {
  const target = new URL(apiUrl);
  let seen: ApiCall[] = [];
  const server: Server = createServer((req, res) => {
    const out = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (upstream) => {
        let bytes = 0;
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          res.write(chunk);
        });
        upstream.on('end', () => {
          seen.push({
            method: req.method ?? '',
            url: req.url ?? '',
            status: upstream.statusCode ?? 0,
            bytes,
          });
          res.end();
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    take(): ApiCall[] {
      const calls = seen;
      seen = [];
      return calls;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Each page `times` times in a row after `warmUp` untimed requests, asking as a browser does (compressed);
 * its size is the HTML's, asked for once uncompressed. A page over the limit is asked for once only (its
 * time is reported, but it has already failed). Throws when a page does not answer 200.
 */
export async function timeLone(
  webUrl: string,
  cookie: string,
  pages: BenchPage[],
  times: number,
  warmUp: number,
  apiCallsOf: (page: BenchPage) => Promise<ApiCall[]>,
  log: (line: string) => void,
  /** The web's and the api's processes, for the CPU each page costs them (cpu-share.ts). */
  pids: { web: number | undefined; api: number | undefined },
): Promise<LoneResult[]> {
  const results: LoneResult[] = [];
  for (const page of pages) {
    const url = `${webUrl}${page.path}`;
    const first = await getOnce(url, cookie);
    if (first.status !== 200) {
      throw new Error(`GET ${page.path}: ${first.status} (expected 200 with the page)`);
    }
    const apiCalls = await apiCallsOf(page);
    const oversize =
      first.body.length > MAX_RESPONSE_BYTES || apiCalls.some((c) => c.bytes > MAX_RESPONSE_BYTES);
    const samples: number[] = [first.ms];
    let cpu: CpuPerPage | null = null;
    if (!oversize) {
      samples.length = 0;
      let cpuFrom: CpuSnapshot | null = null;
      for (let i = 0; i < warmUp + times; i++) {
        if (i === warmUp) cpuFrom = cpuSnapshot(pids);
        const got = await getOnce(url, cookie, true);
        if (got.status !== 200) throw new Error(`GET ${page.path}: ${got.status} on request ${i + 1}`);
        if (i >= warmUp) samples.push(got.ms);
      }
      const cpuTo = cpuSnapshot(pids);
      cpu = cpuFrom && cpuTo ? cpuPerPage(cpuFrom, cpuTo, times, 0) : null;
    }
    const latency = percentilesOf(samples);
    log(
      `  ${page.key}: p50 ${latency.p50} ms, p95 ${latency.p95} ms, ${Math.round(first.body.length / 1000)} kB` +
        (cpu ? `, CPU ${cpu.system} ms (web ${cpu.web}, api ${cpu.api}, the rest ${cpu.rest})` : '') +
        (oversize ? ' OVER 300 kB' : ''),
    );
    results.push({
      key: page.key,
      group: page.group,
      path: page.path,
      status: first.status,
      bytes: first.body.length,
      requests: samples.length,
      latency,
      apiCalls,
      oversize,
      cpu,
    });
  }
  return results;
}
