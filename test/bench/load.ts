/**
 * One load measurement with autocannon: `connections` keep-alive connections for `duration` seconds, each
 * connection a browser of its own (its own session cookie), after a short warm-up. Latency percentiles come
 * from every response's time (autocannon's own summary has no p95).
 */
import autocannon, { type Client } from 'autocannon';

export type LoadOptions = {
  connections: number;
  duration: number;
  warmup: number;
  /** One cookie header per connection (rotating when there are fewer). */
  cookies?: string[];
  /** Headers of every request. */
  headers?: Record<string, string>;
};

export type LoadResult = {
  requests: number;
  /** Responses per second over the run. */
  rps: number;
  latency: { mean: number; p50: number; p95: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Mean response size, in bytes (headers included). */
  bytesPerResponse: number;
};

function at(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

export async function measure(url: string, options: LoadOptions): Promise<LoadResult> {
  const cookies = options.cookies ?? [];
  let next = 0;
  const setupClient = (client: Client) => {
    const cookie = cookies[next++ % Math.max(1, cookies.length)];
    if (cookie) client.setHeaders({ ...options.headers, cookie });
  };
  const times: number[] = [];
  let bytes = 0;
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    timeout: 30,
    ...(options.headers ? { headers: options.headers } : {}),
    setupClient,
    ...(options.warmup > 0 ? { warmup: { connections: options.connections, duration: options.warmup } } : {}),
  });
  instance.on('response', (_client, _status, resBytes, responseTime) => {
    times.push(responseTime);
    bytes += resBytes;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = count;
  const mean = times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length);
  return {
    requests: times.length,
    rps: round(times.length / Math.max(result.duration, 0.001), 0),
    latency: {
      mean: round(mean),
      p50: round(at(times, 0.5)),
      p95: round(at(times, 0.95)),
      p99: round(at(times, 0.99)),
      max: round(times.at(-1) ?? 0),
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    bytesPerResponse: Math.round(bytes / Math.max(1, times.length)),
  };
}
