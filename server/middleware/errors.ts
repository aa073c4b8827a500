/** Every failure becomes a clear pt-BR page or a redirect: never a stack trace, never a bare 500. */
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { createElement } from 'react';
import { ErrorPage } from '../../views/pages/ErrorPage.tsx';
import { BackendUnavailable, SignedOut } from '../backend/errors.ts';
import type { WebDeps } from '../context.ts';
import { keepTypingAfterOutage, keepTypingAndSignIn, keepTypingWithoutSessions } from '../sign-in-again.ts';

const SESSIONS_DOWN = 'O armazenamento de sessões não respondeu. Tente de novo em instantes.';
const SESSIONS_DOWN_KEPT =
  'O armazenamento de sessões não respondeu e nada foi salvo. O que você digitou foi guardado: volte ao formulário em instantes e salve de novo.';

/** The session store (Redis) failed: the page cannot know who is asking. */
export class SessionUnavailable extends Error {
  constructor(override readonly cause: unknown) {
    super('Sessões indisponíveis');
  }
}

function isCsrfError(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'EBADCSRFTOKEN';
}

function page(
  deps: WebDeps,
  req: Request,
  res: Parameters<RequestHandler>[1],
  status: number,
  title: string,
  message: string,
  retry?: { href: string; label: string },
) {
  deps.render(
    req,
    res,
    createElement(ErrorPage, { title, message, back: Boolean(req.session?.auth), retry }),
    { title, status },
  );
}

/** Our api cannot be reached or cannot serve now (its database down or stalled). */
function unavailablePage(deps: WebDeps, req: Request, res: Parameters<RequestHandler>[1]) {
  page(
    deps,
    req,
    res,
    503,
    'Servidor indisponível',
    'Não foi possível falar com o servidor da Bancada. Tente de novo em instantes; se continuar, avise quem cuida do sistema.',
  );
}

export function notFound(deps: WebDeps): RequestHandler {
  return (req, res) => page(deps, req, res, 404, 'Página não encontrada', 'O endereço aberto não existe.');
}

export function errorHandler(deps: WebDeps): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof SignedOut) {
      if (req.session) delete req.session.auth;
      return keepTypingAndSignIn(deps, req, res).catch((e: unknown) => unexpected(deps, req, res, e));
    }
    if (err instanceof BackendUnavailable) {
      deps.log.warn({ err: err.cause }, 'api unavailable');
      return keepTypingAfterOutage(deps, req, res).then(
        (kept) => kept || unavailablePage(deps, req, res),
        (e: unknown) => unexpected(deps, req, res, e),
      );
    }
    if (err instanceof SessionUnavailable) {
      deps.log.error({ err: err.cause }, 'session store unavailable');
      const title = 'Serviço temporariamente indisponível';
      return keepTypingWithoutSessions(deps, req, res).then(
        (kept) =>
          kept
            ? page(deps, req, res, 503, title, SESSIONS_DOWN_KEPT, {
                href: kept,
                label: 'Voltar ao formulário',
              })
            : page(deps, req, res, 503, title, SESSIONS_DOWN),
        (e: unknown) => unexpected(deps, req, res, e),
      );
    }
    // A session gone (expiry, restart, Sair in another tab) or a form from an old session: the typing
    // is kept and comes back after signing in, never a bare error page.
    if (isCsrfError(err)) {
      return keepTypingAndSignIn(deps, req, res).catch((e: unknown) => unexpected(deps, req, res, e));
    }
    const status =
      typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 403) {
      // The words of every manager-only page; 'Acesso não autorizado' is the cash lock's (SPEC §2).
      page(deps, req, res, 403, 'Acesso restrito', 'Acesso restrito a gerentes.');
      return;
    }
    if (status === 413) {
      page(deps, req, res, 413, 'Dados grandes demais', 'O formulário enviado passou do tamanho permitido.');
      return;
    }
    if (status < 500) {
      page(deps, req, res, status, 'Requisição inválida', 'Os dados enviados não puderam ser lidos.');
      return;
    }
    unexpected(deps, req, res, err);
  };
}

function unexpected(deps: WebDeps, req: Request, res: Parameters<RequestHandler>[1], err: unknown) {
  deps.log.error({ err }, 'unexpected error');
  page(
    deps,
    req,
    res,
    500,
    'Erro inesperado',
    'Ocorreu um erro inesperado. Tente de novo; se continuar, avise o gerente.',
  );
}
