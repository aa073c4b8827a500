import { count } from '../format.ts';

/** A list's pages as plain links (no JavaScript): Anterior, 'Página N de M', Próxima, and which entries. */
export type PagerProps = {
  page: number;
  pages: number;
  /** e.g. 'Lançamentos 201–400 de 4.067' */
  range: string;
  /** null on the first page */
  previousHref: string | null;
  /** null on the last page */
  nextHref: string | null;
};

export function Pager({ page, pages, range, previousHref, nextHref }: PagerProps) {
  return (
    <nav className="pager actions" aria-label="Páginas">
      {previousHref ? (
        <a className="button" href={previousHref} rel="prev">
          Anterior
        </a>
      ) : null}
      <span className="pager-page">{`Página ${count(page)} de ${count(pages)}`}</span>
      {nextHref ? (
        <a className="button" href={nextHref} rel="next">
          Próxima
        </a>
      ) : null}
      <span className="pager-range muted">{range}</span>
    </nav>
  );
}
