/** Clients in the database: reading the living ones, searching, writing and soft-deleting. */
import { type RawBuilder, sql } from 'kysely';
import { CLIENT_FIELD_NAMES, type ClientFields } from '../../domain/clients.ts';
import { digitsOf, normalizeCnpj } from '../../domain/documents.ts';
import type { Db } from '../db/connect.ts';
import { isoTimestamp } from '../db/json-values.ts';
import { everyWord } from '../db/search-words.ts';
import type { ClientInput } from './schema.ts';

export type ClientRow = { id: number } & ClientFields & {
    created_at: Date;
    updated_at: Date;
    version: number;
  };

/** A client as the api shows it: every field, dates as ISO strings. */
export type PublicClient = Omit<ClientRow, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};

/** Every column of a client as the api reads it. */
export const CLIENT_COLUMNS = [
  'id',
  ...CLIENT_FIELD_NAMES,
  'created_at',
  'updated_at',
  // Counts the client's edits (migration 005): an edit loaded from an older one is refused (409).
  'version',
] as const satisfies readonly (keyof ClientRow)[];
const columns = CLIENT_COLUMNS;

/**
 * Clients by id, deleted ones too: an order keeps showing whose it is after its client was deleted
 * (searching and editing read only the living).
 */
export async function clientsByIds(db: Db, ids: readonly number[]): Promise<Map<number, ClientRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = (await db
    .selectFrom('clients')
    .select(CLIENT_COLUMNS)
    .where('id', 'in', unique)
    .execute()) as ClientRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The client of `clientId` (a column of the outer query), deleted or not, as a JSON object shaped as the
 * api shows a client (every field, dates as ISO strings), or null when there is none. For queries that
 * bring an order's client along instead of asking for it separately.
 */
export function clientJsonOf(clientId: string) {
  return sql<PublicClient | null>`(SELECT json_build_object(${CLIENT_JSON_FIELDS}) FROM clients cj
    WHERE cj.id = ${sql.ref(clientId)})`;
}

/** The key-value pairs of clientJsonOf's object, in the order the api writes a client's fields. */
const CLIENT_JSON_FIELDS = sql.join(
  CLIENT_COLUMNS.map((column) =>
    column === 'created_at' || column === 'updated_at'
      ? sql`${sql.lit(column)}, ${isoTimestamp(`cj.${column}`)}`
      : sql`${sql.lit(column)}, ${sql.ref(`cj.${column}`)}`,
  ),
);

/** At most this many clients answer a search (API.md). */
export const SEARCH_LIMIT = 50;
/** Digits or CNPJ characters shorter than this are not looked for in documents and phones. */
const MIN_DOCUMENT_CHARS = 3;
const CNPJ_CHARS = 14;

/** A LIKE pattern that finds `text` (digits and letters only) anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The filter as the search reads it: its words for the name; its digits for CPF, CNPJ and phones when it
 * has no letter (a formatted number: '529.982', '(11) 98765'; the digits pulled out of 'xyz765' are in no
 * document); and, when it mixes letters and digits in at most 14 characters (a piece of an alphanumeric
 * CNPJ: '12.ABC.345'), its CNPJ characters for the CNPJ. A plain word is never looked for in CNPJs.
 */
export function searchTerms(filter: string) {
  const words = filter.split(/\s+/).filter(Boolean);
  const hasLetter = /\p{L}/u.test(filter);
  const digits = digitsOf(filter);
  const cnpjChars = normalizeCnpj(filter);
  const number = !hasLetter && digits.length >= MIN_DOCUMENT_CHARS ? digits : null;
  return {
    words,
    digits: number,
    phone: number ? nationalPhone(number) : null,
    cnpj:
      cnpjChars.length >= MIN_DOCUMENT_CHARS &&
      cnpjChars.length <= CNPJ_CHARS &&
      /[A-Z]/.test(cnpjChars) &&
      /[0-9]/.test(cnpjChars)
        ? cnpjChars
        : null,
  };
}

/**
 * A phone number typed as dialled from abroad (+55 11 98765-4321) or with the old trunk zero
 * (011 98765-4321): the area code and number as phones are kept, for the phones alone; null otherwise.
 */
function nationalPhone(digits: string): string | null {
  const national = /^(?:55|0)(\d{10,11})$/.exec(digits)?.[1];
  return national ?? null;
}

/** A client row with its search key: what a page of clients holds before its order lists are added. */
export type ClientPageRow = ClientRow & { name_search: string };

/** Every column of a client and its search key (the page's order); the same SQL on every request. */
const PAGE_COLUMNS = sql.join([...CLIENT_COLUMNS, 'name_search'].map((column) => sql.ref(column)));

/** The living client of an id, as a page of one. */
export function livingClientQuery(id: number): RawBuilder<ClientPageRow> {
  return sql`SELECT ${PAGE_COLUMNS} FROM clients WHERE deleted_at IS NULL AND id = ${id}`;
}

/**
 * How a page of a search is found (decision 025): `walk` lets the planner choose, and it mostly walks the
 * name index in order until the page is full, which suits a word that many names hold; `matches` reads
 * every match by trigram first and sorts them, which suits a search that few names match, however late
 * in the alphabet they sort.
 */
