/** Clients in the database: reading the living ones, searching, writing and soft-deleting. */
import { sql } from 'kysely';
import { digitsOf, normalizeCnpj } from '../../domain/documents.ts';
import type { Db } from '../db/connect.ts';
import type { ClientInput } from './schema.ts';

export type ClientRow = {
  id: number;
  name: string;
  cpf: string | null;
  cnpj: string | null;
  email: string | null;
  phone1: string | null;
  phone2: string | null;
  phone3: string | null;
  zip_code: string | null;
  address: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  created_at: Date;
  updated_at: Date;
};

/** Every column of a client as the api reads it. */
export const CLIENT_COLUMNS = [
  'id',
  'name',
  'cpf',
  'cnpj',
  'email',
  'phone1',
  'phone2',
  'phone3',
  'zip_code',
  'address',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'created_at',
  'updated_at',
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
 * A filter word as name_search holds it (accents off, lower case), its LIKE wildcards then taken
 * literally. Escaped in SQL, after unaccent, since unaccent itself can yield '%' (from the full-width ％).
 */
function nameWord(word: string) {
  return sql`regexp_replace(lower(f_unaccent(${word})), ${String.raw`([\\%_])`}, ${String.raw`\\\1`}, 'g')`;
}

/** Below this many characters a word has no trigram: it is looked for at a word start instead. */
const MIN_INNER_WORD = 3;

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
  return {
    words,
    digits: !hasLetter && digits.length >= MIN_DOCUMENT_CHARS ? digits : null,
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
 * Living clients whose name holds every word of the filter (case and accents ignored), or whose CPF,
 * CNPJ or phones hold its digits, or whose CNPJ holds its alphanumerics; at most 50, by name.
 * Every arm has a trigram index of migration 002 (name_search is the stored ' ' || lower(f_unaccent(name))).
 */
export function searchClientsQuery(db: Db, filter: string) {
  const terms = searchTerms(filter);
  const arms = [];
  if (terms.words.length > 0) {
    // A word of 3+ characters anywhere in the name ('silva jos'); a shorter one at the start of a word
    // ('zé' finds 'Zé Carlos' and 'Zélia', not 'Souzé'), which keeps it indexable and meaningful.
    const each = terms.words.map((word) =>
      [...word].length >= MIN_INNER_WORD
        ? sql`name_search LIKE ('%' || ${nameWord(word)} || '%')`
        : sql`name_search LIKE ('% ' || ${nameWord(word)} || '%')`,
    );
    arms.push(sql`(${sql.join(each, sql` AND `)})`);
  }
  if (terms.digits) {
    const pattern = containsPattern(terms.digits);
    arms.push(sql`cpf LIKE ${pattern}`, sql`cnpj LIKE ${pattern}`, sql`phone_digits LIKE ${pattern}`);
  }
  if (terms.cnpj) arms.push(sql`cnpj LIKE ${containsPattern(terms.cnpj)}`);
  if (arms.length === 0) return null;

  return db
    .selectFrom('clients')
    .select(columns)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`(${sql.join(arms, sql` OR `)})`)
    .orderBy('name_search')
    .orderBy('id')
    .limit(SEARCH_LIMIT);
}

export async function searchClients(db: Db, filter: string): Promise<ClientRow[]> {
  return (await searchClientsQuery(db, filter)?.execute()) ?? [];
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
    .set({ ...input, updated_at: sql`now()` })
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
