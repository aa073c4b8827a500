/** The session as the api client's token holder, and the small promise wrappers express-session lacks. */
import type { Request } from 'express';
import type { SessionTokens } from '../contract/sessions.ts';
import type { TokenHolder } from './backend/client.ts';
import { SessionUnavailable } from './middleware/errors.ts';

export function sessionTokenHolder(req: Request): TokenHolder {
  return {
    tokens: () => req.session?.auth ?? null,
    update: (tokens) => {
      if (req.session?.auth) req.session.auth = { ...req.session.auth, ...tokens };
    },
    updateUser: (user) => {
      if (req.session?.auth) req.session.auth = { ...req.session.auth, user };
    },
    clear: () => {
      if (req.session) delete req.session.auth;
    },
  };
}

/** A new session id for the signed-in person (no fixation), carrying the tokens. */
export function startSignedInSession(req: Request, auth: SessionTokens): Promise<void> {
  return new Promise((resolve, reject) => {
    // The store failing here (Redis down or stalled) is the clear 503 page, as on any other page.
    req.session.regenerate((err) => {
      if (err) return reject(new SessionUnavailable(err));
      req.session.auth = auth;
      req.session.save((saveErr) => (saveErr ? reject(new SessionUnavailable(saveErr)) : resolve()));
    });
  });
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve) => {
    if (!req.session) return resolve();
    req.session.destroy(() => resolve());
  });
}
