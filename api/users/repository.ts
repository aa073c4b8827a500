import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

export type UserRow = {
  id: number;
  username: string;
  password_hash: string;
  authority_level: number;
  origin: number;
  active: boolean;
};

const columns = ['id', 'username', 'password_hash', 'authority_level', 'origin', 'active'] as const;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(columns)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: { username: string; password_hash: string; authority_level: number; origin: number },
): Promise<UserRow> {
  return db.insertInto('users').values(user).returning(columns).executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Db,
  id: number,
  changes: { username?: string; password_hash?: string },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Postgres unique_violation, the same code on pg and PGlite. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
