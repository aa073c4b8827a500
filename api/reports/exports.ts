/**
 * The cash of a period for the accountant (docs/decisions/022): a CSV as a Brazilian spreadsheet opens it
 * (';', decimal comma, UTF-8 with BOM, dd/MM/yyyy, CRLF) and an XLSX with real number and date cells and
 * a totals row. Both are written as the entries come from the database, a chunk at a time
 * (cashEntryChunks), waiting for the socket when it is full: a year of 250,000 entries never sits in
 * memory, whatever the client's speed.
 */

import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { flowOf, transactionLabel } from '../../domain/transactions.ts';
import type { Db } from '../db/connect.ts';
import { type CashEntryRow, cashEntryChunks } from '../transactions/repository.ts';

export const EXPORT_HEADERS = [
  'Data',
  'Tipo',
  'Descrição',
  'O.S./Pedido',
  'Cliente',
  'Forma de pagamento',
  'Valor',
  'Efeito no saldo',
] as const;

/** What an entry does to SPEC §9's balance, in cents: inflows add, purchases take, cancellations nothing. */
export function balanceEffect(type: number, cents: number): number {
  const flow = flowOf(type);
  return flow === 'in' ? cents : flow === 'out' ? -cents : 0;
}

/** 123456 -> '1234,56'; -5 -> '-0,05': a spreadsheet in pt-BR reads it as a number (no thousands dots). */
export function csvMoney(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const displayDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break. Text a spreadsheet would
 * run as a formula (=, +, -, @ first) is prefixed with an apostrophe, so a typed description stays text.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

type ExportRow = {
  date: string;
  type: string;
  description: string;
  number: string;
  client: string;
  method: string;
  cents: number;
  effect: number;
};

function rowOf(e: CashEntryRow): ExportRow {
  const cents = Number(e.value_cents);
  return {
    date: e.date,
    type: transactionLabel(e.type),
    description: e.description,
    number: e.so_number ?? e.o_number ?? '',
    client: e.client_name ?? '',
    method: e.payment_method ?? '',
    cents,
    effect: balanceEffect(e.type, cents),
  };
}

/** Resolves once the socket takes more, or is gone. */
function drained(res: Response): Promise<void> {
  if (!res.writableNeedDrain || res.destroyed) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function attachment(res: Response, type: string, name: string) {
  res.status(200);
  res.setHeader('content-type', type);
  res.setHeader('content-disposition', `attachment; filename="${name}"`);
  res.setHeader('cache-control', 'no-store');
}

export const exportName = (start: string, end: string, ext: string) => `caixa-${start}-a-${end}.${ext}`;

export async function writeCsv(db: Db, res: Response, start: string, end: string): Promise<void> {
  attachment(res, 'text/csv; charset=utf-8', exportName(start, end, 'csv'));
  res.write(`\uFEFF${EXPORT_HEADERS.map(csvField).join(';')}\r\n`);
  let count = 0;
  let balance = 0;
  for await (const chunk of cashEntryChunks(db, start, end)) {
    let text = '';
    for (const entry of chunk) {
      const r = rowOf(entry);
      count++;
      balance += r.effect;
      text += `${[displayDay(r.date), r.type, r.description, r.number, r.client, r.method].map(csvField).join(';')};${csvMoney(r.cents)};${csvMoney(r.effect)}\r\n`;
    }
    res.write(text);
    await drained(res);
    // The client went away: stop reading the database for nobody.
    if (res.destroyed) return;
  }
  res.end(`Total;;${csvField(`${count} lançamentos`)};;;;;${csvMoney(balance)}\r\n`);
}

export async function writeXlsx(db: Db, res: Response, start: string, end: string): Promise<void> {
  attachment(
    res,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    exportName(start, end, 'xlsx'),
  );
  // Inline strings, not a shared-string table: the table would grow with every description of the year.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: res,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet('Caixa', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: EXPORT_HEADERS[0], key: 'date', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: EXPORT_HEADERS[1], key: 'type', width: 22 },
    { header: EXPORT_HEADERS[2], key: 'description', width: 40 },
    { header: EXPORT_HEADERS[3], key: 'number', width: 14 },
    { header: EXPORT_HEADERS[4], key: 'client', width: 30 },
    { header: EXPORT_HEADERS[5], key: 'method', width: 20 },
    { header: EXPORT_HEADERS[6], key: 'value', width: 14, style: { numFmt: '#,##0.00' } },
    { header: EXPORT_HEADERS[7], key: 'effect', width: 16, style: { numFmt: '#,##0.00' } },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  let balance = 0;
  for await (const chunk of cashEntryChunks(db, start, end)) {
    for (const entry of chunk) {
      const r = rowOf(entry);
      count++;
      balance += r.effect;
      sheet
        .addRow({
          // A date cell at the day's UTC midnight: the spreadsheet shows that calendar day, whatever its zone.
          date: new Date(`${r.date}T00:00:00Z`),
          type: r.type,
          description: r.description,
          number: r.number,
          client: r.client,
          method: r.method,
          value: r.cents / 100,
          effect: r.effect / 100,
        })
        .commit();
    }
    await drained(res);
    if (res.destroyed) return;
  }
  const last = count + 1;
  const totals = sheet.addRow({
    date: 'Total',
    description: `${count} lançamentos`,
    effect: { formula: count > 0 ? `SUM(H2:H${last})` : '0', result: balance / 100 },
  });
  totals.font = { bold: true };
  totals.commit();
  sheet.commit();
  await book.commit();
}
