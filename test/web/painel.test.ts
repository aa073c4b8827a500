/**
 * The Painel (docs/decisions/022) against the real api: a manager's menu entry and page, the figures as
 * the api sums them, every number a link to the list behind it (which lists as many), the chart drawn
 * as SVG with its data table; refused to an employee; hidden against a backend without reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInShop } from '../../domain/dates.ts';
import { formatBRL } from '../../domain/money.ts';
import { apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import { writeHistory } from '../support/history.ts';
import { forwardTo, listenRelay } from '../support/http-relay.ts';
import { decodeEntities, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

const TZ = 'America/Sao_Paulo';
type Dashboard = {
  opened: { kind: string; counts: Record<string, number> }[];
  revenue: { value: number }[];
  technicians: { name: string; finished: number }[];
  waiting: { kind: string; status: number; count: number }[];
};

const hasPainelEntry = (html: string) => /<a href="\/painel"[^>]*>Painel<\/a>/.test(html);
/** The link and text of the cell of a row (by its header) and column index of a report table. */
function cellLink(html: string, rowHeader: string, column: number) {
  const row = new RegExp(`<tr><th scope="row">${rowHeader}</th>([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? '';
  const cell = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)][column]?.[1] ?? '';
  const a = /<a href="([^"]+)">([^<]*)<\/a>/.exec(cell);
  return { href: decodeEntities(a?.[1] ?? ''), text: decodeEntities(a?.[2] ?? '') };
}

describe('Painel', () => {
  let web: TestWeb;
  let data: Dashboard;
  const staff = { username: 'balcao', password: 'senha-do-balcao' };

  beforeAll(async () => {
    web = await startTestWeb();
    await writeHistory(web.api.deps.db, 3, todayInShop(TZ), TZ);
    await createEmployee(web.api, staff.username, staff.password);
    const { token } = await apiLogin(web.api, MANAGER.username, MANAGER.password);
    const res = await fetch(`${web.api.url}/reports/dashboard`, {
      headers: { authorization: `Bearer ${token}` },
    });
    data = (await res.json()) as Dashboard;
  }, 60_000);
  afterAll(async () => web?.stop());

  it('shows a manager the figures the api sums, each linking to the list behind it', async () => {
    const agent = await signIn(web);
    const consulta = await agent.get('/consulta');
    expect(hasPainelEntry(consulta.text)).toBe(true);
    const page = await agent.get('/painel');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Painel</h1>');
    // O.S. Normal opened in 30 days: the third column of the first table.
    const normal30 = data.opened.find((r) => r.kind === 'normal')?.counts['30'] ?? 0;
    expect(normal30).toBeGreaterThan(0);
    const cell = cellLink(page.text, 'O.S. Normal', 2);
    expect(cell.text).toBe(String(normal30));
    expect(cell.href).toBe('/painel/lista?quais=abertas&tipo=normal&dias=30');
    const list = await agent.get(cell.href);
    expect(list.status).toBe(200);
    expect(decodeEntities(list.text.replace(/<!-- -->/g, ''))).toContain(`O.S. Normal: ${normal30}`);
    expect((list.text.match(/<a href="\/os\/\d+">/g) ?? []).length).toBe(normal30);

    // The chart: an SVG image named by its caption, described by its data table, whose total is the
    // sum of the api's revenue cells.
    expect(page.text).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="receita-30-dias-caption"/);
    expect(page.text).toContain('id="receita-30-dias-table"');
    const revenue = data.revenue.reduce((s, c) => s + Math.round(c.value * 100), 0);
    const foot =
      /<tfoot>([\s\S]*?)<\/tfoot>/.exec(
        page.text.slice(page.text.indexOf('id="receita-30-dias-table"')),
      )?.[1] ?? '';
    expect(decodeEntities(foot)).toContain(formatBRL(revenue));
    expect(page.text.match(/<rect [^>]*fill=/g)?.length ?? 0).toBeGreaterThan(10);

    // Waiting by status links to Listar por Status of that kind and status.
    const waiting = data.waiting.find((g) => g.kind === 'normal');
    if (waiting) expect(page.text).toContain(`href="/listar-os-normal?status=${waiting.status}"`);
    // A technician's count lists that technician's finished orders.
    const tech = data.technicians.find((t) => t.name === 'Carlos');
    if (tech) {
      const techList = await agent.get('/painel/lista?quais=finalizadas&dias=30&tecnico=Carlos');
      expect((techList.text.match(/<a href="\/os\/\d+">/g) ?? []).length).toBe(tech.finished);
    }
    // A hand-made address with a name no technician can have is no list, not a failure.
    const forged = await agent.get(`/painel/lista?quais=finalizadas&dias=30&tecnico=${'x'.repeat(5000)}`);
    expect(forged.status).toBe(404);
    expect(forged.text).toContain('Lista não encontrada');
  });

  it('is for managers only: no menu entry for an employee, and a refusal', async () => {
    const agent = await signIn(web, staff.username, staff.password);
    expect(hasPainelEntry((await agent.get('/consulta')).text)).toBe(false);
    const page = await agent.get('/painel');
    expect(page.status).toBe(403);
    expect(page.text).not.toContain('receita-30-dias');
    expect((await agent.get('/painel/lista?quais=abertas&tipo=normal&dias=7')).status).toBe(403);
  });

  it('against a backend without reports: says so, and the menu entry goes away', async () => {
    const to = new URL(web.api.url);
    const relay = await listenRelay((req, res) => {
      if ((req.url ?? '').startsWith('/reports/')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Not found' }));
        return;
      }
      forwardTo(to, req, res);
    });
    const specOnly = await startTestWeb({ api: web.api, apiUrl: relay.url });
    try {
      const agent = await signIn(specOnly);
      const page = await agent.get('/painel');
      expect(page.status).toBe(404);
      expect(decodeEntities(page.text)).toContain('O Painel não está disponível neste servidor.');
      expect(hasPainelEntry((await agent.get('/consulta')).text)).toBe(false);
    } finally {
      await specOnly.stop();
      await relay.stop();
    }
  });

  it('a shop with nothing in the cash today says so under Caixa de hoje, not a table of headings', async () => {
    const fresh = await startTestWeb();
    try {
      const page = decodeEntities((await (await signIn(fresh)).get('/painel')).text);
      expect(page).toContain('Caixa de hoje: por forma de pagamento: nenhum lançamento.');
      expect(page).not.toContain('<caption>Caixa de hoje: por forma de pagamento</caption>');
    } finally {
      await fresh.stop();
    }
  });
});
