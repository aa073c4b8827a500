/** What the server-side session holds. Tokens live only here: never in HTML, cookies or logs. */
import type { SessionTokens } from './backend/types.ts';

export type Toast = { kind: 'success' | 'error'; text: string };

declare module 'express-session' {
  interface SessionData {
    auth?: SessionTokens;
    flash?: Toast[];
    csrfToken?: string;
  }
}
