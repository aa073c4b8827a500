/** Shapes the api answers with (SPEC §3), as the web reads them. */
export type SessionUser = { id?: number; username: string; authority_level: number; origin: number };

export type SessionTokens = { token: string; refresh_token: string; user: SessionUser };
