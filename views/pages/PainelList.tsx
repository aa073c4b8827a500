/** The orders behind one number of the Painel: how many, and the most recent of them with links. */

import type { ListedOrder, ReportKind } from '../../contract/reports.ts';
import { KIND_LABELS } from '../../domain/reports.ts';
import { statusLabel } from '../../domain/statuses.ts';
import { count, day } from '../format.ts';

export type PainelListProps = {
  title: string;
  groups: { kind: ReportKind; count: number; items: ListedOrder[] }[];
  /** The shop's zone: the days the orders were opened and finished. */
  tz: string;
};

const detailHref = (kind: ReportKind, id: number) => (kind === 'parts' ? `/pedido/${id}` : `/os/${id}`);

export function PainelList({ title, groups, tz }: PainelListProps) {
  return (
    <section className="painel">
      <p>
        <a href="/painel">← Painel</a>
      </p>
      <h1>{title}</h1>
      {groups.map((g) => (
        <table key={g.kind} className="report">
          <caption>
            {KIND_LABELS[g.kind]}: {count(g.count)}
            {g.count > g.items.length ? ` (as ${count(g.items.length)} mais recentes)` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Número</th>
              <th scope="col">Cliente</th>
              <th scope="col">Descrição</th>
              <th scope="col">Status</th>
              <th scope="col">Abertura</th>
              <th scope="col">Finalização</th>
            </tr>
          </thead>
          <tbody>
            {g.items.map((o) => (
              <tr key={o.id}>
                <td>
                  <a href={detailHref(g.kind, o.id)}>{o.number}</a>
                </td>
                <td>{o.client.name ?? '-'}</td>
                <td>{o.description ?? '-'}</td>
                <td>{statusLabel(g.kind, o.status)}</td>
                <td>{day(o.created_at, tz)}</td>
                <td>{day(o.finished_at, tz)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
