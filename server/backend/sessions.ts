/** SPEC §7 Session calls. */

import type { SessionTokens, SessionUser } from '../../contract/sessions.ts';
import type { ApiResult, Backend } from './client.ts';
import type { ApiHttp } from './http.ts';

export function login(
  backend: Backend,
  username: string,
  password: string,
): Promise<ApiResult<SessionTokens>> {
  return backend.call<SessionTokens>('POST', 'sessions', { body: { username, password }, anonymous: true });
}

/**
 * POST sessions/logout {refresh_token} with x-refresh-token and, like every call of SPEC §7, the bearer
 * access token; failures are ignored (SPEC §7).
 */
export async function logout(
  http: ApiHttp,
  tokens: { token: string; refresh_token: string },
  requestId?: string,
): Promise<void> {
  try {
    await http.send('POST', 'sessions/logout', {
      body: { refresh_token: tokens.refresh_token },
      headers: { authorization: `Bearer ${tokens.token}`, 'x-refresh-token': tokens.refresh_token },
      ...(requestId ? { requestId } : {}),
    });
  } catch {
    // The local session is cleared either way.
  }
}

export function me(backend: Backend): Promise<ApiResult<SessionUser>> {
  return backend.call<SessionUser>('GET', 'profile/me');
}
