/**
 * The wire: one undici agent with keep-alive, the base address of the api, the 20 s time-out of
 * SPEC §7, JSON in and out, and the request id carried to the api for the logs.
 */
import { Agent } from 'undici';
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

/**
 * Where the api's requests go: API_URL's origin, and its path as the base every call's path is relative
 * to (SPEC/API.md: a leading slash or none means the same).
 */
export function apiBase(baseUrl: string): { origin: string; basePath: string } {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  return { origin: base.origin, basePath: base.pathname };
}

/**
 * A call's path and query under the base. Built as a string rather than a URL object resolved against
 * the base and printed each time, which undici then parsed again: about 0.05 of the 0.35 ms the web spent
 * on an api call, measured alone. Callers percent-encode what they put in a path.
 */
export function requestPath(basePath: string, path: string, query?: SendOptions['query']): string {
  let target = basePath + path.replace(/^\/+/, '');
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.set(key, String(value));
    }
    if (params.size > 0) target += `${target.includes('?') ? '&' : '?'}${params}`;
  }
  return target;
}

export function createApiHttp(baseUrl: string, timeoutMs = 20_000): ApiHttp {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  const { origin, basePath } = apiBase(baseUrl);
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
        const res = await agent.request({
          origin,
          path: requestPath(basePath, path, options.query),
          method,
          headers,
          body: payload ?? null,
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
