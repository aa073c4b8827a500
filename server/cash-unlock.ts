/**
 * The cash screens open only after a manager signs in on them (SPEC §2, §6). The manager's api session
 * is kept server-side in this browser's session for a few minutes, then the screens lock again and the
 * manager's refresh token is revoked.
 */
import type { Request } from 'express';
import { isManager } from '../domain/users.ts';
import * as sessions from './backend/sessions.ts';
import type { WebDeps } from './context.ts';

/** Shorter than the access token's 15 minutes, so a cash call never needs a refresh. */
export const UNLOCK_MINUTES = 10;

export type UnlockResult = 'unlocked' | 'not-manager' | 'failed' | 'too-many';

export async function unlockCash(req: Request, username: string, password: string): Promise<UnlockResult> {
  const result = await sessions.login(req.api, username, password);
  if (!result.ok) return result.status === 429 ? 'too-many' : 'failed';
  const { token, refresh_token, user } = result.data;
  if (!isManager(user)) return 'not-manager';
  req.session.cash = {
    token,
    refresh_token,
    username: user.username,
    until: Date.now() + UNLOCK_MINUTES * 60_000,
  };
  return 'unlocked';
}

/** The manager's token while the unlock lasts; null (and the unlock ended) once it is over. */
export function cashToken(deps: WebDeps, req: Request): string | null {
  const cash = req.session.cash;
  if (!cash) return null;
  if (cash.until > Date.now()) return cash.token;
  lockCash(deps, req);
  return null;
}

export function lockCash(deps: WebDeps, req: Request): void {
  const cash = req.session.cash;
  if (!cash) return;
  delete req.session.cash;
  void sessions.logout(deps.http, cash.refresh_token, String(req.id));
}
