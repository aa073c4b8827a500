/** Staff roles and origins (SPEC §3, §6; API.md). */

export const AUTHORITY = { MANAGER: 100, EMPLOYEE: 200 } as const;
export const ORIGIN = { MATRIZ: 100, FILIAL: 200 } as const;

export type Authority = (typeof AUTHORITY)[keyof typeof AUTHORITY];
export type Origin = (typeof ORIGIN)[keyof typeof ORIGIN];

export const AUTHORITY_OPTIONS: readonly { code: Authority; label: string }[] = [
  { code: 100, label: 'Gerente' },
  { code: 200, label: 'Funcionário' },
];

export const ORIGIN_OPTIONS: readonly { code: Origin; label: string }[] = [
  { code: 100, label: 'Matriz' },
  { code: 200, label: 'Filial' },
];

export const ROLE_NAMES: Record<Authority, string> = { 100: 'GERENTE', 200: 'FUNCIONÁRIO(A)' };

export function isManager(user: { authority_level?: number } | null | undefined): boolean {
  return user?.authority_level === AUTHORITY.MANAGER;
}

/** First letter of a normal order number: M for matriz, F for filial (API.md). */
export function originLetter(origin: number): 'M' | 'F' {
  return origin === ORIGIN.FILIAL ? 'F' : 'M';
}

/**
 * A username as it is stored and compared: NFKC (so a full-width or ligature spelling is the plain one)
 * and trimmed. Case is kept for display; comparisons go through usernameKey.
 */
export function normalizeUsername(name: string): string {
  return name.normalize('NFKC').trim();
}

/** The one spelling of a username that counts as the same account: NFKC, trimmed, lower-case. */
export function usernameKey(name: string): string {
  return normalizeUsername(name).toLowerCase();
}
