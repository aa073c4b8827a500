/**
 * How the api benches (clients search, cash by period) time things: percentiles, a GET to its last byte,
 * repeated runs, and the api beside the bare queries it runs.
 */
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';

export type Timing = { p50: number; p95: number };

export function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (v: number) => Math.round(v * 100) / 100;
  return { p50: round(at(0.5)), p95: round(at(0.95)) };
}

/**
 * GET over a connection of its own (no keep-alive: a socket the server closed while the bare queries ran
 * would reset the next request), resolving when the last byte of the body has arrived.
 */
export function fetchBody(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** `times` timed runs after `warmUp` untimed ones (plans, caches, JIT); `prepare` runs untimed before each. */
export async function timeMany(
  times: number,
  warmUp: number,
  run: () => Promise<unknown>,
  prepare: () => Promise<unknown> = async () => {},
): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    await prepare();
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** The api's time beside the bare queries' for the same work; `ratio` is http p95 / sql p95. */
export type Beside = { http: Timing; sql: Timing; ratio: number };

/**
 * Times the api's answer, then the bare queries it runs (same database, same run), each `times` times
 * after `warmUp` untimed runs; `prepare` runs untimed before each HTTP run. The ratio is what the api adds
 * over its queries; the floor under the bare p95 keeps a sub-0.01 ms query from blowing it up.
 */
export async function timeBeside(series: {
  times: number;
  warmUp: number;
  http: () => Promise<unknown>;
  bare: () => Promise<unknown>;
  prepare?: () => Promise<unknown>;
}): Promise<Beside> {
  const { times, warmUp } = series;
  const http = percentiles(await timeMany(times, warmUp, series.http, series.prepare));
  const sql = percentiles(await timeMany(times, warmUp, series.bare));
  const ratio = Math.round((http.p95 / Math.max(sql.p95, 0.01)) * 100) / 100;
  return { http, sql, ratio };
}
