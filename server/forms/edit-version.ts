/**
 * Optimistic concurrency on the web's edit forms. The form carries what it was loaded from: the
 * record's `version` when the backend has one (ours, migration 005), and always a hash of the loaded
 * values, for a backend that knows only SPEC §7. On save the record is read again and compared:
 * a different version, or different values, is a save over someone else's change and is refused.
 *
 * Against a SPEC-only backend the re-read and the PUT are two calls: a change landing between them (a
 * few milliseconds) is not caught. Our api closes that window by checking the version itself, in the
 * same transaction that writes (docs/decisions/024-edit-versions-drafts-and-form-keys.md).
 */
import { createHash } from 'node:crypto';
import type { ConflictRow } from '../../views/components/EditConflict.tsx';

export const VERSION_FIELD = '_version';
export const LOADED_FIELD = '_loaded';
/** The loaded values themselves (JSON, base64url): what lets a save over a newer version keep theirs. */
export const LOADED_VALUES_FIELD = '_loaded_values';

/** What our api answers (409) to an edit naming a version the record has moved on from. */
const STALE_API_MESSAGE = 'Este registro foi alterado por outra pessoa depois que você o abriu.';

/** Whether a refused save is our api's version check (not another 409, such as a CPF already taken). */
export function staleRefusal(result: { ok: boolean; status?: number; message?: string }): boolean {
  return !result.ok && result.status === 409 && result.message === STALE_API_MESSAGE;
}

/** The version a backend's record carries, when it carries one. */
export function versionOf(record: unknown): number | undefined {
  const version = (record as { version?: unknown } | null)?.version;
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
}

/** A short digest of the values as the form shows them (order of fields does not matter). */
export function valuesHash(values: Record<string, string | undefined>): string {
  const entries = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url').slice(0, 32);
}

/** The hidden fields an edit form carries: what it was loaded from. */
export function loadedMarks(record: unknown, values: Record<string, string | undefined>) {
  const version = versionOf(record);
  const shown = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  return {
    ...(version === undefined ? {} : { [VERSION_FIELD]: String(version) }),
    [LOADED_FIELD]: valuesHash(values),
    [LOADED_VALUES_FIELD]: Buffer.from(JSON.stringify(shown)).toString('base64url'),
  };
}

/**
 * The values a posted form was loaded with, when it carried them whole: they must match its hash (a
 * draft cuts a very long field, and a value changed on the way is not trusted); else undefined.
 */
