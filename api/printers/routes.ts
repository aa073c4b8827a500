/**
 * Print servers and the print queue (our api's, beyond SPEC §7). Staff call the first part with their
 * session token; a print server calls /print-queue with its device key, which opens nothing else.
 */
import { type Request, type RequestHandler, Router } from 'express';
import { caller, requireAuth, requireManager } from '../auth/require-auth.ts';
import type { ApiDeps } from '../context.ts';
import { notFound, parse, unauthorized } from '../http/errors.ts';
import { deviceKeyHash } from './keys.ts';
import { type DevicePrinter, pending, report, sheet } from './queue.ts';
import { printerByKeyHash } from './repository.ts';
import { JobBody, JobId, JobsQuery, PrinterBody, QueueQuery, ReportBody } from './schema.ts';
import * as printers from './service.ts';

declare global {
  namespace Express {
    interface Request {
      printer?: DevicePrinter;
    }
  }
}

const BAD_KEY = 'Chave de dispositivo inválida';

function printerId(req: Request): number {
  const id = Number(req.params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Impressora não encontrada');
  return id;
}

function jobId(req: Request): string {
  const id = JobId.safeParse(req.params.id);
  if (!id.success) throw notFound('Trabalho não encontrado');
  return id.data;
}

/** 'Authorization: Bearer <device key>': the printer it belongs to, or 401. */
function requireDevice(deps: ApiDeps): RequestHandler {
  return async (req, _res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    const hash = match?.[1] ? deviceKeyHash(match[1]) : null;
    const printer = hash ? await printerByKeyHash(deps.db, hash) : undefined;
    if (!printer) throw unauthorized(BAD_KEY);
    req.printer = printer;
    next();
  };
}

function device(req: Request): DevicePrinter {
  if (!req.printer) throw unauthorized(BAD_KEY);
  return req.printer;
}

export function printerRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);
  const isDevice = requireDevice(deps);

  router.get('/printers', signedIn, async (_req, res) => {
    res.json(await printers.list(deps));
  });
  router.post('/printers', signedIn, requireManager, async (req, res) => {
    res.status(201).json(await printers.register(deps, caller(req), parse(PrinterBody, req.body)));
  });
  router.post('/printers/:id/key', signedIn, requireManager, async (req, res) => {
    res.json(await printers.renewKey(deps, caller(req), printerId(req)));
  });
  router.delete('/printers/:id/key', signedIn, requireManager, async (req, res) => {
    res.json(await printers.revokeKey(deps, caller(req), printerId(req)));
  });

  router.post('/printers/:id/jobs', signedIn, async (req, res) => {
    const sent = await printers.sendJob(deps, caller(req), printerId(req), parse(JobBody, req.body));
    res.status(sent.created ? 201 : 200).json(sent.job);
  });
  router.get('/print-jobs', signedIn, async (req, res) => {
    res.json(await printers.jobsOfSheet(deps, parse(JobsQuery, req.query).sheet));
  });
  router.get('/print-jobs/:id', signedIn, async (req, res) => {
    res.json(await printers.job(deps, jobId(req)));
  });

  router.get('/print-queue', isDevice, async (req, res) => {
    const { wait } = parse(QueueQuery, req.query);
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    res.json(await pending(deps, device(req), wait, AbortSignal.any([gone.signal, deps.stopping])));
  });
  router.get('/print-queue/:id/sheet', isDevice, async (req, res) => {
    res.json({ html: await sheet(deps, device(req), jobId(req)) });
  });
  router.post('/print-queue/:id', isDevice, async (req, res) => {
    res.json(await report(deps, device(req), jobId(req), parse(ReportBody, req.body)));
  });

  return router;
}
