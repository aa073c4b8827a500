/** The shop's admin password, needed to create a manager (API.md); kept only as a hash. */
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/connect.ts';
import { readSetting, writeSetting } from '../settings.ts';

const KEY = 'admin_password_hash';

export async function setAdminPassword(db: Db, password: string): Promise<void> {
  await writeSetting(db, KEY, await hashPassword(password));
}

export async function checkAdminPassword(db: Db, password: string): Promise<boolean> {
  const hash = await readSetting(db, KEY);
  return hash ? verifyPassword(password, hash) : false;
}

export async function hasAdminPassword(db: Db): Promise<boolean> {
  return (await readSetting(db, KEY)) !== undefined;
}
