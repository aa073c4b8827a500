/**
 * The return order's picker and the warranty (decision 020): the chosen original shows 'Em garantia até
 * dd/MM/yyyy (faltam N dias)' or 'Garantia vencida em dd/MM/yyyy'; out of warranty the form asks for a
 * manager's credentials, sent with the return (the api refuses without them and records who allowed it).
 */
import type { Request } from 'express';
import { TERMINAL_STATUSES } from '../../domain/statuses.ts';
import { warrantyText } from '../../views/components/OrderPanel.tsx';
import { extrasKnownMissing, getOrderClock, noteExtraFailure } from '../backend/client-side.ts';
import type { WebDeps } from '../context.ts';
import { textOf } from '../forms/validate.ts';

export const TEXT_NOT_MANAGER = 'Digite uma credencial de gerente válida';
const NO_WARRANTY_CANCELLED = 'Sem garantia: a O.S. foi cancelada';

export async function returnWarranty(
  deps: WebDeps,
  req: Request,
  originalId: string,
  status: number,
): Promise<{ text: string; expired: boolean; none: boolean } | null> {
  if (extrasKnownMissing(deps.env.apiUrl)) return null;
  const clock = await getOrderClock(req.api, 'service_order', originalId);
  noteExtraFailure(deps.env.apiUrl, clock);
  if (!clock.ok) return null;
  // No warranty at all (it went back unrepaired, was cancelled, or was given 0 days) asks for a manager as a lapsed one does.
  const cancelled = status === TERMINAL_STATUSES.normal.cancelled;
  const zeroDays = clock.data.delivered_on !== null && clock.data.warranty_days <= 0;
  const none = cancelled || clock.data.unrepaired === true || zeroDays;
  const text = cancelled ? NO_WARRANTY_CANCELLED : warrantyText(clock.data, deps.env.SHOP_TZ);
  const expired = none || (clock.data.days_left ?? 0) < 0;
  return text ? { text, expired, none } : null;
}

/** The manager's credentials typed on the return form, when there are any. */
export function managerOf(body: unknown): { confirm_username?: string; confirm_password?: string } {
  const username = textOf(body, 'confirm_username').trim();
  const password = textOf(body, 'confirm_password');
  return username || password ? { confirm_username: username, confirm_password: password } : {};
}
