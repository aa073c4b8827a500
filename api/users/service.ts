/** Creating staff and changing one's own profile. */
import { AUTHORITY } from '../../domain/users.ts';
import { recordAudit } from '../audit/repository.ts';
import { forgetUser } from '../auth/active-users.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserTokensExcept } from '../auth/refresh-tokens.ts';
import type { AccessClaims, SessionClaims } from '../auth/tokens.ts';
import type { ApiDeps } from '../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { checkAdminPassword } from './admin-password.ts';
import { refuseLookalike } from './confusable.ts';
import { publicUser } from './public.ts';
import { findUserById, insertUser, isUniqueViolation, updateUser } from './repository.ts';

const DUPLICATE = 'Este nome de usuário já está em uso';

async function createUser(
  deps: ApiDeps,
  actor: AccessClaims,
  input: { username: string; password: string; origin: number; authority_level: number },
) {
  await refuseLookalike(deps.db, input.username);
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const created = await insertUser(trx, {
        username: input.username,
        password_hash: await hashPassword(input.password),
        authority_level: input.authority_level,
        origin: input.origin,
      });
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'create',
        entity: 'user',
        entityId: created.id,
        after: publicUser(created),
      });
      return created;
    });
    return publicUser(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE);
    throw err;
  }
}

export async function createManager(
  deps: ApiDeps,
  actor: AccessClaims,
  body: { username: string; password: string; origin: number; admin_password: string },
  ip = '',
) {
  // Braked like a sign-in (decision 019): ADMIN_PASSWORD is also the first manager's sign-in password,
  // and a manager's session (or a stolen one) must not become a way to guess it without limit.
  await deps.limiter.checkAdminPassword(actor.id, ip);
  if (!(await checkAdminPassword(deps.db, body.admin_password))) {
    throw forbidden('Senha de administrador incorreta');
  }
  await deps.limiter.adminPasswordSucceeded(actor.id, ip);
  return createUser(deps, actor, { ...body, authority_level: AUTHORITY.MANAGER });
}

export async function createEmployee(
  deps: ApiDeps,
  actor: AccessClaims,
  body: { username: string; password: string; origin: number },
) {
  return createUser(deps, actor, { ...body, authority_level: AUTHORITY.EMPLOYEE });
}

export async function me(deps: ApiDeps, actor: AccessClaims) {
  const user = await findUserById(deps.db, actor.id);
  if (!user?.active) throw notFound('Usuário não encontrado');
  return publicUser(user);
}

export async function updateProfile(
  deps: ApiDeps,
  actor: SessionClaims,
  body: { username: string; password_old?: string | undefined; password_new?: string | undefined },
  ip = '',
) {
  const current = await findUserById(deps.db, actor.id);
  if (!current?.active) throw notFound('Usuário não encontrado');
  const changes: { username: string; password_hash?: string } = { username: body.username };
  await refuseLookalike(deps.db, body.username, actor.id);
  if (body.password_old && body.password_new) {
    // Braked like a login: a stolen access token must not become a way to guess the password.
    await deps.limiter.check(current.username, ip);
    if (!(await verifyPassword(body.password_old, current.password_hash))) {
      await deps.limiter.failed(current.username, ip);
      throw badRequest('Senha atual incorreta', { password_old: 'Senha atual incorreta' });
    }
    changes.password_hash = await hashPassword(body.password_new);
  }
  try {
    const updated = await deps.db.transaction().execute(async (trx) => {
      const row = await updateUser(trx, actor.id, changes);
      if (!row) throw notFound('Usuário não encontrado');
      // A new password ends every other session: whoever knew the old one is out.
      if (changes.password_hash) await revokeUserTokensExcept(trx, actor.id, actor.sid);
      await recordAudit(trx, {
        actorId: actor.id,
        action: changes.password_hash ? 'update-profile-and-password' : 'update-profile',
        entity: 'user',
        entityId: actor.id,
        before: publicUser(current),
        after: publicUser(row),
      });
      return row;
    });
    // The other sessions' access tokens stop now, not when they expire (their families were revoked).
    if (changes.password_hash) forgetUser(deps.db, actor.id);
    return publicUser(updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE);
    throw err;
  }
}
