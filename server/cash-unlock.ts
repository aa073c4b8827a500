/**
 * The cash screens open only after a manager signs in on them (SPEC §2, §6). The manager's api session
 * is kept server-side in this browser's session for a few minutes, then the screens lock again and the
 * manager's refresh token is revoked. Calls made with it refresh on 401 like any other (with its own
 * refresh token); only when that fails does the screen lock again.
 */
import type { Request } from 'express';
import { isManager } from '../domain/users.ts';
import { type ApiResult, type Backend, backendFor, type TokenHolder } from './backend/client.ts';
import * as sessions from './backend/sessions.ts';
import type { WebDeps } from './context.ts';

/** How long an unlock lasts, whatever the backend's token life (a refresh renews the token within it). */
export const UNLOCK_MINUTES = 10;

/** 'too-many' carries the backend's own text when it gave one (how long to wait). */
export type UnlockResult = 'unlocked' | 'not-manager' | 'failed' | { tooMany: string | undefined };

export async function unlockCash(
  deps: WebDeps,
  req: Request,
  username: string,
  password: string,
): Promise<UnlockResult> {
  const result = await sessions.login(req.api, username, password);
  if (!result.ok) return result.status === 429 ? { tooMany: result.message } : 'failed';
  const { token, refresh_token, user } = result.data;
  if (!isManager(user)) {
    // An employee's sign-in opens nothing here: its tokens are given back at once.
    await sessions.logout(deps.http, result.data, String(req.id));
    return 'not-manager';
  }
  req.session.cash = {
    token,
    refresh_token,
    username: user.username,
    until: Date.now() + UNLOCK_MINUTES * 60_000,
  };
  return 'unlocked';
}

/** The manager's tokens could not be renewed: the cash screen locks, the person stays signed in. */
class CashLocked extends Error {}

/** The api with the manager's tokens while the unlock lasts; null (and the unlock ended) once it is over. */
export function cashApi(deps: WebDeps, req: Request): Backend | null {
  const cash = req.session.cash;
  if (!cash) return null;
  if (cash.until <= Date.now()) {
    lockCash(deps, req);
    return null;
  }
  const holder: TokenHolder = {
    tokens: () => req.session.cash ?? null,
    update: (tokens) => {
      if (req.session.cash) req.session.cash = { ...req.session.cash, ...tokens };
    },
    // A manager who is one no longer (GET profile/me after the refresh) keeps the cash no longer.
    updateUser: (user) => {
      if (!isManager(user)) lockCash(deps, req);
    },
    clear: () => {
      delete req.session.cash;
    },
    ended: () => new CashLocked(),
  };
  const api = backendFor(deps.http, deps.coordinator, holder, String(req.id));
  return {
    async call<T>(...args: Parameters<Backend['call']>): Promise<ApiResult<T>> {
      try {
        return await api.call<T>(...args);
      } catch (err) {
        // The screens read a 401 as "the manager's token no longer works" and show the lock.
        if (err instanceof CashLocked) return { ok: false, status: 401, message: '' };
        throw err;
      }
    },
  };
}

/** Minutes left of the unlock (0 when locked): a cash sheet's print link lives no longer. */
export function cashMinutesLeft(req: Request): number {
  const cash = req.session.cash;
  return cash ? Math.max(0, (cash.until - Date.now()) / 60_000) : 0;
}

/**
 * The manager's access token itself while the unlock lasts, for calls that handle its expiry on their own
 * (the reports' calls); SPEC §7's calls go through cashApi, which refreshes it.
 */
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
  void sessions.logout(deps.http, cash, String(req.id));
  // A cash report's print link is the cash's data: it dies with the unlock.
  if (cash.printLinks?.length) {
    deps.printLinks.revoke(cash.printLinks).catch((err: unknown) => {
      deps.log.warn({ err }, 'cash print links not revoked');
    });
  }
}