export type SearchPlan = 'walk' | 'matches';

/** Up to this many matches a page is found by its matches (a few milliseconds), beyond it by the walk. */
export const MATCHES_FIRST_UP_TO = 10_000;

/**
 * Living clients whose name holds every word of the filter (case and accents ignored), or whose CPF,
 * CNPJ or phones hold its digits, or whose CNPJ holds its alphanumerics, by name: at most 50, or the
 * slice asked for (docs/api.md "Lists in pages").
 * Every arm has a trigram index of migration 002 (name_search is the stored ' ' || lower(f_unaccent(name))).
 * The page's ids are found first, from the indexes alone, and only its rows read from the table: a walk
 * past 100,000 names reads index entries, not 100,000 rows. Null when the filter holds nothing to look for.
 */
export function searchClientsQuery(
  filter: string,
  slice: { limit: number; offset: number } = { limit: SEARCH_LIMIT, offset: 0 },
  plan: SearchPlan = 'walk',
): RawBuilder<ClientPageRow> | null {
  const where = searchWhere(filter);
  if (!where) return null;
  const page = sql`ORDER BY name_search, id LIMIT ${slice.limit} OFFSET ${slice.offset}`;
  const ids =
    plan === 'matches'
      ? sql`WITH m AS MATERIALIZED (SELECT id, name_search FROM clients WHERE ${where}) SELECT id FROM m ${page}`
      : sql`SELECT id FROM clients WHERE ${where} ${page}`;
  return sql`SELECT ${PAGE_COLUMNS} FROM clients WHERE id IN (${ids})`;
}

/**
 * A page found from the matches together with how many there are, in one query (decision 025, later):
 * the matches are read once, at most `upTo` + 1 of them, and each row of the page carries `matches`,
 * their number. More than `upTo` means the page is not to be trusted (the matches were cut) and the
 * search is left to the count and the walk. Null when the filter holds nothing.
 */
export function searchWithinMatchesQuery(
  filter: string,
  slice: { limit: number; offset: number },
  upTo: number,
): RawBuilder<ClientPageRow & { matches: string | number }> | null {
  const where = searchWhere(filter);
  if (!where) return null;
  return sql`WITH m AS MATERIALIZED (SELECT id, name_search FROM clients WHERE ${where} LIMIT ${upTo + 1})
    SELECT ${PAGE_COLUMNS}, (SELECT count(*) FROM m) AS matches FROM clients
    WHERE id IN (SELECT id FROM m ORDER BY name_search, id LIMIT ${slice.limit} OFFSET ${slice.offset})`;
}

/** How many living clients the search finds (a page's total); null when the filter holds nothing. */
export function countClientsQuery(filter: string): RawBuilder<{ count: string | number }> | null {
  const where = searchWhere(filter);
  return where ? sql`SELECT count(*) AS count FROM clients WHERE ${where}` : null;
}

/** The search's condition: living clients matching any arm of the filter; null when there is none. */
function searchWhere(filter: string) {
  const terms = searchTerms(filter);
  const arms = [];
  if (terms.words.length > 0) arms.push(everyWord('name_search', terms.words));
  if (terms.digits) {
    const pattern = containsPattern(terms.digits);
    arms.push(sql`cpf LIKE ${pattern}`, sql`cnpj LIKE ${pattern}`, sql`phone_digits LIKE ${pattern}`);
  }
  if (terms.phone) arms.push(sql`phone_digits LIKE ${containsPattern(terms.phone)}`);
  if (terms.cnpj) arms.push(sql`cnpj LIKE ${containsPattern(terms.cnpj)}`);
  if (arms.length === 0) return null;
  return sql`deleted_at IS NULL AND (${sql.join(arms, sql` OR `)})`;
}

export async function findClient(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('clients').select(columns).where('id', '=', id).where('deleted_at', 'is', null);
  if (options.forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ClientRow | undefined;
}

export async function insertClient(db: Db, input: ClientInput): Promise<ClientRow> {
  return db.insertInto('clients').values(input).returning(columns).executeTakeFirstOrThrow();
}

export async function updateClient(db: Db, id: number, input: ClientInput): Promise<ClientRow | undefined> {
  return db
    .updateTable('clients')
    .set({ ...input, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}

/** Marks a living client deleted; undefined when there was none. */
export async function softDeleteClient(db: Db, id: number): Promise<{ deleted_at: Date } | undefined> {
  return db
    .updateTable('clients')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('deleted_at')
    .executeTakeFirst() as Promise<{ deleted_at: Date } | undefined>;
}

/** Which unique index a duplicate hit, from the database error (pg and PGlite both name it). */
export function duplicateField(err: unknown): 'cpf' | 'cnpj' | null {
  const constraint = (err as { constraint?: string } | null)?.constraint ?? '';
  if (constraint === 'clients_cpf_unique') return 'cpf';
  if (constraint === 'clients_cnpj_unique') return 'cnpj';
  return null;
}
