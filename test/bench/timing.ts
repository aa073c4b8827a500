/** How the api benches (clients search, cash by period) time things: percentiles, a GET to its last byte, repeated runs. */
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
