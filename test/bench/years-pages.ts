/**
 * Every page of the shop, on ten years of history (seed-years.ts): what the bench asks the web for, with
 * real values picked from the seeded database (a CPF, a phone, an order's number and id) before the api
 * starts. The same list serves the lone requests, the offered load and the bytes on the wire.
 */
import { sql } from 'kysely';
import type { Db } from '../../api/db/connect.ts';
import { statusesOf } from '../../domain/statuses.ts';
import { LIST_SCREENS } from '../../server/routes/lists.ts';

export type BenchPage = {
  /** Short name in results.json and the printed tables. */
  key: string;
  /** Which kind of page: 'consulta', 'list', 'order', 'cash', 'print', 'painel'. */
  group: string;
  path: string;
  /** Behind the manager's cash unlock. */
  cash?: boolean;
};

export type YearsSamples = {
  cpf: string;
  phone: string;
  serviceOrder: { id: number; number: string; serial: string };
  partsOrder: { id: number; number: string };
};

/**
 * A CPF, a phone, and a delivered service order (with its serial number) and parts order from the
 * middle of the history.
 */
export async function samplesOf(db: Db): Promise<YearsSamples> {
  const one = async <T>(query: ReturnType<typeof sql<T>>) => {
    const row = (await query.execute(db)).rows[0];
    if (!row) throw new Error('the seeded history has no row for a sample');
    return row;
  };
  const client = await one(sql<{ cpf: string; phone1: string }>`
    SELECT cpf, phone1 FROM clients WHERE cpf IS NOT NULL ORDER BY id OFFSET (SELECT count(*) / 2 FROM clients) LIMIT 1`);
  const so = await one(sql<{ id: number; number: string; product_serial: string | null }>`
    SELECT id, number, product_serial FROM service_orders WHERE kind = 'normal' AND status = 108
    ORDER BY id OFFSET (SELECT count(*) / 2 FROM service_orders WHERE kind = 'normal' AND status = 108) LIMIT 1`);
  const po = await one(sql<{ id: number; number: string }>`
    SELECT id, number FROM orders WHERE status = 104
    ORDER BY id OFFSET (SELECT count(*) / 2 FROM orders WHERE status = 104) LIMIT 1`);
  return {
    cpf: client.cpf,
    phone: client.phone1,
    serviceOrder: { id: Number(so.id), number: so.number, serial: so.product_serial ?? '' },
    partsOrder: { id: Number(po.id), number: po.number },
  };
}

/** dd/MM/yyyy of the shop day `daysBack` days before today. */
function shopDate(daysBack: number): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    .format(new Date(Date.now() - daysBack * 86_400_000))
    .split('-');
  return `${d}/${m}/${y}`;
}

const formattedCpf = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

export function benchPages(s: YearsSamples): BenchPage[] {
  const q = (text: string) => encodeURIComponent(text);
  const period = (days: number) => `de=${q(shopDate(days))}&ate=${q(shopDate(0))}`;
  const so = s.serviceOrder.id;
  const po = s.partsOrder.id;
  const lists: BenchPage[] = LIST_SCREENS.flatMap((screen) =>
    statusesOf(screen.kind).map((status) => ({
      key: `list-${screen.kind}-${status.code}`,
      group: 'list',
      path: `${screen.path}?status=${status.code}`,
    })),
  );
  // The last page of the two largest lists ('Finalizada', 'Finalizado'): a page past the end shows the last.
  const lastPages: BenchPage[] = [
    { key: 'list-normal-108-last', group: 'list', path: '/listar-os-normal?status=108&pagina=10000000' },
    { key: 'list-parts-104-last', group: 'list', path: '/listar-pedido?status=104&pagina=10000000' },
  ];
  return [
    { key: 'consulta-name', group: 'consulta', path: `/consulta?q=${q('Maria Silva')}&tipo=cliente` },
    { key: 'consulta-cpf', group: 'consulta', path: `/consulta?q=${q(formattedCpf(s.cpf))}&tipo=cliente` },
    { key: 'consulta-phone', group: 'consulta', path: `/consulta?q=${q(s.phone)}&tipo=cliente` },
    { key: 'consulta-os', group: 'consulta', path: `/consulta?q=${q(s.serviceOrder.number)}&tipo=os` },
    // By product: two words each in one order in six, typed without the hyphen ('Micro-ondas').
    { key: 'consulta-os-produto', group: 'consulta', path: `/consulta?q=${q('micro ondas')}&tipo=os` },
    // By serial, typed without its separators ('SN-04827100' as 'sn04827100'): one order in 500,000.
    {
      key: 'consulta-os-serie',
      group: 'consulta',
      path: `/consulta?q=${q(s.serviceOrder.serial.replace(/[^0-9A-Za-z]/g, '').toLowerCase())}&tipo=os`,
    },
    { key: 'consulta-pedido', group: 'consulta', path: `/consulta?q=${q(s.partsOrder.number)}&tipo=pedido` },
    ...lists,
    ...lastPages,
    { key: 'os', group: 'order', path: `/os/${so}` },
    { key: 'pedido', group: 'order', path: `/pedido/${po}` },
    { key: 'caixa-hoje', group: 'cash', path: '/caixa-hoje', cash: true },
    { key: 'caixa-mes', group: 'cash', path: `/caixa-periodo?${period(30)}`, cash: true },
    { key: 'caixa-ano', group: 'cash', path: `/caixa-periodo?${period(364)}`, cash: true },
    { key: 'print-os', group: 'print', path: `/os/${so}/imprimir` },
    { key: 'print-os-entrega', group: 'print', path: `/os/${so}/entrega` },
    { key: 'print-pedido', group: 'print', path: `/pedido/${po}/imprimir` },
    { key: 'print-etiqueta', group: 'print', path: `/pedido/${po}/etiqueta` },
    { key: 'print-caixa-hoje', group: 'print', path: '/caixa-hoje/imprimir', cash: true },
    { key: 'print-caixa-mes', group: 'print', path: `/caixa-periodo/imprimir?${period(30)}`, cash: true },
    { key: 'painel', group: 'painel', path: '/painel' },
  ];
}
