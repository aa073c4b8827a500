/**
 * The api as one signed-in request sees it: every call carries the session's bearer token; a 401 or
 * 'Invalid JWT token' triggers one refresh (shared with the session's other requests) and one replay;
 * a failed refresh or a second failure signs the session out (SPEC §7 Response handling). After a
 * refresh the user is read again with GET profile/me (SPEC §7), so a changed authority takes effect.
 */
import type { SessionUser } from '../../contract/sessions.ts';

import { SignedOut } from './errors.ts';
import type { ApiHttp, HttpMethod, SendOptions } from './http.ts';
import type { RefreshCoordinator, Tokens } from './refresh-coordinator.ts';

export type ApiFailure = { ok: false; status: number; message: string; issues?: Record<string, string> };
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

/** Where a request keeps its tokens: the server-side session. */
export type TokenHolder = {
  tokens(): Tokens | null;
  update(tokens: Tokens): void;
  /** The user as GET profile/me answered it after a refresh. */
  updateUser?(user: SessionUser): void;
  clear(): void;
  /** What to throw when the tokens cannot be renewed (default: the person is signed out). */
  ended?(): Error;
};

export type CallOptions = Omit<SendOptions, 'requestId'> & {
  /** Use this bearer token instead of the session's (the cash screens use a manager's). */
  token?: string;
  /** Calls that need no token at all (sign-in). */
  anonymous?: boolean;
  /**
   * A call outside SPEC §7 (extras.ts). A backend without it may answer 401 meaning "not here": the
   * token is still refreshed and the call replayed once (it may really have expired), but a refusal
   * after that, or a failed refresh, is answered as it came and never signs anyone out.
   */
  extra?: boolean;
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
  // SPEC §7 names no status for the answer: any 2xx with a token is one (a backend may answer 201).
  if (res.status < 200 || res.status >= 300 || !body?.token) return null;
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

  /** GET profile/me with the new token; a failure keeps the user as it was. */
  async function readUser(token: string, update: (user: SessionUser) => void) {
    try {
      const res = await send('GET', 'profile/me', {}, token);
      const user = res.body as SessionUser | null;
      const ok = res.status >= 200 && res.status < 300;
      if (ok && user && typeof user.authority_level === 'number') update(user);
    } catch {
      // Unreachable for a moment: the replay that follows says so if it lasts.
    }
  }

  return {
    async call<T>(method: HttpMethod, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
      if (options.anonymous || options.token) {
        const res = await send(method, path, options, options.token);
        return toResult<T>(res.status, res.body);
      }
      const ended = () => holder.ended?.() ?? new SignedOut();
      const current = holder.tokens();
      if (!current) throw ended();
      const first = await send(method, path, options, current.token);
      if (!isAuthFailure(first.status, first.body)) return toResult<T>(first.status, first.body);

      let refreshedHere = false;
      const renewed = await coordinator.refresh(current.refresh_token, () => {
        refreshedHere = true;
        return refreshTokens(http, current.refresh_token, requestId);
      });
      if (!renewed) {
        if (options.extra) return toResult<T>(first.status, first.body);
        holder.clear();
        throw ended();
      }
      holder.update(renewed);
      // Only the request that made the refresh reads the user again; the others share its tokens.
      if (refreshedHere && holder.updateUser) await readUser(renewed.token, holder.updateUser);
      const replay = await send(method, path, options, renewed.token);
      if (isAuthFailure(replay.status, replay.body)) {
        if (options.extra) return toResult<T>(replay.status, replay.body);
        holder.clear();
        throw ended();
      }
      return toResult<T>(replay.status, replay.body);
    },
  };
}
