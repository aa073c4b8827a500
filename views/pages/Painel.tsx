/**
 * The Painel (docs/decisions/022): how the shop is doing today and over the last 7 and 30 days, for
 * managers. Every number is a link to the list behind it; the chart is SVG with its data table.
 */

import type { Dashboard, ReportKind, StatusGroup, CashTotals as Totals } from '../../contract/reports.ts';
import { formatBRL } from '../../domain/money.ts';
import { KIND_LABELS, ORDER_KINDS, WINDOWS } from '../../domain/reports.ts';
import { statusLabel } from '../../domain/statuses.ts';
import { CashTotals } from '../components/CashTotals.tsx';
import { type Bar, StackedBars } from '../components/StackedBars.tsx';
import { businessDay, count, day } from '../format.ts';

export type PainelProps = {
  data: Dashboard;
  today: Totals;
  revenue: { series: string[]; bars: Bar[] };
  /** The list of a kind at a status (Listar por Status). */
  statusHref: (kind: ReportKind, status: number) => string;
  /** The orders behind a count of the Painel. */
  listHref: (q: { kind?: ReportKind; which: string; days?: number; technician?: string }) => string;
  todayHref: string;
  monthHref: string;
  /** The shop's zone: the day an order entered its status. */
  tz: string;
};

const WINDOW_LABELS: Record<number, string> = { 1: 'Hoje', 7: '7 dias', 30: '30 dias' };
const days = (n: number) =>
  `${n.toLocaleString('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} dias`;

function StatusTable({
  caption,
  groups,
  oldest,
  href,
  tz,
}: {
  caption: string;
  groups: StatusGroup[];
  oldest: string;
  href: (g: StatusGroup) => string;
  tz: string;
}) {
  if (groups.length === 0) return <p className="empty">{caption}: nenhuma.</p>;
  return (
    <table className="report">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Tipo</th>
          <th scope="col">Status</th>
          <th scope="col">Quantidade</th>
          <th scope="col">{oldest}</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={`${g.kind}-${g.status}`}>
            <td>{KIND_LABELS[g.kind]}</td>
            <td>{statusLabel(g.kind, g.status)}</td>
            <td className="number">
              <a href={href(g)}>{count(g.count)}</a>
            </td>
            <td>{day(g.oldest, tz)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Painel({
  data,
  today,
  revenue,
  statusHref,
  listHref,
  todayHref,
  monthHref,
  tz,
}: PainelProps) {
  const countsOf = (list: Dashboard['opened'], kind: ReportKind) => list.find((r) => r.kind === kind)?.counts;
  return (
    <section className="painel">
      <h1>Painel</h1>
      <p className="painel-day">Hoje: {businessDay(data.date)}</p>

      <table className="report">
        <caption>Ordens abertas e finalizadas</caption>
        <thead>
          <tr>
            <th scope="col">Tipo</th>
            {WINDOWS.map((w) => (
              <th key={`a${w}`} scope="col">
                Abertas — {WINDOW_LABELS[w]}
              </th>
            ))}
            {WINDOWS.map((w) => (
              <th key={`f${w}`} scope="col">
                Finalizadas — {WINDOW_LABELS[w]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ORDER_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{KIND_LABELS[kind]}</th>
              {WINDOWS.map((w) => (
                <td key={`a${w}`} className="number">
                  <a href={listHref({ kind, which: 'abertas', days: w })}>
                    {count(countsOf(data.opened, kind)?.[w] ?? 0)}
                  </a>
                </td>
              ))}
              {WINDOWS.map((w) => (
                <td key={`f${w}`} className="number">
                  <a href={listHref({ kind, which: 'finalizadas', days: w })}>
                    {count(countsOf(data.finished, kind)?.[w] ?? 0)}
                  </a>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <StackedBars
        id="receita-30-dias"
        caption="Receita por dia, últimos 30 dias, por forma de pagamento"
        series={revenue.series}
        bars={revenue.bars}
        seriesHref={() => monthHref}
      />

      <h2>Caixa de hoje</h2>
      <CashTotals totals={today} href={todayHref} caption="Caixa de hoje" />

      <h2>Aguardando</h2>
      <StatusTable
        tz={tz}
        caption="Ordens aguardando, por status"
        groups={data.waiting}
        oldest="Mais antiga (abertura)"
        href={(g) => statusHref(g.kind, g.status)}
      />
      <StatusTable
        tz={tz}
        caption={`Prontas e não retiradas há mais de ${data.ready_aged.ageing_days} dias`}
        groups={data.ready_aged.groups}
        oldest="Mais antiga (última alteração)"
        href={(g) => listHref({ kind: g.kind, which: 'paradas' })}
      />

      <h2>Últimos 30 dias</h2>
      <table className="report">
        <caption>Tempo médio da abertura à entrega (finalizadas nos últimos 30 dias)</caption>
        <thead>
          <tr>
            <th scope="col">Tipo</th>
            <th scope="col">Finalizadas</th>
            <th scope="col">Tempo médio</th>
          </tr>
        </thead>
        <tbody>
          {ORDER_KINDS.map((kind) => {
            const t = data.turnaround.find((r) => r.kind === kind);
            const href = listHref({ kind, which: 'finalizadas', days: 30 });
            return (
              <tr key={kind}>
                <th scope="row">{KIND_LABELS[kind]}</th>
                <td className="number">
                  <a href={href}>{count(t?.count ?? 0)}</a>
                </td>
                <td className="number">
                  {t?.average_days === null || t === undefined ? (
                    '-'
                  ) : (
                    <a href={href}>{days(t.average_days)}</a>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {data.technicians.length === 0 ? (
        <p className="empty">Nenhuma O.S. finalizada nos últimos 30 dias.</p>
      ) : (
        <table className="report">
          <caption>Por técnico: O.S. finalizadas e receita, últimos 30 dias</caption>
          <thead>
            <tr>
              <th scope="col">Técnico</th>
              <th scope="col">Finalizadas</th>
              <th scope="col">Receita</th>
            </tr>
          </thead>
          <tbody>
            {data.technicians.map((t) => {
              const href = listHref({ which: 'finalizadas', days: 30, technician: t.name });
              return (
                <tr key={t.name}>
                  <th scope="row">{t.name || 'Sem técnico'}</th>
                  <td className="number">
                    <a href={href}>{count(t.finished)}</a>
                  </td>
                  <td className="money">
                    <a href={href}>{formatBRL(Math.round(t.value * 100))}</a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
