/**
 * Every create is done once per form render and typing. The page carries a random key (`_key`, written
 * by the Form component); the first POST with it claims the key (Redis SET NX, or the in-process store), does
 * the work and keeps where it led; a second POST of the same key — Back and Salvar, a double click, a
 * retry after a time-out, two in flight at once — is sent to what the first one created, with a notice,
 * and never reaches the api. The api also gets the key (`Idempotency-Key`), so ours dedupes even when
 * the web's store was lost; a backend that knows only SPEC §7 ignores the header.
 *
 * A first POST that failed (bad input, the api refused) frees the key: the corrected form goes through.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Backend } from './backend/client.ts';
import type { WebDeps } from './context.ts';
import { flash } from './middleware/flash.ts';
import { type ShortStore, shortStoreOf } from './short-store.ts';

export const FORM_KEY_FIELD = '_key';
const KEY = /^[A-Za-z0-9_-]{16,64}$/;
const KEEP_MS = 24 * 3600 * 1000;
const PENDING = 'pending';
/** How long a second submit waits for the first one to finish before saying it is still going. */
const WAIT_MS = 20_000;
const POLL_MS = 50;

export const TEXT = {
  again: 'Este formulário já tinha sido enviado: abrimos o que ele criou, nada foi duplicado.',
  stillRunning:
    'Este formulário já está sendo enviado. Confira se foi criado antes de enviar de novo: nada foi duplicado.',
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key a form carried, when it looks like one of ours. */
export function formKeyOf(req: Request): string | undefined {
  const key = (req.body as Record<string, unknown> | undefined)?.[FORM_KEY_FIELD];
  return typeof key === 'string' && KEY.test(key) ? key : undefined;
}

/** Fields every form carries that say nothing of what was typed. */
const FORM_MECHANICS = new Set(['_csrf', FORM_KEY_FIELD, '_from']);

/** What a form post typed: its fields without the form's mechanics, in name order. */
function typedOf(req: Request): [string, unknown][] {
  const body = (req.body ?? {}) as Record<string, unknown>;
  return Object.keys(body)
    .filter((name) => !FORM_MECHANICS.has(name))
    .sort()
    .map((name) => [name, body[name]]);
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The same key, never the raw one, for this path and this typing: what the store and the api see. The
 * typing is part of it: a form sent again as it was (a double click, a retry, Back and Salvar) opens what
 * the first send made, but one changed after Back (another device for the same client) is a new one.
 */
function scopedKey(req: Request, key: string): string {
  return digest(`${req.path}\n${key}\n${JSON.stringify(typedOf(req))}`);
}

/** A create this key made: where it led, and a digest of each field it was sent with (never the typing). */
type Sent = { location: string; fields: Record<string, string> };
const MAX_SENT = 20;

const sentSlot = (req: Request, key: string) => `bancada:form-sent:${digest(`${req.path}\n${key}`)}`;

const isBlank = (value: unknown) =>
  (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * Back to a sent form shows it again, but without what the browser does not give back: the fields
 * marked autocomplete=off (the money, the dates, a client's name) come back empty. Salvar then sends
 * the same key with those fields blank: that is the form already sent, not another create (it made a
 * second order with no value). It is one when every field typed now is as that send had it.
 */
function sentAgain(req: Request, sent: readonly Sent[]): Sent | undefined {
  const typed = typedOf(req).filter(([, value]) => !isBlank(value));
  return sent.find((s) => typed.every(([name, value]) => s.fields[name] === digest(JSON.stringify(value))));
}

async function sentWith(store: ShortStore, slot: string): Promise<Sent[]> {
  const raw = await store.get(slot);
  try {
    return raw ? (JSON.parse(raw) as Sent[]) : [];
  } catch {
    return [];
  }
}

async function rememberSent(store: ShortStore, slot: string, req: Request, location: string) {
  const fields = Object.fromEntries(
    typedOf(req).map(([name, value]) => [name, digest(JSON.stringify(value))]),
  );
  const sent = [...(await sentWith(store, slot)), { location, fields }].slice(-MAX_SENT);
  await store.set(slot, JSON.stringify(sent), KEEP_MS);
}

/** The backend with `Idempotency-Key` on its POSTs. */
function withKey(backend: Backend, key: string): Backend {
  return {
    call(method, path, options = {}) {
      if (method !== 'POST') return backend.call(method, path, options);
      return backend.call(method, path, {
        ...options,
        headers: { ...options.headers, 'idempotency-key': key },
      });
    },
  };
}

/**
 * Runs a create once per form key. `work` gets the api to call and returns where to go on success
 * (after flashing its own toast), or null when it answered the request itself (a failure: the key is
 * freed). `fallback` is where a second submit goes while the first is still running past WAIT_MS.
 * A POST without a key (a client that is not our form) just runs.
 */
export async function submitOnce(
  deps: WebDeps,
  req: Request,
  res: Response,
  fallback: string,
  work: (api: Backend) => Promise<string | null>,
  /** The api to call, when not the session's (the cash screens call with the unlock's manager). */
  backend: Backend = req.api,
  /** What a second submit is told, when TEXT.again does not say it (an action, not a create). */
  againText: string = TEXT.again,
): Promise<void> {
  const key = formKeyOf(req);
  if (!key) {
    const location = await work(backend);
    if (location !== null) res.redirect(303, location);
    return;
  }
  const store = shortStoreOf(deps);
  const sentKey = sentSlot(req, key);
  const earlier = sentAgain(req, await sentWith(store, sentKey));
  if (earlier) {
    flash(req, 'success', againText);
    return res.redirect(303, earlier.location);
  }
  const slot = `bancada:form-key:${scopedKey(req, key)}`;
  const deadline = Date.now() + WAIT_MS;
  while (!(await store.claim(slot, PENDING, KEEP_MS))) {
    const kept = await store.get(slot);
    if (kept !== undefined && kept !== PENDING) {
      flash(req, 'success', againText);
      return res.redirect(303, kept);
    }
    if (Date.now() > deadline) {
      flash(req, 'error', TEXT.stillRunning);
      return res.redirect(303, fallback);
    }
    // Still running: wait for where it leads. Gone: it failed and freed the key; claim it again.
    if (kept === PENDING) await sleep(POLL_MS);
  }
  let location: string | null = null;
  try {
    location = await work(withKey(backend, scopedKey(req, key)));
  } finally {
    if (location === null) await store.delete(slot);
    else {
      await store.set(slot, location, KEEP_MS);
      await rememberSent(store, sentKey, req, location);
    }
  }
  if (location !== null) res.redirect(303, location);
}
