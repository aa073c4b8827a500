/** The printers and print_jobs tables: every query of the area, each short (no connection is held). */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/** A job handed out and not reported comes back to the queue after this long (the agent died). */
export const TAKE_LEASE_SECONDS = 120;

const printerColumns = ['id', 'name', 'paper', 'note', 'last_seen_at', 'created_at', 'updated_at'] as const;

/** A shop has a few print servers: the list stops here all the same (no unbounded read). */
export const PRINTERS_MAX = 200;

export function listPrinters(db: Db) {
  return db
    .selectFrom('printers')
    .select([...printerColumns, sql<boolean>`key_hash is not null`.as('has_key')])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(PRINTERS_MAX)
    .execute();
}

export function findPrinter(db: Db, id: number) {
  return db
    .selectFrom('printers')
    .select([...printerColumns, sql<boolean>`key_hash is not null`.as('has_key')])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertPrinter(
  db: Db,
  values: { name: string; paper: 'a4' | '80mm'; note: string | null; key_hash: string },
) {
  return db.insertInto('printers').values(values).returning('id').executeTakeFirstOrThrow();
}

export function setKeyHash(db: Db, id: number, keyHash: string | null) {
  return db
    .updateTable('printers')
    .set({ key_hash: keyHash, updated_at: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The printer a device key belongs to, marked as seen now. */
export function printerByKeyHash(db: Db, keyHash: string) {
  return db
    .updateTable('printers')
    .set({ last_seen_at: sql`now()` })
    .where('key_hash', '=', keyHash)
    .returning(['id', 'name', 'paper'])
    .executeTakeFirst();
}

export function insertJob(
  db: Db,
  values: {
    printer_id: number;
    request_key: string;
    sheet_path: string;
    title: string;
    html: string;
    copies: number;
    created_by: number;
    expires_in_minutes: number;
  },
) {
  const { expires_in_minutes, ...row } = values;
  return db
    .insertInto('print_jobs')
    .values({ ...row, expires_at: sql`now() + make_interval(mins => ${expires_in_minutes})` })
    .onConflict((oc) => oc.column('request_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

const jobColumns = [
  'print_jobs.id',
  'print_jobs.printer_id',
  'printers.name as printer_name',
  'printers.paper',
  'print_jobs.sheet_path',
  'print_jobs.title',
  'print_jobs.copies',
  'print_jobs.status',
  'print_jobs.reason',
  'print_jobs.created_by',
  'print_jobs.created_at',
  'print_jobs.expires_at',
  'print_jobs.finished_at',
] as const;

/**
 * A job a print server has in hand (taken, its lease running, not reported yet): staff read 'imprimindo'
 * rather than 'na fila', so a job stuck before the printer is told from one the printer is on.
 */
const printingNow =
  sql<boolean>`(print_jobs.status = 'queued' and print_jobs.taken_at is not null and print_jobs.taken_at > now() - make_interval(secs => ${TAKE_LEASE_SECONDS}))`.as(
    'printing',
  );

function jobs(db: Db) {
  return db.selectFrom('print_jobs').innerJoin('printers', 'printers.id', 'print_jobs.printer_id');
}

export function findJob(db: Db, id: string) {
  return jobs(db)
    .select([...jobColumns, printingNow])
    .where('print_jobs.id', '=', id)
    .executeTakeFirst();
}

export function findJobByRequestKey(db: Db, requestKey: string) {
  return jobs(db)
    .select([...jobColumns, printingNow])
    .where('print_jobs.request_key', '=', requestKey)
    .executeTakeFirst();
}

export function jobsOfSheet(db: Db, sheetPath: string, limit: number) {
  return jobs(db)
    .select([...jobColumns, printingNow])
    .where('print_jobs.sheet_path', '=', sheetPath)
    .orderBy('print_jobs.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Jobs not taken in time (or taken and never reported for a whole lease) say they expired. */
export function expireStaleJobs(db: Db, printerId?: number) {
  let query = db
    .updateTable('print_jobs')
    .set({ status: 'expired', finished_at: sql`now()` })
    .where('status', '=', 'queued')
    .where('expires_at', '<=', sql<Date>`now()`)
    .where((eb) =>
      eb.or([
        eb('taken_at', 'is', null),
        eb('taken_at', '<=', sql<Date>`now() - make_interval(secs => ${TAKE_LEASE_SECONDS})`),
      ]),
    );
  if (printerId !== undefined) query = query.where('printer_id', '=', printerId);
  return query.execute();
}

/**
 * Hands out a printer's waiting jobs, oldest first, and marks them taken: a second poll does not get
 * them again until their lease runs out.
 */
export async function takeJobs(db: Db, printerId: number, limit: number) {
  const rows = await db
    .updateTable('print_jobs')
    .set({ taken_at: sql`now()` })
    .where(
      'id',
      'in',
      db
        .selectFrom('print_jobs')
        .select('id')
        .where('printer_id', '=', printerId)
        .where('status', '=', 'queued')
        .where('expires_at', '>', sql<Date>`now()`)
        .where((eb) =>
          eb.or([
            eb('taken_at', 'is', null),
            eb('taken_at', '<=', sql<Date>`now() - make_interval(secs => ${TAKE_LEASE_SECONDS})`),
          ]),
        )
        .orderBy('created_at')
        .limit(limit),
    )
    .returning(['id', 'title', 'copies', 'created_at'])
    .execute();
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

export function jobSheet(db: Db, printerId: number, id: string) {
  return db
    .selectFrom('print_jobs')
    .select(['html', 'status'])
    .where('id', '=', id)
    .where('printer_id', '=', printerId)
    .executeTakeFirst();
}

export function jobOfPrinter(db: Db, printerId: number, id: string) {
  return db
    .selectFrom('print_jobs')
    .select(['status', 'reason', 'taken_at'])
    .where('id', '=', id)
    .where('printer_id', '=', printerId)
    .executeTakeFirst();
}

/**
 * Writes a report once: only a job still queued changes, or one that expired after it was taken when
 * the report is 'printed'. A print server may take longer than the lease (a slow printer, a long
 * sheet); once the job has expired no one can take it again, so a 'printed' can only come from a print
 * server of this printer that had it in hand, and the paper did come out.
 */
export function finishJob(
  db: Db,
  printerId: number,
  id: string,
  status: 'printed' | 'failed',
  reason: string | null,
) {
  return db
    .updateTable('print_jobs')
    .set({ status, reason, finished_at: sql`now()` })
    .where('id', '=', id)
    .where('printer_id', '=', printerId)
    .where((eb) =>
      status === 'printed'
        ? eb.or([
            eb('status', '=', 'queued'),
            eb.and([eb('status', '=', 'expired'), eb('taken_at', 'is not', null)]),
          ])
        : eb('status', '=', 'queued'),
    )
    .returning(['status', 'reason'])
    .executeTakeFirst();
}
