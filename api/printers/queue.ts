/**
 * The print server's side: its pending jobs (waiting up to 25 s for one), a job's sheet, and its report.
 * The wait polls in short steps, each one short query: no database connection is held while waiting,
 * which matters most on PGlite's single connection and is the same on PostgreSQL (decision 021).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiDeps } from '../context.ts';
import { conflict, notFound } from '../http/errors.ts';
import * as repo from './repository.ts';

const STEP_MS = 500;
/**
 * One job a poll: the print server takes the next when it has reported this one, so a job's lease (2
 * minutes) runs only while it is being printed, never while others ahead of it are.
 */
const BATCH = 1;

export type DevicePrinter = { id: number; name: string; paper: 'a4' | '80mm' };

export async function pending(deps: ApiDeps, printer: DevicePrinter, waitSeconds: number, gone: AbortSignal) {
  const until = Date.now() + waitSeconds * 1000;
  for (;;) {
    // The print server went away (or the api is stopping): hand nothing out. A job taken now would be
    // answered to nobody and sit 'imprimindo' until its lease ran out.
    if (gone.aborted) return [];
    await repo.expireStaleJobs(deps.db, printer.id);
    const jobs = await repo.takeJobs(deps.db, printer.id, BATCH);
    const left = until - Date.now();
    if (jobs.length > 0 || left <= 0 || gone.aborted) {
      return jobs.map((j) => ({ ...j, paper: printer.paper }));
    }
    await sleep(Math.min(STEP_MS, left), undefined, { signal: gone }).catch(() => {});
  }
}

export async function sheet(deps: ApiDeps, printer: DevicePrinter, id: string) {
  const found = await repo.jobSheet(deps.db, printer.id, id);
  if (!found) throw notFound('Trabalho não encontrado');
  return found.html;
}

/**
 * A report is written once; the same report again answers the same (the agent may resend it after a
 * lost answer). A different one, or one for a job that expired, is refused, but for a late 'printed' on
 * a job this printer had taken (repository.finishJob): it did print.
 */
export async function report(
  deps: ApiDeps,
  printer: DevicePrinter,
  id: string,
  input: { status: 'printed' | 'failed'; reason?: string | null | undefined },
) {
  const reason = input.status === 'failed' ? (input.reason ?? null) : null;
  const done = await repo.finishJob(deps.db, printer.id, id, input.status, reason);
  if (done) return { id, ...done };
  const job = await repo.jobOfPrinter(deps.db, printer.id, id);
  if (!job) throw notFound('Trabalho não encontrado');
  if (job.status === input.status) return { id, status: job.status, reason: job.reason };
  if (job.status === 'expired') throw conflict('Este trabalho expirou');
  throw conflict('Este trabalho já foi informado');
}