function loadedValuesOf(body: unknown): Record<string, string> | undefined {
  const encoded = posted(body, LOADED_VALUES_FIELD);
  const hash = posted(body, LOADED_FIELD);
  if (!encoded || !hash) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const values = parsed as Record<string, unknown>;
    if (!Object.values(values).every((v) => typeof v === 'string')) return undefined;
    return valuesHash(values as Record<string, string>) === hash
      ? (values as Record<string, string>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A value as a form sends it back: a textarea's line breaks come as CRLF, and edges are not typing. */
const same = (a: string | undefined, b: string | undefined) =>
  (a ?? '').replace(/\r\n/g, '\n').trim() === (b ?? '').replace(/\r\n/g, '\n').trim();

/**
 * What 'Salvar por cima' saves after a save over someone else's: the fields this person changed as they
 * typed them, and every other field as it is saved now (a three-way merge with what the form was loaded
 * with). Without it a field they never touched, shown as it was when they opened the form, would erase
 * what the other person saved there. A form that did not carry its loaded values keeps the typing whole.
 */
export function mergedOverTheirs(
  body: unknown,
  typed: Record<string, string | undefined>,
  theirs: Record<string, string | undefined>,
  /**
   * Fields that stand together: a change to one keeps this person's whole group. The O.S.'s parts,
   * labour and final value are one sum (a blank final is worked out from the other two): taking the
   * other person's final beside this person's parts would send a figure to the cash nobody typed.
   */
  groups: readonly (readonly string[])[] = [],
): Record<string, string | undefined> {
  const loaded = loadedValuesOf(body);
  if (!loaded) return typed;
  const untouched = (name: string) => name in typed && name in loaded && same(typed[name], loaded[name]);
  const merged = { ...typed };
  for (const name of Object.keys(theirs)) {
    const group = groups.find((g) => g.includes(name)) ?? [name];
    if (group.every(untouched)) merged[name] = theirs[name];
  }
  return merged;
}

/** Whether this person's side differs from what is saved in any field: else there is nothing to decide. */
export function differsFromTheirs(
  yours: Record<string, string | undefined>,
  theirs: Record<string, string | undefined>,
): boolean {
  return Object.keys(theirs).some((name) => name in yours && !same(yours[name], theirs[name]));
}

/** Said when a save found someone else's and this person had changed nothing: the record as saved. */
export const NOTHING_OF_YOURS =
  'Outra pessoa salvou enquanto você editava, e você não tinha mudado nada: abrimos como está salvo agora.';

const posted = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The marks a posted form carried, for a form shown again before it is saved (a postal-code lookup
 * without JavaScript): it keeps what it was first loaded from, so a change saved by someone else in the
 * meantime is still caught at Salvar. Undefined when the form carried none.
 */
export function postedMarks(body: unknown): Record<string, string> | undefined {
  const version = posted(body, VERSION_FIELD);
  const loaded = posted(body, LOADED_FIELD);
  if (version === undefined && loaded === undefined) return undefined;
  return {
    ...(version === undefined ? {} : { [VERSION_FIELD]: version }),
    ...(loaded === undefined ? {} : { [LOADED_FIELD]: loaded }),
  };
}

/** The version the posted form was loaded from (sent on to the api), when it names one. */
export function postedVersion(body: unknown): number | undefined {
  const text = posted(body, VERSION_FIELD);
  return text && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/**
 * True when what the posted form shows changed since it was loaded: by the loaded values' hash, else by
 * version. A new version alone is not a conflict: an upfront payment taken in another tab moves the
 * order's version but none of the fields this form edits, and refusing then showed a comparison with no
 * difference in it. A form that names neither (not one of ours) is not checked.
 */
export function changedSince(body: unknown, record: unknown, current: Record<string, string | undefined>) {
  const loaded = posted(body, LOADED_FIELD);
  if (loaded !== undefined) return loaded !== valuesHash(current);
  const version = versionOf(record);
  const sent = postedVersion(body);
  return version !== undefined && sent !== undefined && version !== sent;
}

/**
 * The version a save names once `changedSince` found the form's fields as the record has them now: the
 * record's own (read just before), so our api's check in the write covers only what lands after that
 * read; the posted one when the record carries none.
 */
export function versionToSave(body: unknown, record: unknown): number | undefined {
  return versionOf(record) ?? postedVersion(body);
}

/** Field by field, what is saved now beside what was typed, in the form's order. */
export function conflictRows(
  labels: Record<string, string>,
  theirs: Record<string, string | undefined>,
  yours: Record<string, string | undefined>,
): ConflictRow[] {
  return Object.entries(labels).map(([name, label]) => ({
    name,
    label,
    theirs: theirs[name] ?? '',
    yours: yours[name] ?? '',
  }));
}

/** A save that found the record already as typed: a resend of a save that went through. */
export const ALREADY_SAVED = 'O que você digitou já está salvo: nada foi alterado.';

/**
 * Whether the record already holds what was typed, field by field as the form shows them: the same save
 * sent again (Back, a double click) after the first went through. The comparison would show two equal
 * columns, and what the person wanted is so. Any field that differs keeps the comparison.
 */
export function alreadySaved(body: unknown, current: Record<string, string | undefined>): boolean {
  return Object.entries(current).every(
    ([name, value]) => (posted(body, name) ?? '').trim() === (value ?? '').trim(),
  );
}
