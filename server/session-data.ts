/** What the server-side session holds. Tokens live only here: never in HTML, cookies or logs. */

import type { SessionTokens } from '../contract/sessions.ts';
import type { Toast } from '../contract/web.ts';

export type CashUnlock = {
  token: string;
  refresh_token: string;
  username: string;
  until: number;
  /** Print links made of cash sheets while unlocked: revoked with the unlock. */
  printLinks?: string[];
};

declare module 'express-session' {
  interface SessionData {
    auth?: SessionTokens;
    flash?: Toast[];
    /** csrf-sync declares it too, as string | null | undefined: the two declarations must agree. */
    csrfToken?: string | null;
    /** The cash screens' unlock: a manager's api session, for a limited time (SPEC §2 Cash). */
    cash?: CashUnlock;
    /** Print-server links this session made: revoked when it signs out. */
    printLinks?: string[];
    /** The print server this person last sent a sheet to: preselected on the next sheet. */
    lastPrinterId?: number;
    /** A refused "Enviar para a impressora": shown once on its field, back on the sheet it came from. */
    printSendError?: { path: string; field: 'impressora'; text: string };
    /** When its expiry was last pushed forward (ms since epoch), by refreshWhenDue() (middleware/session.ts). */
    refreshedAt?: number;
  }
}
