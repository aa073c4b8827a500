/** Print servers (managers register them and their keys) and their jobs (anyone signed in sends one). */
import { recordAudit } from '../audit/repository.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { ApiDeps } from '../context.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { isUniqueViolation } from '../users/repository.ts';
import { newDeviceKey } from './keys.ts';
import * as repo from './repository.ts';

const DUPLICATE = 'Já existe uma impressora com este nome';
const NO_PRINTER = 'Impressora não encontrada';

export async function list(deps: ApiDeps) {
  return repo.listPrinters(deps.db);
}

export async function register(
  deps: ApiDeps,
  actor: AccessClaims,
  input: { name: string; paper: 'a4' | '80mm'; note: string | null },
) {
  const { key, hash } = newDeviceKey();
  try {
    const printer = await deps.db.transaction().execute(async (trx) => {
      const { id } = await repo.insertPrinter(trx, { ...input, key_hash: hash });
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'create',
        entity: 'printer',
        entityId: id,
        after: input,
      });
      return repo.findPrinter(trx, id);
    });
    return { printer, key };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE);
    throw err;
  }
}

/** A new key for a printer: the old one stops working at once. */
export async function renewKey(deps: ApiDeps, actor: AccessClaims, id: number) {
  const { key, hash } = newDeviceKey();
  await changeKey(deps, actor, id, hash, 'renew-key');
  return { printer: await repo.findPrinter(deps.db, id), key };
}

export async function revokeKey(deps: ApiDeps, actor: AccessClaims, id: number) {
  await changeKey(deps, actor, id, null, 'revoke-key');
  return repo.findPrinter(deps.db, id);
}

async function changeKey(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number,
  hash: string | null,
  action: string,
) {
  await deps.db.transaction().execute(async (trx) => {
    const changed = await repo.setKeyHash(trx, id, hash);
    if (!changed.numUpdatedRows) throw notFound(NO_PRINTER);
    await recordAudit(trx, { actorId: actor.id, action, entity: 'printer', entityId: id });
  });
}

export async function sendJob(
  deps: ApiDeps,
  actor: AccessClaims,
  printerId: number,
  input: {
    request_key: string;
    sheet_path: string;
    title: string;
    html: string;
    copies: number;
    expires_in_minutes: number;
  },
) {
  const printer = await repo.findPrinter(deps.db, printerId);
  if (!printer) throw notFound(NO_PRINTER);
  if (!printer.has_key)
    throw badRequest('Esta impressora está sem chave', { printer: 'Impressora sem chave' });
  // The same form sent twice (a double click, a resent POST) answers the job it queued the first time.
  const inserted = await repo.insertJob(deps.db, { ...input, printer_id: printerId, created_by: actor.id });
  const job = await repo.findJobByRequestKey(deps.db, input.request_key);
  if (!job || job.created_by !== actor.id) throw conflict('Chave do pedido já usada');
  return { created: Boolean(inserted), job };
}

export async function jobsOfSheet(deps: ApiDeps, sheetPath: string) {
  await repo.expireStaleJobs(deps.db);
  return repo.jobsOfSheet(deps.db, sheetPath, 5);
}

export async function job(deps: ApiDeps, id: string) {
  await repo.expireStaleJobs(deps.db);
  const found = await repo.findJob(deps.db, id);
  if (!found) throw notFound('Trabalho não encontrado');
  return found;
}
