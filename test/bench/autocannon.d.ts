/** The part of autocannon 9's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  export type Client = EventEmitter & {
    setHeaders(headers: Record<string, string> | undefined): void;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    setupClient?: (client: Client) => void;
    /** A run first, with these options over the main ones, whose numbers are not in the result. */
    warmup?: { connections?: number; duration?: number };
  };

  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export type Instance = PromiseLike<Result> &
    EventEmitter & {
      on(
        event: 'response',
        listener: (client: Client, statusCode: number, resBytes: number, responseTime: number) => void,
      ): Instance;
      stop(): void;
    };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
