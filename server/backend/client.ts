/**
 * The api as one signed-in request sees it: every call carries the session's bearer token; a 401 or
 * 'Invalid JWT token' triggers one refresh (shared with the session's other requests) and one replay;
 * a failed refresh or a second failure signs the session out (SPEC §7 Response handling).
 */

import { SignedOut } from './errors.ts';
import type { ApiHttp, HttpMethod, SendOptions } from './http.ts';
import type { RefreshCoordinator, Tokens } from './refresh-coordinator.ts';

export type ApiFailure = { ok: false; status: number; message: string; issues?: Record<string, string> };
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

/** Where a request keeps its tokens: the server-side session. */
export type TokenHolder = {
  tokens(): Tokens | null;
  update(tokens: Tokens): void;
  clear(): void;
};

export type CallOptions = Omit<SendOptions, 'requestId'> & {
  /** Use this bearer token instead of the session's (the cash screens use a manager's). */
  token?: string;
  /** Calls that need no token at all (sign-in). */
  anonymous?: boolean;
};

export type Backend = {
  call<T>(method: HttpMethod, path: string, options?: CallOptions): Promise<ApiResult<T>>;
};

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return '';
}

function isAuthFailure(status: number, body: unknown): boolean {
  return status === 401 || messageOf(body) === 'Invalid JWT token';
}

export function toResult<T>(status: number, body: unknown): ApiResult<T> {
  if (status >= 200 && status < 300) return { ok: true, status, data: body as T };
  const issues = (body as { issues?: Record<string, string> } | null)?.issues;
  return { ok: false, status, message: messageOf(body), ...(issues ? { issues } : {}) };
}

/** POST /sessions/refresh {refresh_token} with 'Authorization: Refresh <token>' (SPEC §7). */
export async function refreshTokens(
  http: ApiHttp,
  refreshToken: string,
  requestId?: string,
): Promise<Tokens | null> {
  const res = await http.send('POST', '/sessions/refresh', {
    body: { refresh_token: refreshToken },
    headers: { authorization: `Refresh ${refreshToken}` },
    ...(requestId ? { requestId } : {}),
  });
  const body = res.body as Partial<Tokens> | null;
  if (res.status !== 200 || !body?.token) return null;
  // The new refresh token is optional in the reply: keep the old one when none comes back.
  return { token: body.token, refresh_token: body.refresh_token ?? refreshToken };
}

export function backendFor(
  http: ApiHttp,
  coordinator: RefreshCoordinator,
  holder: TokenHolder,
  requestId?: string,
): Backend {
  const rid = requestId ? { requestId } : {};

  async function send(method: HttpMethod, path: string, options: CallOptions, token: string | undefined) {
    const headers = { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
    return http.send(method, path, { body: options.body, query: options.query, headers, ...rid });
  }

  return {
    async call<T>(method: HttpMethod, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
      if (options.anonymous || options.token) {
        const res = await send(method, path, options, options.token);
        return toResult<T>(res.status, res.body);
      }
      const current = holder.tokens();
      if (!current) throw new SignedOut();
      const first = await send(method, path, options, current.token);
      if (!isAuthFailure(first.status, first.body)) return toResult<T>(first.status, first.body);

      const renewed = await coordinator.refresh(current.refresh_token, () =>
        refreshTokens(http, current.refresh_token, requestId),
      );
      if (!renewed) {
        holder.clear();
        throw new SignedOut();
      }
      holder.update(renewed);
      const replay = await send(method, path, options, renewed.token);
      if (isAuthFailure(replay.status, replay.body)) {
        holder.clear();
        throw new SignedOut();
      }
      return toResult<T>(replay.status, replay.body);
    },
  };
}
