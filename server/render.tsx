/**
 * render(req, res, element, meta): the page inside the layout, rendered to a string by React on the
 * server, with only the islands it used and the toasts waiting in the session.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { Toast } from '../contract/web.ts';
import { type ViewContext, ViewContextReact } from '../views/context.ts';
import { Head, IslandScripts } from '../views/layout/Head.tsx';
import { menuCurrent } from '../views/layout/Menu.tsx';
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
  /**
   * The forms' one-use key, when the page shows again a form that was refused or kept through a lost
   * session (its draft holds the key): the same key, so it still creates once. Else a new one.
   */
  formKey?: string | undefined;
  /**
   * A create form's page: the browser may keep it for Back (private, no-cache: any other visit asks
   * again), so Back to a form already sent shows it with the key it was sent with, and Salvar again
   * opens what the first made, with or without JavaScript. Other pages are not kept at all.
   */
  createForm?: boolean;
};

const CREATE_FORM_CACHING = 'private, no-cache';

/**
 * A create form's page, or a page drawn with a dialog open (`?dialogo=`: an upfront payment, a cash
 * entry), whose form posts elsewhere: Back shows it with the key it was sent with, so sending it
 * again opens what the first send made (without JavaScript, Back to a payment booked it twice).
 */
const keptForBack = (req: Request, meta: PageMeta) =>
  meta.createForm === true || (req.method === 'GET' && typeof req.query.dialogo === 'string');

export function renderPage(
  req: Request,
  res: Response,
  assets: Assets,
  element: ReactElement,
  meta: PageMeta,
): string {
  const context: ViewContext = {
    csrfToken: req.session ? generateToken(req) : '',
    formKey: meta.formKey ?? randomBytes(16).toString('base64url'),
    page: req.method === 'GET' ? req.originalUrl : (formPageOf(req) ?? req.originalUrl),
    user: req.session?.auth?.user ?? null,
    islands: new Set(),
  };
  const toasts = meta.sheet ? [] : [...takeFlash(req), ...(meta.toasts ?? [])];
  const menu =
    !meta.sheet && context.user
      ? {
          current: menuCurrent(req.path),
          username: context.user.username,
          painel: res.locals.painel === true,
        }
      : null;
  const body = renderToString(
    <ViewContextReact.Provider value={context}>
      {meta.sheet ? (
        element
      ) : (
        <Page toasts={toasts} menu={menu}>
          {element}
        </Page>
      )}
    </ViewContextReact.Provider>,
  );
  // The head and the scripts are rendered after the body: they name the islands the body used.
  const { scripts, preloads } = assets.islandScripts(context.islands);
  const head = renderToStaticMarkup(
    <Head
      title={meta.title}
      // A sheet is printed with its own stylesheet (A4 page, four tickets), not the app's.
      stylesheet={meta.sheet ? assets.printStylesheet : assets.stylesheet}
      preloads={preloads}
      prefetches={context.linksToSheets ? assets.sheetPrefetches : []}
    />,
  );
  const scriptTags = scripts.length
    ? renderToStaticMarkup(<IslandScripts scripts={scripts} nonce={String(res.locals.cspNonce ?? '')} />)
    : '';
  // bodyClass is one of the routes' own constants, never data.
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
      .set('cache-control', keptForBack(req, meta) ? CREATE_FORM_CACHING : 'no-store')
      .send(pageBody(req, res, html(req, res, element, meta)));
  };
  return Object.assign(render, { html });
}
