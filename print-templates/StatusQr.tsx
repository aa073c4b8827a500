/**
 * The status link printed for the client (decision 020): its QR code (an SVG from the server, sharp at
 * any resolution) with the address written out under it, and the warranty's end once the order went home.
 */
import type { ReactNode } from 'react';
import { formatDisplayDate } from '../domain/dates.ts';

export type PrintClientSide = {
  url: string;
  qr: string;
  warrantyDays: number;
  warrantyUntil: string | null;
  /** Going back unrepaired: the sheet says there is no warranty. */
  unrepaired: boolean;
};

/**
 * The address as a person types it: without the scheme, which every phone browser adds (the code carries
 * the whole address). Seven characters less keep it on one line beside the code on a ticket, whatever
 * the token's letters; a second line would push the ticket's last rows off.
 */
export const typedAddress = (url: string) => url.replace(/^https?:\/\//, '');

/**
 * The code sits to the right of what the sheet prints beside it (the warranty notice), so a ticket loses
 * no more of its lines to it than the code's own height.
 */
export function StatusQr({
  side,
  tz,
  compact = false,
  children,
}: {
  /** The link and its code; the warranty's end once the order went home (a parts order has none). */
  side: Pick<PrintClientSide, 'url' | 'qr'> & { warrantyUntil?: string | null };
  tz?: string;
  /** On a ticket: the address alone under a smaller code. */
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={compact ? 'status-qr compact' : 'status-qr'}>
      <div className="status-qr-text">
        {children}
        <p className="status-qr-link">
          {compact ? null : 'Acompanhe pelo celular: '}
          <span className="status-url">{typedAddress(side.url)}</span>
        </p>
        {side.warrantyUntil ? (
          <p className="warranty-until">{`Garantia até ${formatDisplayDate(side.warrantyUntil, tz)}`}</p>
        ) : null}
      </div>
      <img src={side.qr} alt="QR code do acompanhamento" width={96} height={96} />
    </div>
  );
}
