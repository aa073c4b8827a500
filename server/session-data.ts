/** What the server-side session holds. Tokens live only here: never in HTML, cookies or logs. */
import type { SessionTokens } from './backend/types.ts';

export type Toast = { kind: 'success' | 'error'; text: string };

export type CashUnlock = { token: string; refresh_token: string; username: string; until: number };

declare module 'express-session' {
  interface SessionData {
    auth?: SessionTokens;
    flash?: Toast[];
    csrfToken?: string;
    /** The cash screens' unlock: a manager's api session, for a limited time (SPEC §2 Cash). */
    cash?: CashUnlock;
    /** Print-server links this session made: revoked when it signs out. */
    printLinks?: string[];
    /** When its expiry was last pushed forward (ms since epoch), by refreshWhenDue() (middleware/session.ts). */
    refreshedAt?: number;
  }
}
