/**
 * First start on an empty database: one manager from ADMIN_USERNAME / ADMIN_PASSWORD, or with a
 * generated password handed back to be printed once. ADMIN_PASSWORD, when set, is also the admin
 * password that creating a manager asks for.
 */
import { ORIGIN } from '../domain/users.ts';
import { recordAudit } from './audit/repository.ts';
import { generatePassword, hashPassword } from './auth/passwords.ts';
import type { Db } from './db/connect.ts';
import { hasAdminPassword, setAdminPassword } from './users/admin-password.ts';
import { countUsers, insertUser, isUniqueViolation } from './users/repository.ts';

export type FirstManager = { username: string; password: string; generated: boolean };

export async function seedFirstManager(
  db: Db,
  config: { username: string; password?: string | undefined },
): Promise<FirstManager | null> {
  if ((await countUsers(db)) > 0) {
    if (config.password) await setAdminPassword(db, config.password);
    else if (!(await hasAdminPassword(db))) {
      // A database from before the admin password was kept: make one and hand it back.
      const password = generatePassword();
      await setAdminPassword(db, password);
      return { username: '(senha de administrador)', password, generated: true };
    }
    return null;
  }
  const password = config.password ?? generatePassword();
  try {
    await db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        username: config.username,
        password_hash: await hashPassword(password),
        authority_level: 100,
        origin: ORIGIN.MATRIZ,
      });
      await setAdminPassword(trx, password);
      await recordAudit(trx, {
        actorId: null,
        action: 'seed-first-manager',
        entity: 'user',
        entityId: user.id,
        after: { username: user.username, authority_level: 100 },
      });
    });
  } catch (err) {
    // Another api instance seeded the same empty database at the same moment.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  return { username: config.username, password, generated: !config.password };
}
