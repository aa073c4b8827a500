/** SPEC §7 Session and Users calls: what the web sends and what it reads back (SPEC §3 User). */

/** The signed-in user as `POST sessions`, `GET profile/me` and `PUT /profile` answer it. */
export type SessionUser = { id?: number; username: string; authority_level: number; origin: number };

/** POST sessions {username, password}: also how a manager's typed credentials are confirmed. */
export type LoginRequest = { username: string; password: string };
export type SessionTokens = { token: string; refresh_token: string; user: SessionUser };

/** POST /sessions/refresh {refresh_token} -> token and, optionally, a new refresh_token. */
export type RefreshRequest = { refresh_token: string };
export type RefreshAnswer = { token: string; refresh_token?: string };

/** POST sessions/logout {refresh_token}. */
export type LogoutRequest = { refresh_token: string };

/** PUT /profile. */
export type ProfileChange = {
  username: string;
  password_old?: string;
  password_new?: string;
  password_confirm?: string;
};

/** POST /users (authority_level is always 100) and POST /employees. */
export type NewManager = {
  admin_password: string;
  origin: number;
  authority_level: 100;
  username: string;
  password: string;
};
export type NewEmployee = { origin: number; username: string; password: string };

/** The keys a manager-gated call carries where SPEC §7 lists them. */
export type ManagerConfirmation = { confirm_username: string; confirm_password: string };
