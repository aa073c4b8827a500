/** SPEC §7 Session calls. */
import type { ApiResult, Backend } from './client.ts';
import type { ApiHttp } from './http.ts';
import type { SessionTokens, SessionUser } from './types.ts';

export function login(
  backend: Backend,
  username: string,
  password: string,
): Promise<ApiResult<SessionTokens>> {
  return backend.call<SessionTokens>('POST', 'sessions', { body: { username, password }, anonymous: true });
}

/** POST sessions/logout {refresh_token} with x-refresh-token; failures are ignored (SPEC §7). */
export async function logout(http: ApiHttp, refreshToken: string, requestId?: string): Promise<void> {
  try {
    await http.send('POST', 'sessions/logout', {
      body: { refresh_token: refreshToken },
      headers: { 'x-refresh-token': refreshToken },
      ...(requestId ? { requestId } : {}),
    });
  } catch {
    // The local session is cleared either way.
  }
}

export function me(backend: Backend): Promise<ApiResult<SessionUser>> {
  return backend.call<SessionUser>('GET', 'profile/me');
}
