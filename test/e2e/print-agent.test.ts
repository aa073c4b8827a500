/**
 * The reference print agent end to end, as a separate process (--out, and --printer with a stand-in lp):
 * a job sent from a sheet comes out as a one-page A4 PDF (or one page 80 mm wide for a thermal printer),
 * is reported impresso and the sheet says so; SIGTERM stops the agent cleanly; and the agent goes on
 * working after the web goes away and comes back on the same address.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../runtime/paths.ts';
import { apiLogin, MANAGER, startTestApi, type TestApi } from '../support/api.ts';
import { CHROMIUM_PATH, launchBrowser } from '../support/browser.ts';
import { forwardTo, listenRelay } from '../support/http-relay.ts';
import { freePort, sleep, waitFor } from '../support/processes.ts';
import { csrfOf, decodeEntities, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** The page objects of a PDF and each page's MediaBox in points. */
function pdfPages(pdf: Buffer): { count: number; boxes: number[][] } {
  const text = pdf.toString('latin1');
  const count = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*([-\d.\s]+)\]/g)].map((m) =>
    (m[1] ?? '').trim().split(/\s+/).map(Number),
  );
  return { count, boxes };
}

const MM_IN_PT = 72 / 25.4;

describe('the print agent against a running web', () => {
  let api: TestApi;
  let port: number;
  let web: TestWeb;
  let server: Server;
  let token: string;
  const agents: ChildProcess[] = [];
  const folders: string[] = [];
  let clientId: number;
  let orderId: number;
  let partsId: number;

  async function startWeb() {
    web = await startTestWeb({ api });
    server = web.app.listen(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      server.once('listening', () => resolve());
      server.once('error', reject);
    });
  }
  async function stopWeb() {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await web.stop();
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    return (await res.json()) as T;
  }

  async function register(name: string, paper: 'a4' | '80mm') {
    return call<{ printer: { id: number }; key: string }>('POST', '/printers', { name, paper });
  }

  /** Sends a sheet to a printer through the sheet's form, as a person without JavaScript does. */
  async function sendFromSheet(path: string, printerId: number, copies = '1') {
    const person = await signIn(web);
    const page = await person.get(path);
    const requestKey = /name="pedido" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const sent = await person
      .post('/impressao/enviar')
      .type('form')
      .send({
        _csrf: csrfOf(page.text),
        path,
        impressora: String(printerId),
        copias: copies,
        pedido: requestKey,
      });
    expect(sent.status).toBe(303);
    return async () => textOf((await person.get(path)).text);
  }

  /**
   * The agent as its own process. With a CUPS queue, `lp` is a stand-in first on PATH that writes down
   * its arguments and keeps the PDF in the same folder (this machine has no CUPS); `hold` makes each
   * print wait until the test lets it go (a file named `go` in the folder), as a slow printer.
   */
  function startAgent(
    key: string,
    {
      queue,
      url = `http://127.0.0.1:${port}`,
      hold = false,
    }: { queue?: string; url?: string; hold?: boolean } = {},
  ) {
    const out = mkdtempSync(join(tmpdir(), 'bancada-agent-'));
    folders.push(out);
    if (queue) {
      const lp = join(out, 'lp');
      const wait = hold ? `while [ ! -e "${out}/go" ]; do sleep 0.1; done\nrm -f "${out}/go"\n` : '';
      writeFileSync(
        lp,
        `#!/bin/sh\necho "$@" >> "${out}/lp-args.txt"\n${wait}for last; do :; done\ncp "$last" "${out}/.lp.part"\nmv "${out}/.lp.part" "${out}/lp-$(date +%s%N).pdf"\n`,
      );
      chmodSync(lp, 0o755);
    }
    const child = spawn(
      join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
      [
        'print-agent/cli.ts',
        '--url',
        url,
        ...(queue ? ['--printer', queue] : ['--out', out]),
        '--wait',
        '5',
        '--chromium',
        CHROMIUM_PATH,
      ],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, BANCADA_PRINT_KEY: key, PATH: `${out}:${process.env.PATH}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: string[] = [];
    child.stdout?.on('data', (d) => output.push(String(d)));
    child.stderr?.on('data', (d) => output.push(String(d)));
    agents.push(child);
    const pdfs = () => readdirSync(out).filter((f) => f.endsWith('.pdf'));
    return { child, out, pdfs, output };
  }

  async function stopAgent(child: ChildProcess): Promise<number | null> {
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return Promise.race([exited, sleep(10_000).then(() => -1)]);
  }

  beforeAll(async () => {
    api = await startTestApi('pglite');
    port = await freePort();
    await startWeb();
    token = (await apiLogin(api, MANAGER.username, MANAGER.password)).token;
    const client = await call<{ id: number }>('POST', '/clients', {
      name: 'Ana Prado',
      phone1: '(11) 2222-3333',
    });
    clientId = client.id;
    orderId = (
      await call<{ id: number }>('POST', '/service-orders/normal', {
        client_id: client.id,
        product_name: 'Televisor',
        product_details: 'Sem imagem',
      })
    ).id;
    partsId = (
      await call<{ id: number }>('POST', '/orders', {
        client_id: client.id,
        piece_name: 'Placa',
        piece_value: 90,
      })
    ).id;
  });
  afterAll(async () => {
    for (const a of agents) if (a.exitCode === null) a.kill('SIGKILL');
    await stopWeb();
    await api.stop();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  it('prints an order sheet sent to an A4 printer as one A4 page, marks it impresso, and stops on SIGTERM', async () => {
    const { printer, key } = await register('Balcão', 'a4');
    const agent = startAgent(key);
    const sheet = await sendFromSheet(`/os/${orderId}/imprimir`, printer.id);
    await waitFor(() => agent.pdfs().length === 1, 40_000, `the A4 PDF (${agent.output.join('')})`);
    const pdf = pdfPages(readFileSync(join(agent.out, agent.pdfs()[0] ?? '')));
    expect(pdf.count).toBe(1);
    const [x0, y0, w, h] = pdf.boxes[0] ?? [];
    expect([x0, y0]).toEqual([0, 0]);
    expect(Math.abs((w ?? 0) - 210 * MM_IN_PT)).toBeLessThan(2);
    expect(Math.abs((h ?? 0) - 297 * MM_IN_PT)).toBeLessThan(2);
    await waitFor(async () => (await sheet()).includes('· impresso'), 10_000, 'impresso on the sheet');
    expect(await sheet()).toMatch(/Balcão · 1 cópia · .* · impresso/);

    expect(await stopAgent(agent.child)).toBe(0);
    expect(agent.output.join('')).not.toContain(key);
    expect(agent.output.join('')).not.toContain('/impressao/fila/');
  }, 90_000);

  it('prints a parts order on an 80 mm printer as one page 80 mm wide, and keeps working after the web restarts', async () => {
    const { printer, key } = await register('Térmica', '80mm');
    const agent = startAgent(key);
    const first = await sendFromSheet(`/pedido/${partsId}/imprimir`, printer.id);
    await waitFor(() => agent.pdfs().length === 1, 40_000, `the 80 mm PDF (${agent.output.join('')})`);
    const pdf = pdfPages(readFileSync(join(agent.out, agent.pdfs()[0] ?? '')));
    expect(pdf.count).toBe(1);
    const [, , w, h] = pdf.boxes[0] ?? [];
    expect(Math.abs((w ?? 0) - 80 * MM_IN_PT)).toBeLessThan(2);
    expect(h ?? 0).toBeGreaterThan(60 * MM_IN_PT);
    await waitFor(async () => (await first()).includes('· impresso'), 10_000, 'impresso on the sheet');

    // The web goes away while the agent waits on it, and comes back on the same address.
    await stopWeb();
    await sleep(1500);
    await startWeb();
    const second = await sendFromSheet(`/os/${orderId}/entrega`, printer.id);
    await waitFor(
      () => agent.pdfs().length === 2,
      45_000,
      `the PDF after the restart (${agent.output.join('')})`,
    );
    await waitFor(async () => (await second()).includes('· impresso'), 10_000, 'impresso after the restart');
    const after = agent.pdfs().find((f) => f.startsWith('Entrega')) ?? '';
    const delivery = pdfPages(readFileSync(join(agent.out, after)));
    expect(delivery.count).toBe(1);
    expect(Math.abs((delivery.boxes[0]?.[2] ?? 0) - 80 * MM_IN_PT)).toBeLessThan(2);
    expect(agent.output.join('')).toContain('web disponível de novo');
    expect(await stopAgent(agent.child)).toBe(0);
  }, 120_000);

  /** How tall a job's sheet is on an 80 mm roll, in mm: its content measured on its own in Chromium. */
  async function thermalHeightMm(key: string, sheetPath: string): Promise<number> {
    const [job] = await call<{ id: string }[]>('GET', `/print-jobs?sheet=${encodeURIComponent(sheetPath)}`);
    const url = `http://127.0.0.1:${port}/impressao/fila/${job?.id}`;
    const html = await (await fetch(url, { headers: { authorization: `Bearer ${key}` } })).text();
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 400, height: 300 }, javaScriptEnabled: false });
      await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
      await page.emulateMedia({ media: 'print' });
      await page.goto(url);
      const px = await page.evaluate(
        () => document.querySelector('.thermal')?.getBoundingClientRect().height,
      );
      return ((px ?? 0) * 25.4) / 96;
    } finally {
      await browser.close();
    }
  }

  it('prints an 80 mm ticket as one page exactly as tall as its content, a short one and a long one', async () => {
    const { printer, key } = await register('Térmica do balcão', '80mm');
    const long = await call<{ id: number; number: string }>('POST', '/service-orders/normal', {
      client_id: clientId,
      product_name: 'Notebook',
      // 1,000 characters, a line each time the client noticed something: longer than the 297 mm page
      // of the sheet's own `@page thermal`.
      product_details: Array.from(
        { length: 60 },
        (_, i) => `Teste ${String(i + 1).padStart(2, '0')}: desliga`,
      )
        .join('\n')
        .padEnd(1000, '.')
        .slice(0, 1000),
    });
    const agent = startAgent(key);
    const pdfOf = async (path: string, count: number) => {
      await sendFromSheet(path, printer.id);
      await waitFor(() => agent.pdfs().length === count, 40_000, `the 80 mm PDF of ${path}`);
      const file = agent.pdfs().find((f) => !seen.has(f)) ?? '';
      seen.add(file);
      return pdfPages(readFileSync(join(agent.out, file)));
    };
    const seen = new Set<string>();
    for (const [path, count] of [
      [`/os/${orderId}/imprimir`, 1],
      [`/os/${long.id}/imprimir`, 2],
    ] as const) {
      const pdf = await pdfOf(path, count);
      const content = await thermalHeightMm(key, path);
      const [, , w, h] = pdf.boxes[0] ?? [];
      expect({ path, pages: pdf.count }).toEqual({ path, pages: 1 });
      expect(Math.abs((w ?? 0) - 80 * MM_IN_PT)).toBeLessThan(2);
      // No blank roll after the ticket, nor a page laid out taller and shrunk onto the roll.
      expect(
        Math.abs((h ?? 0) / MM_IN_PT - content),
        `${path}: page ${(h ?? 0) / MM_IN_PT} mm, content ${content} mm`,
      ).toBeLessThan(2);
    }
    expect(await stopAgent(agent.child)).toBe(0);
  }, 120_000);

  it('prints to a CUPS queue with lp -d <queue> -n <copies>, and removes its temporary file', async () => {
    const { printer, key } = await register('Oficina', 'a4');
    const agent = startAgent(key, { queue: 'Oficina_HP' });
    const sheet = await sendFromSheet(`/pedido/${partsId}/etiqueta`, printer.id, '3');
    await waitFor(() => agent.pdfs().length === 1, 40_000, `lp's copy of the PDF (${agent.output.join('')})`);
    const args = readFileSync(join(agent.out, 'lp-args.txt'), 'utf8').trim();
    expect(args).toMatch(/^-d Oficina_HP -n 3 -t Etiqueta P\d+ \S+\.pdf$/);
    expect(pdfPages(readFileSync(join(agent.out, agent.pdfs()[0] ?? ''))).count).toBe(1);
    await waitFor(async () => (await sheet()).includes('3 cópias'), 10_000, 'the job on the sheet');
    await waitFor(async () => (await sheet()).includes('· impresso'), 10_000, 'impresso on the sheet');
    expect(await stopAgent(agent.child)).toBe(0);
    const temporary = args.split(' ').at(-1) ?? '';
    expect(readdirSync(tmpdir())).not.toContain(temporary.split('/').at(-1));
  }, 90_000);

  it('behind a proxy that drops the port from Host and serves the web under a prefix, calls only its --url, and a report it cannot deliver does not hold the queue', async () => {
    const { printer, key } = await register('Proxy', 'a4');
    const target = new URL(`http://127.0.0.1:${port}`);
    const seen: string[] = [];
    let lost: string | null = null;
    // nginx's `proxy_set_header Host $host` on another port, under /bancada; and the first job's report
    // never gets through (the answer is lost on the way, every time).
    const proxy = await listenRelay((req, res) => {
      const url = req.url ?? '';
      seen.push(`${req.method} ${url}`);
      if (!url.startsWith('/bancada/')) {
        res.writeHead(404);
        return res.end();
      }
      if (req.method === 'POST') lost ??= url;
      if (req.method === 'POST' && url === lost) {
        res.writeHead(502);
        return res.end();
      }
      req.headers.host = '127.0.0.1';
      forwardTo(target, req, res, url.slice('/bancada'.length));
    });
    try {
      const agent = startAgent(key, { url: `${proxy.url}/bancada/` });
      const first = await sendFromSheet(`/os/${orderId}/entrega`, printer.id);
      await waitFor(() => agent.pdfs().length === 1, 40_000, `the first PDF (${agent.output.join('')})`);
      const second = await sendFromSheet(`/pedido/${partsId}/etiqueta`, printer.id);
      await waitFor(() => agent.pdfs().length === 2, 60_000, `the second PDF (${agent.output.join('')})`);
      await waitFor(async () => /Proxy · 1 cópia · .* · impresso/.test(await second()), 10_000, 'impresso');
      // The first job's report was lost: it stays taken until its lease runs out (the sheet reads
      // 'imprimindo': a print server has it in hand), and the agent went on.
      expect(await first()).toMatch(/Proxy · 1 cópia · .* · imprimindo/);
      expect(agent.output.join('')).toMatch(/Entrega M\d+: resultado não informado à web/);
      // The sheet's stylesheet came through the prefix too.
      expect(seen.some((line) => line.startsWith('GET /bancada/static/css/print.css'))).toBe(true);
      expect(await stopAgent(agent.child)).toBe(0);
    } finally {
      await proxy.stop();
    }
  }, 120_000);

  it('takes one job at a time, and a job printed after its lease and its expiry is recorded as impresso', async () => {
    const { printer, key } = await register('Lenta', 'a4');
    const paths = [`/os/${orderId}/imprimir`, `/os/${orderId}/entrega`, `/pedido/${partsId}/imprimir`];
    const sheets = [];
    for (const path of paths) sheets.push(await sendFromSheet(path, printer.id));
    const agent = startAgent(key, { queue: 'Lenta_HP', hold: true });
    const inLp = () => readFileSync(join(agent.out, 'lp-args.txt'), 'utf8').trim().split('\n').length;
    const taken = async () =>
      (
        await api.deps.db
          .selectFrom('print_jobs')
          .select('id')
          .where('printer_id', '=', printer.id)
          .where('taken_at', 'is not', null)
          .execute()
      ).length;
    await waitFor(() => readdirSync(agent.out).includes('lp-args.txt'), 40_000, 'the first job in lp');
    // The others wait in the queue, not handed out: their lease does not run while this one prints.
    expect(await taken()).toBe(1);

    // The printer is slow: the job in hand passes its lease and its expiry, and the sheet says so.
    await api.deps.db
      .updateTable('print_jobs')
      .set({ taken_at: sql`now() - interval '3 minutes'`, expires_at: sql`now() - interval '1 second'` })
      .where('printer_id', '=', printer.id)
      .where('taken_at', 'is not', null)
      .execute();
    const first = sheets[0] ?? (async () => '');
    expect(await first()).toMatch(/Lenta · 1 cópia · [^·]+ · expirado/);

    // It printed after all: the agent's report is taken, and so are the next two jobs, one by one.
    for (let printed = 1; printed <= 3; printed++) {
      await waitFor(() => inLp() === printed, 40_000, `job ${printed} in lp`);
      writeFileSync(join(agent.out, 'go'), '');
      await waitFor(() => agent.pdfs().length === printed, 20_000, `job ${printed} printed`);
    }
    for (const [i, sheet] of sheets.entries()) {
      await waitFor(
        async () => /Lenta · 1 cópia · [^·]+ · impresso/.test(await sheet()),
        10_000,
        `${paths[i]} impresso`,
      );
    }
    expect(agent.output.join('')).not.toContain('recusou');
    expect(await stopAgent(agent.child)).toBe(0);
  }, 120_000);
});
