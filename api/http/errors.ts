/** Typed api errors and the one handler that turns every failure into API.md's error body. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';

// Every message the api sends is pt-BR (API.md General), zod's own defaults included: a field without a
// message of its own ('refresh_token' of a number, a body that is an array) must not answer in English.
z.config(z.locales.ptBR());

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: Record<string, string>,
    /** More of the answer's body (a stale edit's 409 carries the current row). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: Record<string, string>) =>
  new ApiError(400, message, issues);
export const unauthorized = (message = 'Invalid JWT token') => new ApiError(401, message);
export const forbidden = (message = 'Acesso não permitido') => new ApiError(403, message);
export const notFound = (message = 'Registro não encontrado') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooManyRequests = (message = 'Muitas tentativas. Aguarde um minuto e tente de novo.') =>
  new ApiError(429, message);

/** zod issues -> { field: first message }, the field named by its dotted path. */
export function issuesOf(error: z.ZodError): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    issues[field] ??= issue.message;
  }
  return issues;
}

/** Parse a body or query with a schema, or answer 400 with each field's message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest('Dados inválidos', issuesOf(result.error));
  return result.data;
}

/**
 * The database refused, dropped or stopped answering: never the caller's mistake, so never a 4xx nor a
 * bare 500 the web would read as one. pg's own messages for a time-out or a lost connection, the
 * socket's codes, and PostgreSQL's "cannot connect now" / "admin shutdown" classes (08, 57P).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH)$/.test(code) ||
    /^(08|57P)/.test(code) ||
    /Query read timeout|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/i.test(
      message,
    )
  );
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ status: 'error', message: 'Rota não encontrada' });
};

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  // A long answer failed halfway (json-array.ts): its status went out with its first bytes. Cutting the
  // connection is the only way left to tell the caller the array is not whole (Express would cut it too,
  // once this handler failed to send a second status; here the cause is logged as what it is).
  if (res.headersSent) {
    req.log?.error({ err }, 'failed while answering');
    res.destroy();
    return;
  }
  if (err instanceof ApiError) {
    res.status(err.status).json({
      status: 'error',
      message: err.message,
      ...(err.issues ? { issues: err.issues } : {}),
      ...err.extra,
    });
    return;
  }
  // body-parser errors: malformed JSON, a body too large.
  const status = typeof err?.status === 'number' ? err.status : 500;
  if (status === 400 && err?.type === 'entity.parse.failed') {
    res.status(400).json({ status: 'error', message: 'JSON inválido' });
    return;
  }
  if (status === 413) {
    res.status(413).json({ status: 'error', message: 'Corpo da requisição grande demais' });
    return;
  }
  if (status >= 400 && status < 500) {
    res.status(status).json({ status: 'error', message: 'Requisição inválida' });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    req.log?.error({ err }, 'database unavailable');
    res.status(503).json({ status: 'error', message: 'Servidor indisponível' });
    return;
  }
  req.log?.error({ err }, 'unexpected error');
  res.status(500).json({ status: 'error', message: 'Erro interno do servidor' });
};
