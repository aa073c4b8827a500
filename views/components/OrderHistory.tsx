/**
 * An order's history (decision 020): newest first, who did what and when, read from the audit trail.
 * Status changes name both statuses; edits list each field changed with its old and new value, money
 * and dates formatted. Read-only: there is nothing here to submit.
 */
import { formatDisplayDate, formatDisplayMoment } from '../../domain/dates.ts';
import { formatBRL } from '../../domain/money.ts';
import { type OrderKind, statusLabel } from '../../domain/statuses.ts';
import { transactionLabel } from '../../domain/transactions.ts';

export type HistoryItem = {
  at: string;
  actor: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

type FieldKind = 'text' | 'money' | 'date';

/** The fields a person edits, by their stored name: label and how the value reads. */
const FIELDS: Record<string, [label: string, kind: FieldKind]> = {
  product_name: ['Nome do produto', 'text'],
  product_model: ['Modelo', 'text'],
  product_brand: ['Marca', 'text'],
  product_serial: ['Número de série', 'text'],
  product_accessories: ['Acessórios', 'text'],
  product_details: ['Defeito Reclamado', 'text'],
  return_motive: ['Motivo do retorno', 'text'],
  fix_description: ['Peças', 'text'],
  fix_technician_name: ['Técnico', 'text'],
  fix_date: ['Data do conserto', 'date'],
  fix_value_pieces_cents: ['Valor das peças', 'money'],
  fix_value_labor_cents: ['Valor da mão de obra', 'money'],
  fix_value_final_cents: ['Valor final', 'money'],
  fix_payment_method: ['Forma de pagamento', 'text'],
  service_details: ['Detalhes do serviço', 'text'],
  service_type: ['Tipo de serviço', 'text'],
  service_date: ['Data do atendimento', 'date'],
  service_period: ['Período', 'text'],
  service_value_cents: ['Valor do atendimento', 'money'],
  service_payment_method: ['Forma de pagamento', 'text'],
  piece_name: ['Peça', 'text'],
  piece_code: ['Código da peça', 'text'],
  piece_value_cents: ['Valor', 'money'],
  payment_method: ['Forma de pagamento', 'text'],
  manufacturer_date: ['Data do pedido ao fabricante', 'date'],
  manufacturer_code: ['Código do pedido ao fabricante', 'text'],
};

function shown(value: unknown, kind: FieldKind, tz: string): string {
  if (value === null || value === undefined || value === '') return '(vazio)';
  if (kind === 'money') return formatBRL(Number(value));
  if (kind === 'date') return formatDisplayDate(String(value), tz);
  // A text typed on several lines (the parts, the accessories) reads as the order page shows it.
  const lines = String(value)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length ? lines.join('; ') : '(vazio)';
}

function moneyOf(value: unknown): string {
  return typeof value === 'number' ? formatBRL(value) : '-';
}

/** What one entry says, as a headline and its details (one line per field changed). */
export function describe(
  entry: HistoryItem,
  kind: OrderKind,
  tz: string,
): { title: string; lines: string[] } {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const transaction = (after.transaction ?? {}) as Record<string, unknown>;
  const statusLine = () =>
    typeof before.status === 'number' && typeof after.status === 'number' && before.status !== after.status
      ? [`Status: ${statusLabel(kind, before.status)} → ${statusLabel(kind, after.status)}`]
      : [];
  switch (entry.action) {
    case 'create':
      return { title: kind === 'parts' ? 'Abriu o pedido' : 'Abriu a O.S.', lines: [] };
    case 'update': {
      const lines = statusLine();
      for (const [field, [label, fieldKind]] of Object.entries(FIELDS)) {
        if (!(field in before) && !(field in after)) continue;
        const was = shown(before[field], fieldKind, tz);
        const now = shown(after[field], fieldKind, tz);
        if (was !== now) lines.push(`${label}: ${was} → ${now}`);
      }
      return { title: 'Editou', lines };
    }
    case 'upfront-payment':
    case 'upfront_payment':
      return {
        title: `Adiantamento de ${moneyOf(transaction.value_cents)}`,
        lines: [transaction.payment_method, transaction.description].filter(Boolean).map(String),
      };
    case 'close':
      return { title: `Enviou ao caixa (${moneyOf(transaction.value_cents)})`, lines: statusLine() };
    case 'reopen':
      // A manager deleted the order's close entry at the cash (decision 032).
      return {
        title: `${kind === 'parts' ? 'Reabriu o pedido' : 'Reabriu a O.S.'}: excluído do caixa o envio de ${moneyOf(transaction.value_cents)}`,
        lines: statusLine(),
      };
    case 'entry-deleted':
      return {
        title: `Excluiu do caixa o lançamento ${transactionLabel(Number(transaction.type))} (${moneyOf(transaction.value_cents)})`,
        lines: [transaction.description].filter(Boolean).map(String),
      };
    case 'cancel':
      return { title: 'Cancelou', lines: [`Motivo: ${String(transaction.description ?? '-')}`] };
    case 'delete':
      return { title: 'Excluiu', lines: [] };
    case 'status-link-issued':
      return { title: 'Gerou o link de acompanhamento', lines: [] };
    case 'status-link-revoked':
      return { title: 'Revogou o link de acompanhamento', lines: [] };
    case 'whatsapp-opened':
      return { title: 'Abriu a mensagem no WhatsApp', lines: [] };
    case 'printed':
      return { title: `Imprimiu${after.detail ? `: ${String(after.detail)}` : ''}`, lines: [] };
    default:
      return { title: entry.action, lines: [] };
  }
}

export function OrderHistory({ entries, kind, tz }: { entries: HistoryItem[]; kind: OrderKind; tz: string }) {
  return (
    <section className="order-history" aria-labelledby="historico">
      <h2 id="historico">Histórico</h2>
      {entries.length === 0 ? (
        <p className="muted">Sem registros</p>
      ) : (
        <ol className="history">
          {entries.map((entry, index) => {
            const { title, lines } = describe(entry, kind, tz);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never reordered
              <li key={index}>
                <p>
                  <time dateTime={entry.at}>{formatDisplayMoment(entry.at, tz)}</time> ·{' '}
                  <strong>{entry.actor ?? 'Sistema'}</strong> · {title}
                </p>
                {lines.length > 0 ? (
                  <ul>
                    {lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
