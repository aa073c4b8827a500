/**
 * The wire: one undici agent with keep-alive, the base address of the api, the 20 s time-out of
 * SPEC §7, JSON in and out, and the request id carried to the api for the logs.
 */
import { Agent, request } from 'undici';
import { BackendUnavailable } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RawResponse = { status: number; body: unknown };

export type SendOptions = {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  requestId?: string;
};

export type ApiHttp = {
  send(method: HttpMethod, path: string, options?: SendOptions): Promise<RawResponse>;
  close(): Promise<void>;
};

/** SPEC/API.md: paths are relative to the base; a leading slash or none means the same. */
export function joinUrl(base: string, path: string, query?: SendOptions['query']): string {
  const url = new URL(path.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export function createApiHttp(baseUrl: string, timeoutMs = 20_000): ApiHttp {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  return {
    async send(method, path, options = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      if (options.requestId) headers['x-request-id'] = options.requestId;
      let payload: string | undefined;
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(options.body);
      }
      try {
        const res = await request(joinUrl(baseUrl, path, options.query), {
          method,
          headers,
          body: payload,
          dispatcher: agent,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.body.text();
        let body: unknown = null;
        if (text) {
          try {
            body = JSON.parse(text);
          } catch {
            body = { message: text.slice(0, 500) };
          }
        }
        return { status: res.statusCode, body };
      } catch (err) {
        throw new BackendUnavailable(err);
      }
    },
    close: () => agent.close(),
  };
}
