/**
 * What a person typed, kept server-side between a POST and the GET that shows it again: after a
 * validation error or a refused edit (post/redirect/get, so Back never offers to resubmit), and when
 * the session or the form's CSRF token was gone (the typing waits while the person signs in again).
 *
 * A draft is found by an unguessable id carried in the address (`?rascunho=`), holds at most
 * MAX_FIELDS fields of at most MAX_CHARS each, lives DRAFT_TTL_MS, and never holds a password or a
 * token: fields named like one are dropped before it is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { WebDeps } from './context.ts';
import { memoryShortStore, type ShortStore, shortStoreOf } from './short-store.ts';

export const DRAFT_PARAM = 'rascunho';
export const DRAFT_TTL_MS = 2 * 3600 * 1000;
const MAX_FIELDS = 100;
const MAX_CHARS = 10_000;
const ID = /^[A-Za-z0-9_-]{22}$/;
/** Never kept: credentials, the CSRF token, the form's one-use key. */
const SECRET_FIELD = /password|senha|token|_csrf|^_key$/i;

export type Draft = {
  /** The form's page (path only): a draft is shown only there. */
  path: string;
  values: Record<string, string>;
  errors?: Record<string, string>;
  /** Why it was kept: the page says what happened. */
  reason: 'invalid' | 'stale' | 'signed-out' | 'failed';
  toast?: string;
  /**
   * The one-use key the form carried (server/idempotency.ts), kept apart from the typing: the form
   * shown again carries it, so a create that had already gone through is opened, not made twice.
   */
  formKey?: string;
  /**
   * A hash of the browser's draft cookie (DRAFT_COOKIE): a draft opens only in the browser that typed it,
   * so a draft made by someone else's POST cannot be handed to a person as their own typing through a
   * link, and a link seen over a shoulder or in a history opens nothing elsewhere.
   */
  owner?: string;
  /** Typed while signed in: who typed it. It opens for that person only, not a colleague on the same browser. */
  user?: string;
};

/** The cookie that ties a draft to its browser. */
export const DRAFT_COOKIE = 'bancada_rascunho';
const OWNER = /^[A-Za-z0-9_-]{22}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

function ownerCookieOf(req: Request): string | null {
  const value = new RegExp(`(?:^|;\\s*)${DRAFT_COOKIE}=([^;]*)`).exec(req.headers.cookie ?? '')?.[1];
  return value && OWNER.test(value) ? value : null;
}

/**
 * This browser's draft owner (the cookie's hash), setting the cookie when it has none yet. Its life starts
 * again with every draft: a cookie made hours earlier must not end before the draft it opens does.
 */
export function draftOwner(req: Request, res: Response): string {
  const token = ownerCookieOf(req) ?? randomBytes(16).toString('base64url');
  res.cookie(DRAFT_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: DRAFT_TTL_MS,
  });
  return hashOf(token);
}

/** The typed text fields of a body, without secrets, bounded. */
export function typedFields(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (!body || typeof body !== 'object') return values;
  let count = 0;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value !== 'string' || SECRET_FIELD.test(name) || name.length > 100) continue;
    if (++count > MAX_FIELDS) break;
    values[name] = value.slice(0, MAX_CHARS);
  }
  return values;
}

const slot = (id: string) => `bancada:draft:${id}`;

/**
 * Drafts kept in this process while the shared store (Redis) does not answer, so typing posted during the
 * outage is still there when it is over (on this web; a few hundred at most, each for DRAFT_TTL_MS).
 */
const outageDrafts = new WeakMap<WebDeps, ShortStore>();
function outageStoreOf(deps: WebDeps): ShortStore {
  let store = outageDrafts.get(deps);
  if (!store) {
    store = memoryShortStore(500);
    outageDrafts.set(deps, store);
  }
  return store;
}

/**
 * Keeps a draft for this browser (and this person, when signed in) and gives its id.
 * `sharedStoreDown`: the session store (the same Redis) has just failed, so the draft goes straight to
 * this process (a stalled Redis would hold the answer as long as it lasts).
 */
export async function saveDraft(
  deps: WebDeps,
  res: Response,
  draft: Draft,
  sharedStoreDown = false,
): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const user = res.req.session?.auth?.user.username;
  const value = JSON.stringify({
    ...draft,
    owner: draft.owner ?? draftOwner(res.req, res),
    ...(user ? { user } : {}),
  });
  const keepHere = () => outageStoreOf(deps).set(slot(id), value, DRAFT_TTL_MS);
  if (sharedStoreDown) await keepHere();
  else await shortStoreOf(deps).set(slot(id), value, DRAFT_TTL_MS).catch(keepHere);
  return id;
}

/** The draft named in this GET's address, when it belongs to this page. */
export async function draftFor(deps: WebDeps, req: Request): Promise<Draft | null> {
  const id = req.query[DRAFT_PARAM];
  if (typeof id !== 'string' || !ID.test(id)) return null;
  const shared = await shortStoreOf(deps)
    .get(slot(id))
    .catch(() => undefined);
  const raw = shared ?? (await outageStoreOf(deps).get(slot(id)));
  if (!raw) return null;
  const draft = JSON.parse(raw) as Draft;
  if (draft.path !== req.path) return null;
  if (draft.owner) {
    const token = ownerCookieOf(req);
    if (!token || hashOf(token) !== draft.owner) return null;
  }
  if (draft.user && draft.user !== req.session?.auth?.user.username) return null;
  return draft;
}

/** `path` with the draft's id added to its query. */
export function withDraft(path: string, id: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${DRAFT_PARAM}=${id}`;
}

/** A same-origin path from a form or a query, or null: never //host, /\host, a scheme or a control character. */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://bancada.invalid';
  const url = new URL(value, base);
  // '/.//host' resolves to the path '//host', which a Location header reads as another host.
  if (url.origin !== base || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}`;
}

/** The page address a form came from (its `_from` field) without an old draft id; null if not ours. */
export function formPageOf(req: Request): string | null {
  const from = safeLocalPath((req.body as Record<string, unknown> | undefined)?._from);
  if (!from) return null;
  const url = new URL(from, 'http://bancada.invalid');
  url.searchParams.delete(DRAFT_PARAM);
  return `${url.pathname}${url.search}`;
}
