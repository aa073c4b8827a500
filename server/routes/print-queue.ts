/**
 * The print server's door (decision 021): no session and no CSRF, only its device key as a bearer.
 *   GET  /impressao/fila?espera=0..25   its printer's waiting jobs, oldest first (waits up to 25 s)
 *   GET  /impressao/fila/{id}           one job's sheet, as it was rendered when it was sent
 *   POST /impressao/fila/{id}           {status: 'impresso' | 'falhou', motivo?}
 * Keys and these URLs never reach a log: the request line masks what follows /impressao/ (logger.ts).
 */
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { withoutControls } from '../../domain/text-checks.ts';
import { BackendUnavailable } from '../backend/errors.ts';
import { devicePending, deviceReport, deviceSheet } from '../backend/printers.ts';
import type { WebDeps } from '../context.ts';
import { printLinkBase } from '../print/links.ts';

const NO_KEY = 'Chave de dispositivo ausente ou inválida';
const TOO_MANY = 'Muitas requisições. Aguarde um minuto e tente de novo.';

const WaitQuery = z.object({
  espera: z.coerce.number({ error: 'espera: de 0 a 25 segundos' }).int().min(0).max(25).default(25),
});
const Report = z.object({
  status: z.enum(['impresso', 'falhou'], { error: "status deve ser 'impresso' ou 'falhou'" }),
  // A print server's own words (a printer's error output): control characters cleaned, not refused,
  // or a failure could never be reported and the job would come back after every lease.
  motivo: z
    .string()
    .max(500, { error: 'motivo: no máximo 500 caracteres' })
    .transform((text) => withoutControls(text).trim())
    .optional(),
});
const JOB_ID = /^[0-9a-f-]{36}$/i;

type QueuedJob = { id: string; title: string; copies: number; paper: string; created_at: string };

const STATUS_WORDS: Record<string, string> = {
  queued: 'na fila',
  printed: 'impresso',
  failed: 'falhou',
  expired: 'expirado',
};

function keyOf(req: Request): string | null {
  return /^Bearer\s+(\S{1,200})$/i.exec(req.get('authorization') ?? '')?.[1] ?? null;
}

function fail(res: Response, status: number, message: string) {
  if (status === 401) res.set('www-authenticate', 'Bearer');
  res.status(status).json({ status: 'error', message });
}

export function printQueueDoor(deps: WebDeps): Router {
  const router = Router();
  // A print server polls every 25 s and fetches and reports each job: 240 calls a minute is a burst
  // of about a hundred jobs. Wrong keys get far fewer tries.
  const calls = new RateLimiterMemory({ keyPrefix: 'print-door', points: 240, duration: 60 });
  const wrongKeys = new RateLimiterMemory({ keyPrefix: 'print-door-401', points: 20, duration: 60 });

  const limited: RequestHandler = async (req, res, next) => {
    const ip = req.ip ?? '';
    try {
      const blocked = await wrongKeys.get(ip);
      if (blocked && blocked.consumedPoints >= 20) throw blocked;
      await calls.consume(ip);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      res.set('retry-after', String(Math.ceil(err.msBeforeNext / 1000)));
      return fail(res, 429, TOO_MANY);
    }
    if (!keyOf(req)) return denied(req, res);
    next();
  };

  async function denied(req: Request, res: Response) {
    await wrongKeys.penalty(req.ip ?? '').catch(() => {});
    fail(res, 401, NO_KEY);
  }

  /** Passes the api's answer on; its 401 is a wrong or revoked key, its 404 someone else's job. */
  async function relay(req: Request, res: Response, call: () => Promise<{ status: number; body: unknown }>) {
    let reply: { status: number; body: unknown };
    try {
      reply = await call();
    } catch (err) {
      if (err instanceof BackendUnavailable) return fail(res, 503, 'API indisponível');
      throw err;
    }
    if (reply.status === 401) return denied(req, res);
    if (reply.status === 404) return fail(res, 404, 'Trabalho não encontrado');
    if (reply.status >= 400) {
      const message = (reply.body as { message?: string } | null)?.message ?? 'Requisição inválida';
      return fail(res, reply.status >= 500 ? 502 : reply.status, message);
    }
    return reply.body;
  }

  // A job's url is informative: an agent takes only its path and query and calls its own --url (a proxy
  // may hand the web a Host without the port, or hide a path prefix). It is built as print links are
  // (PUBLIC_URL, or this machine's own names), so a Host header nobody configured is never echoed.
  const origin = (req: Request) => printLinkBase(deps.env, req);
  const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

  router.get('/impressao/fila', limited, async (req, res) => {
    const query = WaitQuery.safeParse(req.query);
    if (!query.success) return fail(res, 400, query.error.issues[0]?.message ?? 'Requisição inválida');
    // A print server that hangs up ends the api's wait too: else the api could hand a job to this poll
    // after nobody is listening, and the job would sit 'imprimindo' until its lease ran out.
    const hungUp = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) hungUp.abort();
    });
    const body = await relay(req, res, () =>
      devicePending(
        deps.http,
        keyOf(req) ?? '',
        query.data.espera,
        AbortSignal.any([deps.stopping, hungUp.signal]),
      ),
    );
    if (body === undefined) return;
    const jobs = (body as QueuedJob[]).map((j) => ({
      id: j.id,
      url: `${origin(req)}/impressao/fila/${j.id}`,
      title: j.title,
      copies: j.copies,
      paper: j.paper,
      created_at: j.created_at,
    }));
    res.set(noStore).json(jobs);
  });

  router.get('/impressao/fila/:id', limited, async (req, res) => {
    const id = String(req.params.id);
    if (!JOB_ID.test(id)) return fail(res, 404, 'Trabalho não encontrado');
    const body = await relay(req, res, () => deviceSheet(deps.http, keyOf(req) ?? '', id));
    if (body === undefined) return;
    res
      .status(200)
      .type('html')
      .set(noStore)
      .send((body as { html: string }).html);
  });

  router.post('/impressao/fila/:id', limited, express.json({ limit: '4kb' }), async (req, res) => {
    const id = String(req.params.id);
    if (!JOB_ID.test(id)) return fail(res, 404, 'Trabalho não encontrado');
    const parsed = Report.safeParse(req.body ?? {});
    if (!parsed.success) return fail(res, 400, parsed.error.issues[0]?.message ?? 'Requisição inválida');
    const { status, motivo } = parsed.data;
    const body = await relay(req, res, () =>
      deviceReport(deps.http, keyOf(req) ?? '', id, {
        status: status === 'impresso' ? 'printed' : 'failed',
        ...(motivo ? { reason: motivo } : {}),
      }),
    );
    if (body === undefined) return;
    const done = body as { id: string; status: string; reason: string | null };
    res
      .set(noStore)
      .json({ id: done.id, status: STATUS_WORDS[done.status] ?? done.status, motivo: done.reason });
  });

  return router;
}
