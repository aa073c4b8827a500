/**
 * A manager's credentials typed in a dialog are confirmed with POST sessions (SPEC §7: "also used to
 * confirm a manager's credentials") and authority 100, before the action is sent. A wrong password or an
 * employee's is the dialog's own message: the call is anonymous, so no answer of it can sign the person
 * at the keyboard out. The tokens the confirmation returns are revoked at once.
 */
import type { Request } from 'express';
import type { ManagerConfirmation } from '../contract/sessions.ts';
import { isManager } from '../domain/users.ts';
import * as sessions from './backend/sessions.ts';
import type { WebDeps } from './context.ts';

/**
 * 'refused': not a manager's right credentials (any 4xx, an employee's); 'too-many': the backend asks to
 * wait (429); 'failed': the backend failed (5xx), the action's own failure message applies.
 */
export type ConfirmationOutcome = 'confirmed' | 'refused' | 'too-many' | 'failed';

export async function confirmManager(
  deps: WebDeps,
  req: Request,
  credentials: ManagerConfirmation,
): Promise<ConfirmationOutcome> {
  const result = await sessions.login(req.api, credentials.confirm_username, credentials.confirm_password);
  if (!result.ok) return result.status === 429 ? 'too-many' : result.status >= 500 ? 'failed' : 'refused';
  await sessions.logout(deps.http, result.data, String(req.id));
  return isManager(result.data.user) ? 'confirmed' : 'refused';
}

/** The answer's status when the confirmation did not pass. */
export function refusalStatus(outcome: Exclude<ConfirmationOutcome, 'confirmed'>): number {
  return outcome === 'too-many' ? 429 : outcome === 'failed' ? 502 : 403;
}
