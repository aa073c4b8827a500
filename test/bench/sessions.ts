/**
 * Signed-in browsers for the bench: each one gets the login page (session cookie and CSRF token), posts
 * the login form, and may unlock the cash as a manager, exactly as a person does in the browser.
 */
import { MANAGER } from './stack.ts';

export const SESSION_COOKIE = 'bancada.sid';

export type Browser = { cookie: string; csrf: string };

export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no _csrf field on the page');
  return match[1];
}

function sessionCookieOf(res: Response): string | null {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    if (pair.startsWith(`${SESSION_COOKIE}=`)) return pair;
  }
  return null;
}

/** GET with the browser's cookie, no redirect followed. */
export async function getPage(webUrl: string, path: string, cookie?: string) {
  const res = await fetch(`${webUrl}${path}`, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text(), res };
}

async function postForm(webUrl: string, path: string, cookie: string, fields: Record<string, string>) {
  const res = await fetch(`${webUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  await res.arrayBuffer();
  return res;
}

/** Every cookie a response sets, as a cookie header ('a=1; b=2'). */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');
}

/** A browser signed in through the login form (GET / then POST /), with the CSRF token of its session. */
export async function signIn(webUrl: string): Promise<Browser> {
  const login = await getPage(webUrl, '/');
  // The login form's token is signed into a cookie of its own (no session before sign-in).
  const first = cookiesOf(login.res);
  if (login.status !== 200) throw new Error(`GET /: ${login.status}`);
  const res = await postForm(webUrl, '/', first, {
    _csrf: csrfOf(login.html),
    username: MANAGER.username,
    password: MANAGER.password,
  });
  if (res.status !== 303 || res.headers.get('location') !== '/consulta') {
    throw new Error(`sign-in: ${res.status} ${res.headers.get('location') ?? ''}`);
  }
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('sign-in: no session cookie');
  // Configurações holds a post form (Sair), so the session's CSRF token.
  const settings = await getPage(webUrl, '/configuracoes', cookie);
  if (settings.status !== 200) throw new Error(`GET /configuracoes after sign-in: ${settings.status}`);
  return { cookie, csrf: csrfOf(settings.html) };
}

/** Unlocks the cash screens for this browser (POST /caixa/acessar as the manager), as Caixa do dia asks. */
export async function unlockCash(webUrl: string, browser: Browser): Promise<void> {
  const res = await postForm(webUrl, '/caixa/acessar', browser.cookie, {
    _csrf: browser.csrf,
    username: MANAGER.username,
    password: MANAGER.password,
    voltar: '/caixa-hoje',
  });
  if (res.status !== 303 || res.headers.get('location') !== '/caixa-hoje') {
    throw new Error(`cash unlock: ${res.status} ${res.headers.get('location') ?? ''}`);
  }
}

/** Sair: ends the web session (and its api sessions), so a shared Redis keeps nothing of the bench. */
export async function signOut(webUrl: string, browser: Browser): Promise<void> {
  const res = await postForm(webUrl, '/sair', browser.cookie, { _csrf: browser.csrf });
  if (res.status !== 303) throw new Error(`sign-out: ${res.status}`);
}
