/**
 * The cash by period's report and exports (docs/decisions/022) through the web, against the real api:
 * behind the cash unlock; the period page shows the chart with its table, the totals and the export
 * links; the CSV and XLSX come through as the api writes them; the A4 report draws the chart.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { formatBRL } from '../../domain/money.ts';
import { addDays } from '../../domain/reports.ts';
import { balanceInCents } from '../../domain/transactions.ts';
import { apiLogin, MANAGER } from '../support/api.ts';
import { writeHistory } from '../support/history.ts';
import {
  type Agent,
  decodeEntities,
  fieldErrorOf,
  postForm,
  signIn,
  startTestWeb,
  type TestWeb,
  unlockCash,
} from '../support/web.ts';

const TZ = 'America/Sao_Paulo';

/** A supertest answer read as raw bytes. */
type Parser = Extract<Parameters<ReturnType<Agent['get']>['parse']>[0], (res: never, cb: never) => void>;
const binary: Parser = (res, callback) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const parts: Buffer[] = [];
  stream.on('data', (c: Buffer) => parts.push(c));
  stream.on('end', () => callback(null, Buffer.concat(parts)));
};

describe('cash by period: report and exports', () => {
  let web: TestWeb;
  let entries: { type: number; value: number }[];
  const today = todayInShop(TZ);
  const start = addDays(today, -20);
  const query = `de=${encodeURIComponent(formatDisplayDate(start))}&ate=${encodeURIComponent(formatDisplayDate(today))}`;

  async function unlocked(): Promise<Agent> {
    const agent = await signIn(web);
    const res = await unlockCash(agent, MANAGER, '/caixa-periodo');
    expect(res.status).toBe(303);
    return agent;
  }

  beforeAll(async () => {
    web = await startTestWeb();
    await writeHistory(web.api.deps.db, 9, today, TZ);
    const { token } = await apiLogin(web.api, MANAGER.username, MANAGER.password);
    const res = await fetch(`${web.api.url}/transactions/period?start_date=${start}&end_date=${today}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    entries = (await res.json()) as typeof entries;
  }, 60_000);
  afterAll(async () => web?.stop());

  it('an export or the report of a period over 400 days goes back to the form, with the dates and the message', async () => {
    const agent = await unlocked();
    const long = 'de=01%2F01%2F2025&ate=31%2F12%2F2026';
    for (const path of [
      '/caixa-periodo/exportar.csv',
      '/caixa-periodo/exportar.xlsx',
      '/caixa-periodo/relatorio',
    ]) {
      const res = await agent.get(`${path}?${long}`);
      expect(res.status, path).toBe(303);
      expect(res.headers.location, path).toBe(`/caixa-periodo?${long}`);
    }
    const back = await agent.get(`/caixa-periodo?${long}`);
    expect(back.status).toBe(400);
    expect(fieldErrorOf(back.text, 'f-ate')).toBe('O período pode ter no máximo 400 dias');
  });

  it('stays behind the cash unlock, which then leads to the period asked, its exports ready', async () => {
    const agent = await signIn(web);
    for (const path of ['exportar.csv', 'exportar.xlsx', 'relatorio', 'imprimir']) {
      const res = await agent.get(`/caixa-periodo/${path}?${query}`);
      expect(res.status, path).toBe(303);
      expect(res.headers.location, path).toBe(`/caixa-periodo?${query}`);
    }
    const locked = await agent.get(`/caixa-periodo?${query}`);
    expect(locked.text).toContain('Acesso não autorizado');
    expect(locked.text).not.toContain('exportar.csv');
    const voltar = /name="voltar" value="([^"]*)"/.exec(locked.text)?.[1] ?? '';
    expect(decodeEntities(voltar)).toBe(`/caixa-periodo?${query}`);
    const unlockTo = (back: string, from: string) =>
      postForm(
        agent,
        '/caixa/acessar',
        { username: MANAGER.username, password: MANAGER.password, voltar: back },
        from,
      );
    const res = await unlockTo(decodeEntities(voltar), `/caixa-periodo?${query}`);
    expect([res.status, res.headers.location]).toEqual([303, `/caixa-periodo?${query}`]);
    const period = await agent.get(res.headers.location ?? '');
    expect(period.text).toContain(`href="/caixa-periodo/exportar.csv?${query.replace(/&/g, '&amp;')}"`);
    // A hand-made 'voltar' leads nowhere else than the cash screens, and never to an endless address.
    const long = await unlockTo(`/caixa-periodo?de=${'A'.repeat(20_000)}&ate=1`, '/caixa-hoje');
    expect(long.headers.location).toBe(`/caixa-periodo?de=${'A'.repeat(20)}&ate=1`);
    const elsewhere = await unlockTo('/caixa-periodo/../configuracoes?de=1', '/caixa-hoje');
    expect(elsewhere.headers.location).toBe('/caixa-hoje');
  });

  it('shows the chart with its table, the totals and the exports on the period page', async () => {
    const agent = await unlocked();
    const page = await agent.get(`/caixa-periodo?${query}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="receita-periodo-caption"/);
    expect(page.text).toContain('id="receita-periodo-table"');
    const balance = balanceInCents(
      entries.map((e) => ({ type: e.type, valueCents: Math.round(e.value * 100) })),
    );
    const text = decodeEntities(page.text.replace(/<!-- -->/g, ''));
    expect(text).toContain('Totais do período: por tipo de lançamento');
    // Cancellations are listed, but said not to count: the column above the Saldo adds up without them.
    expect(text).toContain('O.S. CANCELADA<span class="muted"> (não entra no saldo)</span>');
    expect(text).toContain(formatBRL(balance));
    expect(page.text).toContain(`href="/caixa-periodo/exportar.csv?${query.replace(/&/g, '&amp;')}"`);
    expect(page.text).toContain(`href="/caixa-periodo/exportar.xlsx?${query.replace(/&/g, '&amp;')}"`);
    // The totals are this very page's: plain numbers, not links back to it.
    expect(page.text).not.toContain(`<a href="/caixa-periodo?${query.replace(/&/g, '&amp;')}">`);
    // A period without entries: only its message, no empty chart or totals.
    const empty = await agent.get('/caixa-periodo?de=01%2F01%2F2001&ate=31%2F01%2F2001');
    expect(empty.text).toContain('Nenhuma transação foi encontrada para a data.');
    expect(empty.text).not.toContain('id="receita-periodo"');
    expect(empty.text).not.toContain('Totais do período');
  });

  it('passes the CSV and the XLSX through, reading back to the period', async () => {
    const agent = await unlocked();
    const csv = await agent.get(`/caixa-periodo/exportar.csv?${query}`).buffer(true).parse(binary);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`caixa-${start}-a-${today}.csv`);
    const rows = parseCsv(csv.body as Buffer, { bom: true, delimiter: ';' }) as string[][];
    expect(rows.length).toBe(entries.length + 2);

    const xlsx = await agent.get(`/caixa-periodo/exportar.xlsx?${query}`).buffer(true).parse(binary);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.body as Buffer).buffer);
    expect(book.getWorksheet('Caixa')?.rowCount).toBe(entries.length + 2);
  });

  it('prints an A4 report with the chart and the totals', async () => {
    const agent = await unlocked();
    const sheet = await agent.get(`/caixa-periodo/relatorio?${query}`);
    expect(sheet.status).toBe(200);
    expect(sheet.text).toContain('class="sheet period-report"');
    expect(sheet.text).toMatch(/<svg[^>]*role="img"/);
    expect(decodeEntities(sheet.text.replace(/<!-- -->/g, ''))).toContain(
      `Relatório de caixa — ${formatDisplayDate(start)} a ${formatDisplayDate(today)}`,
    );
    expect(sheet.text).not.toContain('class="menu"');
    expect(sheet.text).toContain('<th scope="col">Dia</th>');
    // A year is a bar a month: its table says so.
    const year = `de=01%2F01%2F2026&ate=31%2F12%2F2026`;
    const yearly = await agent.get(`/caixa-periodo/relatorio?${year}`);
    expect(yearly.text).toContain('<th scope="col">Mês</th>');
    expect(yearly.text).not.toContain('<th scope="col">Dia</th>');
  });
});
