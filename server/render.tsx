/**
 * render(req, res, element, meta): the page inside the layout, rendered to a string by React on the
 * server, with only the islands it used and the toasts waiting in the session.
 */
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { type ViewContext, ViewContextReact } from '../views/context.ts';
import { Page } from '../views/layout/Page.tsx';
import type { Assets } from './assets.ts';
import { generateToken } from './middleware/csrf.ts';
import { takeFlash } from './middleware/flash.ts';
import type { Toast } from './session-data.ts';

export type PageMeta = {
  title: string;
  status?: number;
  toasts?: Toast[];
  bodyClass?: string;
  /** A print sheet: the whole document is the sheet, with its own stylesheet and no app menu. */
  sheet?: boolean;
};

function Head({
  title,
  stylesheet,
  preloads,
}: {
  title: string;
  stylesheet: string;
  preloads: readonly string[];
}) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title ? `${title} · Bancada` : 'Bancada'}</title>
      <link rel="icon" href="/static/img/logo.svg" type="image/svg+xml" />
      <link
        rel="preload"
        href="/fonts/roboto-slab-latin-400-normal.woff2"
        as="font"
        type="font/woff2"
        crossOrigin=""
      />
      <link rel="stylesheet" href={stylesheet} />
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </head>
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
    user: req.session?.auth?.user ?? null,
    path: req.path,
    islands: new Set(),
  };
  const toasts = meta.sheet ? [] : [...takeFlash(req), ...(meta.toasts ?? [])];
  const body = renderToString(
    <ViewContextReact.Provider value={context}>
      {meta.sheet ? element : <Page toasts={toasts}>{element}</Page>}
    </ViewContextReact.Provider>,
  );
  const { scripts, preloads } = assets.islandScripts(context.islands);
  const nonce = String(res.locals.cspNonce ?? '');
  const head = renderToStaticMarkup(
    <Head
      title={meta.title}
      // A sheet is printed with its own stylesheet (A4 page, four tickets), not the app's.
      stylesheet={meta.sheet ? assets.printStylesheet : assets.stylesheet}
      preloads={preloads}
    />,
  );
  const scriptTags = scripts
    .map((src) => `<script type="module" src="${src}" nonce="${nonce}"></script>`)
    .join('');
  const bodyClass = meta.bodyClass ? ` class="${meta.bodyClass}"` : '';
  return `<!doctype html><html lang="pt-BR">${head}<body${bodyClass}>${body}${scriptTags}</body></html>`;
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
      .send(html(req, res, element, meta));
  };
  return Object.assign(render, { html });
}
