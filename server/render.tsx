/**
 * render(req, res, element, meta): the page inside the layout, rendered to a string by React on the
 * server, with only the islands it used and the toasts waiting in the session.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Toast } from '../contract/web.ts';
import { type ViewContext, ViewContextReact } from '../views/context.ts';
import { escapeHtml } from '../views/escape-html.ts';
import { menuHtml } from '../views/layout/Menu.tsx';
import { Page } from '../views/layout/Page.tsx';
import type { Assets } from './assets.ts';
import { formPageOf } from './drafts.ts';
import { generateToken } from './middleware/csrf.ts';
import { takeFlash } from './middleware/flash.ts';
import { pageBody } from './page-compression.ts';

export type PageMeta = {
  title: string;
  status?: number;
  toasts?: Toast[];
  bodyClass?: string;
  /** A print sheet: the whole document is the sheet, with its own stylesheet and no app menu. */
  sheet?: boolean;
};

/**
 * The document's head, written as a string: it is the same on every page but for the title, the
 * stylesheet and the islands' preloads, and a React render of its own per page (ten elements, and the
 * renderer's fixed setup) was work for nothing. The title is the only text that can come from data (an
 * order's number) and goes through escapeHtml; the addresses are the build's own.
 */
function headHtml(title: string, stylesheet: string, preloads: readonly string[]): string {
  const shown = escapeHtml(title ? `${title} · Bancada` : 'Bancada');
  let links = `<link rel="stylesheet" href="${escapeHtml(stylesheet)}"/>`;
  for (const href of preloads) links += `<link rel="modulepreload" href="${escapeHtml(href)}"/>`;
  return (
    '<head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    `<title>${shown}</title><link rel="icon" href="/static/img/logo.svg" type="image/svg+xml"/>` +
    '<link rel="preload" href="/fonts/roboto-slab-latin-400-normal.woff2" as="font" type="font/woff2" crossorigin=""/>' +
    `${links}</head>`
  );
}

export function renderPage(
  req: Request,
  res: Response,
  assets: Assets,
  element: ReactElement,
  meta: PageMeta,
): string {
  const context: ViewContext = {
    csrfToken: req.session ? generateToken(req) : '',
    formKey: randomBytes(16).toString('base64url'),
    page: req.method === 'GET' ? req.originalUrl : (formPageOf(req) ?? req.originalUrl),
    user: req.session?.auth?.user ?? null,
    islands: new Set(),
  };
  const toasts = meta.sheet ? [] : [...takeFlash(req), ...(meta.toasts ?? [])];
  const menu =
    !meta.sheet && context.user ? menuHtml(req.path, context.user.username, res.locals.painel === true) : '';
  const body = renderToString(
    <ViewContextReact.Provider value={context}>
      {meta.sheet ? element : <Page toasts={toasts}>{element}</Page>}
    </ViewContextReact.Provider>,
  );
  const { scripts, preloads } = assets.islandScripts(context.islands);
  const nonce = String(res.locals.cspNonce ?? '');
  const head = headHtml(
    meta.title,
    // A sheet is printed with its own stylesheet (A4 page, four tickets), not the app's.
    meta.sheet ? assets.printStylesheet : assets.stylesheet,
    preloads,
  );
  const scriptTags = scripts
    .map((src) => `<script type="module" src="${src}" nonce="${nonce}"></script>`)
    .join('');
  const bodyClass = meta.bodyClass ? ` class="${meta.bodyClass}"` : '';
  return `<!doctype html><html lang="pt-BR">${head}<body${bodyClass}>${menu}${body}${scriptTags}</body></html>`;
}

export type Render = ((req: Request, res: Response, element: ReactElement, meta: PageMeta) => void) & {
  /** The same document as a string, not sent (a print snapshot). */
  html: (req: Request, res: Response, element: ReactElement, meta: PageMeta) => string;
};

export function createRender(assets: Assets): Render {
  const html = (req: Request, res: Response, element: ReactElement, meta: PageMeta) =>
    renderPage(req, res, assets, element, meta);
  const render = (req: Request, res: Response, element: ReactElement, meta: PageMeta) => {
    res
      .status(meta.status ?? 200)
      .type('html')
      .set('cache-control', 'no-store')
      .send(pageBody(req, res, html(req, res, element, meta)));
  };
  return Object.assign(render, { html });
}
