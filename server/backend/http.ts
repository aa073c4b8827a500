/**
 * The wire: one undici agent with keep-alive, the base address of the api, the 20 s time-out of
 * SPEC §7, JSON in and out, and the request id carried to the api for the logs.
 */
import type { Readable } from 'node:stream';
import { Agent } from 'undici';
import { BackendUnavailable } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RawResponse = { status: number; body: unknown };

export type SendOptions = {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  requestId?: string;
  /** A longer wait than the usual time-out, for a call that waits on purpose (the print queue's). */
  timeoutMs?: number;
  /** Ends the call early (the web stopping ends a print server's long wait). */
  signal?: AbortSignal;
};

/** An answer whose body is read as it arrives (a file export), not parsed. */
export type StreamedResponse = { status: number; headers: Record<string, string>; body: Readable };

export type ApiHttp = {
  send(method: HttpMethod, path: string, options?: SendOptions): Promise<RawResponse>;
  /** GET whose body streams through (exports of a year); absent from stand-ins that need none. */
  download?(path: string, options?: SendOptions): Promise<StreamedResponse>;
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
      const waitMs = options.timeoutMs ?? timeoutMs;
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
          headersTimeout: waitMs,
          bodyTimeout: waitMs,
          signal: options.signal
            ? AbortSignal.any([options.signal, AbortSignal.timeout(waitMs)])
            : AbortSignal.timeout(waitMs),
        });
        // A gateway or the api itself saying it cannot serve now (its database down or stalled): the
        // same clear 'Servidor indisponível' page as an api that cannot be reached, never a message
        // that blames what the person typed.
        if (res.statusCode === 502 || res.statusCode === 503 || res.statusCode === 504) {
          await res.body.dump();
          throw new BackendUnavailable(new Error(`api answered ${res.statusCode}`));
        }
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
        throw err instanceof BackendUnavailable ? err : new BackendUnavailable(err);
      }
    },
    async download(path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.requestId) headers['x-request-id'] = options.requestId;
      try {
        // No time-out on the whole answer, which a year's export outlasts: only on its start and on
        // each pause between pieces.
        const res = await agent.request({
          origin,
          path: requestPath(basePath, path, options.query),
          method: 'GET',
          headers,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const flat: Record<string, string> = {};
        for (const [key, value] of Object.entries(res.headers)) {
          if (typeof value === 'string') flat[key] = value;
        }
        return { status: res.statusCode, headers: flat, body: res.body };
      } catch (err) {
        throw new BackendUnavailable(err);
      }
    },
    close: () => agent.close(),
  };
}

/** The headers the api reads the browser's address from (api/auth/client-address.ts, decision 019). */
export const CLIENT_ADDRESS_HEADER = 'x-bancada-client-address';
export const WEB_SECRET_HEADER = 'x-bancada-web-secret';

/**
 * The wire as one browser's request uses it: every call carries that browser's address and the secret
 * that makes the api believe it, so the api's sign-in limits count each browser, not the web as one.
 * Without a secret the api would not believe the address: nothing is added.
 */
export function forClient(http: ApiHttp, address: string | undefined, secret: string | undefined): ApiHttp {
  if (!secret || !address) return http;
  const proof = { [CLIENT_ADDRESS_HEADER]: address, [WEB_SECRET_HEADER]: secret };
  const download = http.download?.bind(http);
  return {
    send: (method, path, options = {}) =>
      http.send(method, path, { ...options, headers: { ...options.headers, ...proof } }),
    ...(download
      ? {
          download: (path: string, options: SendOptions = {}) =>
            download(path, { ...options, headers: { ...options.headers, ...proof } }),
        }
      : {}),
    close: () => http.close(),
  };
}
