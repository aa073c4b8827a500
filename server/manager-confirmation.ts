/**
 * A manager's credentials typed in a dialog are confirmed with POST sessions (SPEC §7: "also used to
 * confirm a manager's credentials") and authority 100, before the action is sent. An employee's right
 * credentials get the dialog's own message under the user field (SPEC §5, Delete dialogs); credentials the
 * backend refuses are a failure response, so the action's failure toast (SPEC §8: "Cheque suas
 * credenciais"). The call is anonymous, so no answer of it can sign the person at the keyboard out. The
 * tokens the confirmation returns are revoked at once.
 */
import type { Request } from 'express';
import type { ManagerConfirmation } from '../contract/sessions.ts';
import { isManager } from '../domain/users.ts';
import * as sessions from './backend/sessions.ts';
import type { WebDeps } from './context.ts';

/**
 * 'not-manager': an employee's right credentials; 'wrong': credentials the backend refuses (any other 4xx);
 * 'too-many': the backend asks to wait (429); 'failed': the backend failed (5xx).
 */
export type ConfirmationOutcome = 'confirmed' | 'not-manager' | 'wrong' | 'too-many' | 'failed';

export async function confirmManager(
  deps: WebDeps,
  req: Request,
  credentials: ManagerConfirmation,
): Promise<ConfirmationOutcome> {
  const result = await sessions.login(req.api, credentials.confirm_username, credentials.confirm_password);
  if (!result.ok) return result.status === 429 ? 'too-many' : result.status >= 500 ? 'failed' : 'wrong';
  await sessions.logout(deps.http, result.data, String(req.id));
  return isManager(result.data.user) ? 'confirmed' : 'not-manager';
}

/** The answer's status when the confirmation did not pass. */
export function refusalStatus(outcome: Exclude<ConfirmationOutcome, 'confirmed'>): number {
  if (outcome === 'too-many') return 429;
  if (outcome === 'failed') return 502;
  return outcome === 'wrong' ? 401 : 403;
}

/** The backend braked this manager's sign-ins (decision 019): even the right password waits. */
export const TOO_MANY_ATTEMPTS =
  'Muitas tentativas com este usuário. Aguarde alguns minutos e tente de novo.';

/**
 * What a dialog shows when the confirmation did not pass: an employee's credentials get `notManager` under
 * the user field and as the toast; a braked sign-in says to wait; anything else is the action's failure
 * toast alone.
 */
export function confirmationRefusal(
  outcome: Exclude<ConfirmationOutcome, 'confirmed'>,
  texts: { notManager: string; failed: string },
): { errors: Record<string, string>; toast: string } {
  if (outcome === 'not-manager') {
    return { errors: { confirm_username: texts.notManager }, toast: texts.notManager };
  }
  return { errors: {}, toast: outcome === 'too-many' ? TOO_MANY_ATTEMPTS : texts.failed };
}
