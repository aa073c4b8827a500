/**
 * The print server's door (/impressao/fila) and "Enviar para a impressora" on the sheets: a job queued
 * from a sheet is rendered in the printer's paper, taken only with that printer's key, reported once,
 * and its state shows on the sheet. No session, no CSRF on the door; keys and job URLs stay out of logs.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/app.ts';
import { apiLogin, MANAGER } from '../support/api.ts';
import { forwardTo, listenRelay } from '../support/http-relay.ts';
import {
  type Agent,
  csrfOf,
  decodeEntities,
  signIn,
  startTestWeb,
  type TestWeb,
  unlockCash,
} from '../support/web.ts';

const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

describe('print queue door and sending a sheet to a printer', () => {
  let web: TestWeb;
  let manager: Agent;
  let token: string;
  let orderId: number;
  let orderNumber: string;
  let partsId: number;
  const lines: string[] = [];

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${web.api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  beforeAll(async () => {
    web = await startTestWeb({ env: { PRINT_JOB_MINUTES: '3' } });
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    manager = await signIn(web);
    const client = await api<{ id: number }>('POST', '/clients', {
      name: 'Joana Lima',
      phone1: '(11) 3333-4444',
    });
    const order = await api<{ id: number; number: string }>('POST', '/service-orders/normal', {
      client_id: client.id,
      product_name: 'Notebook',
      product_details: 'Não liga',
    });
    orderId = order.id;
    orderNumber = order.number;
    partsId = (
      await api<{ id: number }>('POST', '/orders', {
        client_id: client.id,
        piece_name: 'Tela',
        piece_value: 10,
      })
    ).id;
  });
  afterAll(async () => {
    await web.stop();
  });

  async function register(name: string, paper: 'a4' | '80mm') {
    const { printer, key } = await api<{ printer: { id: number }; key: string }>('POST', '/printers', {
      name,
      paper,
    });
    return { id: printer.id, key };
  }

  const door = (key: string | null) => {
    const auth = key ? { authorization: `Bearer ${key}` } : {};
    return {
      poll: (wait = 0) => supertest(web.app).get(`/impressao/fila?espera=${wait}`).set(auth),
      sheet: (id: string) => supertest(web.app).get(`/impressao/fila/${id}`).set(auth),
      report: (id: string, body: unknown) =>
        supertest(web.app)
          .post(`/impressao/fila/${id}`)
          .set(auth)
          .send(body as object),
    };
  };

  async function send(path: string, printerId: number, copies = '1', requestKey?: string) {
    const page = await manager.get(path);
    const key = requestKey ?? /name="pedido" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    return manager
      .post('/impressao/enviar')
      .type('form')
      .send({ _csrf: csrfOf(page.text), path, impressora: String(printerId), copias: copies, pedido: key });
  }

  it('sends the order sheet to an A4 printer: "Enviado para", the job on the sheet, and the door serves it', async () => {
    const balcao = await register('Balcão', 'a4');
    const path = `/os/${orderId}/imprimir?vias=2`;
    const before = await manager.get(path);
    expect(textOf(before.text)).toContain('Enviar para a impressora');
    expect(before.text).toContain(`<option value="${balcao.id}"`);

    const sent = await send(path, balcao.id, '2');
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(path);
    const after = textOf((await manager.get(path)).text);
    expect(after).toContain('Enviado para Balcão');
    expect(after).toMatch(/Balcão · 2 cópias · \d\d\/\d\d\/\d{4} \d\d:\d\d · na fila/);
    // What the sheet open in a browser asks until the job is printed: the same line, and that it waits.
    const state = () => manager.get(`/estado-impressao?folha=${encodeURIComponent(path)}`);
    const queued = await state();
    expect(queued.status).toBe(200);
    expect(queued.body.pending).toBe(true);
    expect(queued.body.jobs.map((j: { text: string }) => j.text)).toEqual([
      expect.stringMatching(/^Balcão · 2 cópias · [\d/: ]+ · na fila$/),
    ]);
    expect((await manager.get('/estado-impressao?folha=%2Fconfiguracoes')).status).toBe(404);
    // The notice shows once.
    expect(textOf((await manager.get(path)).text)).not.toContain('Enviado para Balcão');

    const polled = await door(balcao.key).poll();
    expect(polled.status).toBe(200);
    expect(polled.headers['set-cookie']).toBeUndefined();
    const [job] = polled.body as {
      id: string;
      url: string;
      copies: number;
      paper: string;
      created_at: string;
    }[];
    expect(job).toMatchObject({ copies: 2, paper: 'a4' });
    expect(job?.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1(:\\d+)?/impressao/fila/${job?.id}$`));
    // Taken by the print server and not reported yet: the sheet says the printer has it.
    expect(textOf((await manager.get(path)).text)).toMatch(/Balcão · 2 cópias · [\d/: ]+ · imprimindo/);

    const sheet = await door(balcao.key).sheet(String(job?.id));
    expect(sheet.status).toBe(200);
    expect(sheet.text.match(/<section class="sheet four-tickets"/g)).toHaveLength(2);
    expect(sheet.text).not.toContain('Enviar para a impressora');
    expect(sheet.headers['cache-control']).toBe('no-store');

    const printed = await door(balcao.key).report(String(job?.id), { status: 'impresso' });
    expect(printed.status).toBe(200);
    expect(printed.body).toMatchObject({ status: 'impresso' });
    const again = await door(balcao.key).report(String(job?.id), { status: 'impresso' });
    expect(again.body).toMatchObject({ status: 'impresso' });
    expect(textOf((await manager.get(path)).text)).toContain('Balcão · 2 cópias');
    expect(textOf((await manager.get(path)).text)).toMatch(/· impresso/);
    const done = await state();
    expect(done.body.pending).toBe(false);
    expect(done.body.jobs[0].text).toMatch(/ · impresso$/);
  });

  it("builds a job's url on the web's own address, never on a Host header it does not know", async () => {
    const p = await register('Endereço', 'a4');
    await send(`/os/${orderId}/entrega`, p.id);
    const polled = await door(p.key).poll().set('host', 'impressora.example:8080');
    const [job] = polled.body as { id: string; url: string }[];
    // The path alone: an agent resolves it against its own --url (decision 021).
    expect(job?.url).toBe(`/impressao/fila/${job?.id}`);
    expect((await door(p.key).report(String(job?.id), { status: 'impresso' })).status).toBe(200);
  });

  it('renders the 80 mm layout for a thermal printer, and the failure reason shows on the sheet', async () => {
    const termica = await register('Térmica', '80mm');
    for (const path of [`/os/${orderId}/imprimir`, `/os/${orderId}/entrega`, `/pedido/${partsId}/imprimir`]) {
      expect((await send(path, termica.id)).status).toBe(303);
    }
    // One job a poll, oldest first.
    const jobs: { id: string; paper: string }[] = [];
    for (let i = 0; i < 3; i++) jobs.push(...((await door(termica.key).poll()).body as typeof jobs));
    expect(jobs).toHaveLength(3);
    expect((await door(termica.key).poll()).body).toEqual([]);
    for (const job of jobs) {
      const html = (await door(termica.key).sheet(job.id)).text;
      expect(html).toContain('<section class="thermal">');
      expect(html).not.toContain('four-tickets');
    }
    const ticket = (await door(termica.key).sheet(String(jobs[0]?.id))).text;
    expect(ticket).toContain(`<p class="thermal-number">${orderNumber}</p>`);
    expect(textOf(ticket)).toContain('Via do cliente');
    // The status link's QR code, as the order page shows it.
    for (const job of jobs) {
      expect((await door(termica.key).sheet(job.id)).text).toMatch(
        /<div class="thermal-qr"><img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="QR code do acompanhamento do pedido"/,
      );
    }

    // A printer's own output may carry control characters (a terminal colour): cleaned, still reported.
    const reported = await door(termica.key).report(String(jobs[1]?.id), {
      status: 'falhou',
      motivo: 'Sem papel\u001b[0m\u0007',
    });
    expect(reported.status).toBe(200);
    expect(textOf((await manager.get(`/os/${orderId}/entrega`)).text)).toContain('falhou: Sem papel [0m');
    // The last printer used comes first on the next sheet.
    const next = await manager.get(`/pedido/${partsId}/imprimir`);
    expect(next.text).toMatch(new RegExp(`<option value="${termica.id}" selected=""`));
  });

  it('offers a thermal printer only on the sheets that have an 80 mm layout, and refuses a forged send on the printer field', async () => {
    const a4 = await register('Escritório', 'a4');
    const thermal = await register('Térmica do caixa', '80mm');
    const offered = (html: string) => [...html.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));
    const cash = await signIn(web);
    expect((await unlockCash(cash)).status).toBe(303);
    const withoutRoll = [
      `/pedido/${partsId}/etiqueta`,
      '/caixa-hoje/imprimir',
      '/caixa-periodo/imprimir?de=01%2F03%2F2026&ate=31%2F03%2F2026',
    ];
    for (const path of withoutRoll) {
      const page = await cash.get(path);
      expect(page.status, path).toBe(200);
      expect(offered(page.text), path).toContain(a4.id);
      expect(offered(page.text), path).not.toContain(thermal.id);
      expect(textOf(page.text), path).toContain('Esta folha não tem formato de 80 mm');
    }
    for (const path of [`/os/${orderId}/imprimir`, `/os/${orderId}/entrega`, `/pedido/${partsId}/imprimir`]) {
      const page = await cash.get(path);
      expect(offered(page.text), path).toEqual(expect.arrayContaining([a4.id, thermal.id]));
      expect(textOf(page.text), path).not.toContain('Esta folha não tem formato de 80 mm');
    }

    // The same form, forged to name the thermal printer: nothing is queued, the field says why.
    for (const path of withoutRoll) {
      const page = await cash.get(path);
      const sent = await cash
        .post('/impressao/enviar')
        .type('form')
        .send({
          _csrf: csrfOf(page.text),
          path,
          impressora: String(thermal.id),
          copias: '1',
          pedido: /name="pedido" value="([^"]+)"/.exec(page.text)?.[1] ?? '',
        });
      expect(sent.status, path).toBe(303);
      expect(sent.headers.location, path).toBe(path);
      const back = (await cash.get(path)).text;
      expect(
        /<p class="field-error[^"]*" id="send-impressora-error">([^<]*)<\/p>/.exec(back)?.[1],
        path,
      ).toBe('Esta folha não tem formato de 80 mm: escolha uma impressora A4');
      expect(back).toMatch(
        /<select name="impressora"[^>]*aria-invalid="true"[^>]*aria-describedby="send-impressora-error"/,
      );
      // Once: the next visit has no error.
      expect((await cash.get(path)).text).not.toContain('send-impressora-error');
    }
    expect((await door(thermal.key).poll()).body).toEqual([]);
  });

  it('the same form sent twice queues one job; bad copies or no printer say so on the sheet', async () => {
    const p = await register('Dupla', 'a4');
    const path = `/pedido/${partsId}/etiqueta`;
    const page = await manager.get(path);
    const key = /name="pedido" value="([^"]+)"/.exec(page.text)?.[1];
    await send(path, p.id, '1', key);
    await send(path, p.id, '1', key);
    expect(((await door(p.key).poll()).body as unknown[]).length).toBe(1);
    expect((await door(p.key).poll()).body).toEqual([]);

    await send(path, p.id, '21');
    expect(textOf((await manager.get(path)).text)).toContain('Cópias: de 1 a 20');
    await send(path, 999999);
    expect(textOf((await manager.get(path)).text)).toContain('Escolha uma impressora');
  });

  it("sends the day's cash report only from a browser where the cash is unlocked", async () => {
    const p = await register('Caixa', 'a4');
    const cash = await signIn(web);
    const locked = await cash.get('/caixa-hoje/imprimir');
    expect(locked.status).toBe(303);
    const page = await cash.get('/configuracoes');
    const refused = await cash
      .post('/impressao/enviar')
      .type('form')
      .send({
        _csrf: csrfOf(page.text),
        path: '/caixa-hoje/imprimir',
        impressora: String(p.id),
        copias: '1',
        pedido: 'pedido-de-caixa-trancado-0001',
      });
    expect(refused.headers.location).toBe('/caixa-hoje');
    expect((await door(p.key).poll()).body).toEqual([]);

    const opened = await unlockCash(cash);
    expect(opened.status).toBe(303);
    const sheet = await cash.get('/caixa-hoje/imprimir');
    const sent = await cash
      .post('/impressao/enviar')
      .type('form')
      .send({
        _csrf: csrfOf(sheet.text),
        path: '/caixa-hoje/imprimir',
        impressora: String(p.id),
        copias: '1',
        pedido: /name="pedido" value="([^"]+)"/.exec(sheet.text)?.[1] ?? '',
      });
    expect(sent.headers.location).toBe('/caixa-hoje/imprimir');
    const [job] = (await door(p.key).poll()).body as { id: string }[];
    expect(textOf((await door(p.key).sheet(String(job?.id))).text)).toContain('Caixa do dia');
  });

  it('answers 401 without a key or with a wrong or revoked one, 404 for another printer job', async () => {
    const a = await register('Porta A', 'a4');
    const b = await register('Porta B', 'a4');
    await send(`/os/${orderId}/entrega`, a.id);
    const [job] = (await door(a.key).poll()).body as { id: string }[];
    const id = String(job?.id);

    const none = await door(null).poll();
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Chave de dispositivo ausente ou inválida');
    expect((await door('bpk_errada').poll()).status).toBe(401);
    expect((await door(b.key).sheet(id)).status).toBe(404);
    expect((await door(b.key).report(id, { status: 'impresso' })).status).toBe(404);
    expect((await door(a.key).report(id, { status: 'printed' })).status).toBe(400);

    await api('DELETE', `/printers/${a.id}/key`);
    expect((await door(a.key).poll()).status).toBe(401);
    expect((await door(a.key).sheet(id)).status).toBe(401);
  });

  it('waits for a job sent while the print server polls (long poll)', async () => {
    const p = await register('Espera', 'a4');
    const started = Date.now();
    const waiting = door(p.key)
      .poll(10)
      .then((r) => r);
    await new Promise((r) => setTimeout(r, 800));
    await send(`/os/${orderId}/entrega`, p.id);
    const answered = await waiting;
    expect((answered.body as unknown[]).length).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a print server that hangs up mid-poll is handed nothing: a job sent after stays na fila', async () => {
    const p = await register('Desligada', 'a4');
    const path = `/os/${orderId}/entrega?desligada=1`;
    const { createServer } = await import('node:http');
    const server = createServer(web.app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as { port: number };
      // The agent asks for its next job, waiting up to 20 s, and is stopped a moment later.
      const poll = new AbortController();
      const asked = fetch(`http://127.0.0.1:${port}/impressao/fila?espera=20`, {
        headers: { authorization: `Bearer ${p.key}` },
        signal: poll.signal,
      }).catch(() => null);
      await new Promise((r) => setTimeout(r, 300));
      poll.abort();
      await asked;
      await send(path, p.id);
      // Longer than the api's step between looks (500 ms): a poll still waiting would have taken it.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(textOf((await manager.get(path)).text)).toMatch(/Desligada · 1 cópia · [\d/: ]+ · na fila/);
      // The next print server to ask gets it.
      expect(((await door(p.key).poll()).body as unknown[]).length).toBe(1);
    } finally {
      server.close();
    }
  });

  it('rate limits wrong keys from one address', async () => {
    let last = 0;
    for (let i = 0; i < 22; i++) last = (await door(`bpk_tentativa${i}`).poll()).status;
    expect(last).toBe(429);
  });

  it('hides "Enviar para a impressora" against a backend that has no print queue (SPEC §7 only)', async () => {
    const target = new URL(web.api.url);
    const relay = await listenRelay((req, res) => {
      if (/^\/(printers|print-jobs)/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ status: 'error', message: 'Rota não encontrada' }));
      }
      forwardTo(target, req, res);
    });
    const specOnly = await startTestWeb({ api: web.api, apiUrl: relay.url });
    try {
      const agent = await signIn(specOnly);
      const page = await agent.get(`/os/${orderId}/imprimir`);
      expect(page.status).toBe(200);
      expect(textOf(page.text)).not.toContain('Enviar para a impressora');
      expect(textOf(page.text)).toContain('Gerar link para a impressora');
    } finally {
      await specOnly.stop();
      await relay.stop();
    }
  });

  it('writes neither device keys nor job URLs to the request log', async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = createWebApp({ ...web.deps, log: pino({ level: 'info' }, sink) }, web.sessionStore);
    const p = await register('Log', 'a4');
    await send(`/os/${orderId}/entrega`, p.id);
    const [job] = (
      await supertest(logged).get('/impressao/fila?espera=0').set('authorization', `Bearer ${p.key}`)
    ).body as { id: string }[];
    await supertest(logged).get(`/impressao/fila/${job?.id}`).set('authorization', `Bearer ${p.key}`);
    await supertest(logged)
      .post(`/impressao/fila/${job?.id}`)
      .set('authorization', `Bearer ${p.key}`)
      .send({ status: 'impresso' });
    const all = lines.join('');
    expect(all).toContain('/impressao/fila/[oculto]');
    expect(all).not.toContain(p.key);
    expect(all).not.toContain(String(job?.id));
  });
});
