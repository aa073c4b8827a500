/**
 * Lists shown a page at a time (decision 016, "Lists in pages"): ?pagina=N in the address, LIST_PAGE_SIZE
 * rows a page, and a total. Our api cuts the page and counts the whole list (`limit`, `offset` ->
 * `{ items, total }`, the extra 'list-paging'); a backend that follows only SPEC §7 answers the whole
 * list as an array, which the web cuts here. A page past the end shows the last one.
 */
import type { Request } from 'express';
import type { PagerProps } from '../views/components/Pager.tsx';
import { count } from '../views/format.ts';
import type { ApiResult } from './backend/client.ts';
import type { Extras } from './backend/extras.ts';

/** Rows per page of a list: a screenful or two, a few kB of HTML. */
export const LIST_PAGE_SIZE = 50;
/** Far past the end of any list: a larger ?pagina= asks for this one. */
const PAGE_MAX = 10_000_000;

export type ListPage<T> = {
  items: T[];
  /** Rows in the whole list. */
  total: number;
  /** 1-based; a page past the end is the last one. */
  page: number;
  /** At least 1, even for an empty list. */
  pages: number;
};

/** A page number as written in an address or a form: anything but a whole number from 1 is the first. */
export function pageOf(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(1, n), PAGE_MAX);
}

/** ?pagina=N: anything but a whole number from 1 is the first page, never an error. */
export function pageAsked(req: Request): number {
  return pageOf(req.query.pagina);
}

const pagesFor = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
const offsetOf = (page: number, size: number) => (page - 1) * size;

/** The page of a whole list held in memory (a SPEC-only backend's answer). */
export function cutPage<T>(all: readonly T[], asked: number, size = LIST_PAGE_SIZE): ListPage<T> {
  const pages = pagesFor(all.length, size);
  const page = Math.min(asked, pages);
  const from = offsetOf(page, size);
  return { items: all.slice(from, from + size), total: all.length, page, pages };
}

type PageAnswer<T> = { items: T[]; total: number };

function isPageAnswer<T>(data: unknown): data is PageAnswer<T> {
  const d = data as PageAnswer<T> | null;
  return typeof d === 'object' && d !== null && Array.isArray(d.items) && Number.isSafeInteger(d.total);
}

/**
 * One page of a list: asks the backend for the slice (`limit`, `offset`) while it has the extra, else
 * (or when it answers the plain array) the whole list through `whole`, cut here.
 */
export async function loadListPage<T>(
  extras: Extras,
  asked: number,
  slice: (paging: { limit: number; offset: number }) => Promise<ApiResult<unknown>>,
  whole: () => Promise<ApiResult<T[]>>,
  size = LIST_PAGE_SIZE,
): Promise<ApiResult<ListPage<T>>> {
  const fromWhole = async (): Promise<ApiResult<ListPage<T>>> => {
    const all = await whole();
    return all.ok ? { ok: true, status: all.status, data: cutPage(all.data, asked, size) } : all;
  };
  if (!extras.usable('list-paging')) return fromWhole();
  const first = await slice({ limit: size, offset: offsetOf(asked, size) });
  if (!first.ok) return extras.lacking('list-paging', first) ? fromWhole() : first;
  if (Array.isArray(first.data)) {
    // The backend ignored the paging keys: this is the whole list already.
    extras.missing('list-paging');
    return { ok: true, status: first.status, data: cutPage(first.data as T[], asked, size) };
  }
  if (!isPageAnswer<T>(first.data)) return { ok: false, status: 502, message: '' };
  const { total } = first.data;
  const pages = pagesFor(total, size);
  if (asked <= pages || total === 0) {
    return {
      ok: true,
      status: first.status,
      data: { items: first.data.items, total, page: Math.min(asked, pages), pages },
    };
  }
  // Past the end: the last page, known only now that the total is.
  const last = await slice({ limit: size, offset: offsetOf(pages, size) });
  if (!last.ok) return last;
  if (!isPageAnswer<T>(last.data)) return { ok: false, status: 502, message: '' };
  return {
    ok: true,
    status: last.status,
    data: { items: last.data.items, total: last.data.total, page: pages, pages },
  };
}

/** '1 resultado', '1.234 resultados'. */
export const resultCount = (total: number) => `${count(total)} ${total === 1 ? 'resultado' : 'resultados'}`;

/**
 * The pager under a list: links to the same address with ?pagina= changed (everything else kept, so the
 * status, the search and the order stay); null when the list fits in one page.
 */
export function listPager(
  req: Request,
  p: { total: number; page: number; pages: number },
): PagerProps | null {
  if (p.pages <= 1) return null;
  const href = (page: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(req.query)) {
      if (key !== 'pagina' && typeof value === 'string') query.append(key, value);
    }
    query.set('pagina', String(page));
    return `${req.path}?${query}`;
  };
  return {
    page: p.page,
    pages: p.pages,
    range: resultCount(p.total),
    previousHref: p.page > 1 ? href(p.page - 1) : null,
    nextHref: p.page < p.pages ? href(p.page + 1) : null,
  };
}
