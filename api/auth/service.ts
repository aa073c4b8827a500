/** Sign-in, token refresh, sign-out and manager confirmation. */
import { isManager } from '../../domain/users.ts';
import type { ApiDeps } from '../context.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { publicUser } from '../users/public.ts';
import { findUserById, findUserByUsername, type UserRow } from '../users/repository.ts';
import { forgetSession } from './active-users.ts';
import { spendDecoyVerification, verifyPassword } from './passwords.ts';
import { issueRefreshToken, revokeByToken, rotateRefreshToken } from './refresh-tokens.ts';
import { signAccessToken } from './tokens.ts';

async function checkCredentials(
  deps: ApiDeps,
  username: string,
  password: string,
  ip: string,
): Promise<UserRow | null> {
  await deps.limiter.check(username, ip);
  const user = await findUserByUsername(deps.db, username);
  if (!user?.active) {
    await spendDecoyVerification(password);
    await deps.limiter.failed(username, ip);
    return null;
  }
  if (!(await verifyPassword(password, user.password_hash))) {
    await deps.limiter.failed(username, ip);
    return null;
  }
  await deps.limiter.succeeded(username, ip);
  return user;
}

async function sessionFor(deps: ApiDeps, user: UserRow, refresh: { token: string; familyId: string }) {
  const pub = publicUser(user);
  return {
    token: await signAccessToken(deps.keys, { ...pub, sid: refresh.familyId }),
    refresh_token: refresh.token,
    user: pub,
  };
}

export async function login(deps: ApiDeps, username: string, password: string, ip: string) {
  const user = await checkCredentials(deps, username, password, ip);
  if (!user) throw unauthorized('Usuário ou senha incorretos');
  return sessionFor(deps, user, await issueRefreshToken(deps.db, user.id));
}

export async function refresh(deps: ApiDeps, presented: string | undefined, client = '') {
  if (!presented) throw unauthorized('Refresh token ausente');
  const rotation = await rotateRefreshToken(deps.db, presented, client);
  if (!rotation.ok) {
    if (rotation.reason === 'reused') deps.log.warn('refresh token reused: family revoked');
    throw unauthorized('Refresh token inválido');
  }
  const user = await findUserById(deps.db, rotation.userId);
  if (!user?.active) throw unauthorized('Refresh token inválido');
  return sessionFor(deps, user, rotation);
}

export async function logout(deps: ApiDeps, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const sid = await revokeByToken(deps.db, presented);
  // Its access token ends with it (active-users.ts), in this process from the next request on.
  if (sid) forgetSession(deps.db, sid);
}

/**
 * Bodies with confirm_username + confirm_password must name an active manager's right credentials
 * (API.md), braked like logins. Returns the confirming manager for the audit trail.
 */
export async function confirmManager(
  deps: ApiDeps,
  confirmation: { confirm_username: string; confirm_password: string },
  ip: string,
): Promise<UserRow> {
  const user = await checkCredentials(deps, confirmation.confirm_username, confirmation.confirm_password, ip);
  if (!user || !isManager(user)) throw forbidden('Digite uma credencial de gerente válida');
  return user;
}
