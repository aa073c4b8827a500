/**
 * Secrets the api keeps in its own database: the JWT signing key (made at first start, so every api
 * instance on one database signs alike without configuration) and the hashed admin password.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './db/connect.ts';

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** The configured JWT_SECRET, else one generated once and kept in the database. */
export async function jwtSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insertInto('settings')
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await readSetting(db, 'jwt_secret');
  if (!stored) throw new Error('jwt_secret missing after insert');
  return new TextEncoder().encode(stored);
}
