/**
 * Print servers and the print queue: managers register printers and their device keys (shown once,
 * kept as a hash); a key opens only its own printer's queue; jobs expire when not taken; the queue
 * waits for a job (long poll) and a report is written once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DB_TARGETS, type TestApi } from '../support/api.ts';
import { type Session, startApiWithStaff } from '../support/api-staff.ts';

type Reply = { status: number; body: Record<string, unknown> | null };
type Job = { id: string; status: string; reason: string | null; copies: number; paper: string };

describe.each(DB_TARGETS)('printers and the print queue on %s', (kind) => {
  let api: TestApi;
  let manager: Session;
  let employee: Session;

  beforeAll(async () => {
    ({ api, manager, employee } = await startApiWithStaff(kind, 'balcao', 'senha-do-balcao'));
  });
  afterAll(async () => {
    await api.stop();
  });

  const send = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string | null, body?: unknown) =>
    apiCall(api, method, path, token, body) as Promise<Reply>;

  let names = 0;
  async function register(paper: 'a4' | '80mm' = 'a4') {
    const reply = await send('POST', '/printers', manager.token, { name: `Balcão ${++names}`, paper });
    expect(reply.status).toBe(201);
    const body = reply.body as { printer: { id: number }; key: string };
    return { id: body.printer.id, key: body.key };
  }

  async function queue(printerId: number, token = employee.token, extra: Record<string, unknown> = {}) {
    const reply = await send('POST', `/printers/${printerId}/jobs`, token, {
      request_key: randomUUID(),
      sheet_path: '/os/1/imprimir',
      title: 'O.S. M1',
      html: '<!doctype html><p>O.S. M1</p>',
      copies: 2,
      ...extra,
    });
    return reply;
  }

  const poll = (key: string | null, wait = 0) => send('GET', `/print-queue?wait=${wait}`, key);

  it('registers a printer: the key is shown once and kept only as its SHA-256', async () => {
    const reply = await send('POST', '/printers', manager.token, {
      name: 'Bancada técnica',
      paper: '80mm',
      note: 'Térmica perto da bancada',
    });
    expect(reply.status).toBe(201);
    const { printer, key } = reply.body as { printer: Record<string, unknown>; key: string };
    expect(key).toMatch(/^bpk_[A-Za-z0-9_-]{43}$/);
    expect(printer).toMatchObject({
      name: 'Bancada técnica',
      paper: '80mm',
      has_key: true,
      last_seen_at: null,
    });
    expect(JSON.stringify(printer)).not.toContain(key);

    const row = await api.deps.db
      .selectFrom('printers')
      .selectAll()
      .where('id', '=', Number(printer.id))
      .executeTakeFirstOrThrow();
    expect(row.key_hash).not.toContain(key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await send('GET', '/printers', employee.token);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(JSON.stringify(listed.body)).not.toContain(String(row.key_hash));
  });

  it('only managers register printers and change keys; bad input answers each field', async () => {
    expect((await send('POST', '/printers', employee.token, { name: 'X', paper: 'a4' })).status).toBe(403);
    const bad = await send('POST', '/printers', manager.token, { name: ' ', paper: 'a5' });
    expect(bad.status).toBe(400);
    expect(bad.body?.issues).toMatchObject({
      name: 'Nome obrigatório',
      paper: 'Papel inválido (a4 ou 80mm)',
    });
    const { id } = await register();
    expect((await send('POST', `/printers/${id}/key`, employee.token)).status).toBe(403);
    expect((await send('DELETE', `/printers/${id}/key`, employee.token)).status).toBe(403);
    expect((await send('POST', '/printers/999999/key', manager.token)).status).toBe(404);
  });

  it('a wrong, missing or revoked key answers 401; a new key replaces the old one', async () => {
    const { id, key } = await register();
    expect((await poll(null)).status).toBe(401);
    expect((await poll('bpk_nao-e-uma-chave')).status).toBe(401);
    expect((await poll(manager.token)).status).toBe(401);
    expect((await poll(key)).status).toBe(200);

    const renewed = await send('POST', `/printers/${id}/key`, manager.token);
    const newKey = (renewed.body as { key: string }).key;
    expect((await poll(key)).status).toBe(401);
    expect((await poll(newKey)).status).toBe(200);

    const revoked = await send('DELETE', `/printers/${id}/key`, manager.token);
    expect(revoked.body).toMatchObject({ has_key: false });
    expect((await poll(newKey)).status).toBe(401);
    // Nor can a job be sent to a printer without a key.
    expect((await queue(id)).status).toBe(400);
  });

  it('a device key opens only its printer queue, and nothing else of the api', async () => {
    const a = await register();
    const b = await register();
    const sent = await queue(a.id);
    expect(sent.status).toBe(201);
    const jobId = String(sent.body?.id);

    expect((await poll(b.key)).body).toEqual([]);
    expect((await send('GET', `/print-queue/${jobId}/sheet`, b.key)).status).toBe(404);
    expect((await send('POST', `/print-queue/${jobId}`, b.key, { status: 'printed' })).status).toBe(404);
    for (const path of ['/clients', '/printers', '/print-jobs?sheet=/os/1/imprimir', '/profile/me']) {
      expect((await send('GET', path, a.key)).status).toBe(401);
    }

    const taken = (await poll(a.key)).body as unknown as Job[];
    expect(taken.map((j) => j.id)).toEqual([jobId]);
    expect(taken[0]).toMatchObject({ copies: 2, paper: 'a4' });
    const sheet = await send('GET', `/print-queue/${jobId}/sheet`, a.key);
    expect(sheet).toEqual({ status: 200, body: { html: '<!doctype html><p>O.S. M1</p>' } });
    const seen = await send('GET', '/printers', employee.token);
    const row = (seen.body as unknown as { id: number; last_seen_at: string | null }[]).find(
      (p) => p.id === a.id,
    );
    expect(row?.last_seen_at).not.toBeNull();
  });

  it('hands jobs out one a poll, oldest first, each once; the same form sent twice queues one job', async () => {
    const { id, key } = await register();
    const requestKey = randomUUID();
    const first = await queue(id, employee.token, { request_key: requestKey, title: 'primeiro' });
    const again = await queue(id, employee.token, { request_key: requestKey, title: 'primeiro' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body?.id).toBe(first.body?.id);
    // Another person cannot take over someone else's form value.
    expect((await queue(id, manager.token, { request_key: requestKey })).status).toBe(409);
    const second = await queue(id, employee.token, { title: 'segundo' });

    // One a poll: the next one's lease does not run while the print server prints this one.
    const titles = async () =>
      ((await poll(key)).body as unknown as (Job & { title: string })[]).map((j) => j.title);
    expect(await titles()).toEqual(['primeiro']);
    const taken = (await poll(key)).body as unknown as Job[];
    expect(taken.map((j) => j.id)).toEqual([second.body?.id]);
    expect(await titles()).toEqual([]);
  });

  it('waits for a job that arrives during the poll (long poll), and gives up after the wait', async () => {
    const { id, key } = await register();
    const started = Date.now();
    const empty = await poll(key, 1);
    expect(empty.body).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    const waiting = poll(key, 10);
    await new Promise((r) => setTimeout(r, 700));
    const sent = await queue(id);
    const answered = await waiting;
    const elapsed = Date.now() - started;
    expect((answered.body as unknown as Job[]).map((j) => j.id)).toEqual([sent.body?.id]);
    expect(elapsed).toBeLessThan(1000 + 700 + 3000);
    expect((await send('GET', '/print-queue?wait=26', key)).status).toBe(400);
  });

  it('a job not taken in time expires and says so; a report on it is refused', async () => {
    const { id, key } = await register();
    const sent = await queue(id, employee.token, { sheet_path: '/pedido/7/imprimir' });
    const jobId = String(sent.body?.id);
    await api.deps.db
      .updateTable('print_jobs')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('id', '=', jobId)
      .execute();
    expect((await poll(key)).body).toEqual([]);
    const jobs = await send('GET', '/print-jobs?sheet=/pedido/7/imprimir', employee.token);
    expect(jobs.body).toMatchObject([{ id: jobId, status: 'expired' }]);
    const late = await send('POST', `/print-queue/${jobId}`, key, { status: 'printed' });
    expect(late.status).toBe(409);
    expect(late.body?.message).toBe('Este trabalho expirou');
  });

  it('a job taken before it expires can still be reported after', async () => {
    const { id, key } = await register();
    const jobId = String((await queue(id)).body?.id);
    expect(((await poll(key)).body as unknown as Job[]).map((j) => j.id)).toEqual([jobId]);
    await api.deps.db
      .updateTable('print_jobs')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('id', '=', jobId)
      .execute();
    expect((await send('POST', `/print-queue/${jobId}`, key, { status: 'printed' })).body).toMatchObject({
      status: 'printed',
    });
  });

  it("a job printed after its lease and its expiry is recorded as printed; a late 'failed' is not", async () => {
    const { id, key } = await register();
    const late = async (sheet: string) => {
      const jobId = String((await queue(id, employee.token, { sheet_path: sheet })).body?.id);
      expect(((await poll(key)).body as unknown as Job[]).map((j) => j.id)).toEqual([jobId]);
      // The print server took it, and printing took longer than the lease, past the job's expiry.
      await api.deps.db
        .updateTable('print_jobs')
        .set({ taken_at: sql`now() - interval '3 minutes'`, expires_at: sql`now() - interval '1 second'` })
        .where('id', '=', jobId)
        .execute();
      expect((await send('GET', `/print-jobs?sheet=${sheet}`, employee.token)).body).toMatchObject([
        { id: jobId, status: 'expired' },
      ]);
      return jobId;
    };
    const printed = await late('/os/11/imprimir');
    const reply = await send('POST', `/print-queue/${printed}`, key, { status: 'printed' });
    expect(reply).toMatchObject({ status: 200, body: { id: printed, status: 'printed' } });
    expect((await send('GET', '/print-jobs?sheet=/os/11/imprimir', employee.token)).body).toMatchObject([
      { id: printed, status: 'printed', reason: null },
    ]);
    expect((await send('POST', `/print-queue/${printed}`, key, { status: 'printed' })).status).toBe(200);

    const failed = await late('/os/12/imprimir');
    const refused = await send('POST', `/print-queue/${failed}`, key, {
      status: 'failed',
      reason: 'Sem papel',
    });
    expect(refused.status).toBe(409);
    expect(refused.body?.message).toBe('Este trabalho expirou');
  });

  it('a report is written once: the same report again answers the same, another is refused', async () => {
    const { id, key } = await register();
    const jobId = String((await queue(id, employee.token, { sheet_path: '/pedido/9/etiqueta' })).body?.id);
    await poll(key);
    const bad = await send('POST', `/print-queue/${jobId}`, key, { status: 'impresso' });
    expect(bad.status).toBe(400);
    const failed = await send('POST', `/print-queue/${jobId}`, key, {
      status: 'failed',
      reason: 'Sem papel',
    });
    expect(failed.body).toMatchObject({ id: jobId, status: 'failed', reason: 'Sem papel' });
    const again = await send('POST', `/print-queue/${jobId}`, key, { status: 'failed', reason: 'Sem papel' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'failed', reason: 'Sem papel' });
    const other = await send('POST', `/print-queue/${jobId}`, key, { status: 'printed' });
    expect(other.status).toBe(409);

    const listed = await send('GET', '/print-jobs?sheet=/pedido/9/etiqueta', employee.token);
    expect(listed.body).toMatchObject([{ id: jobId, status: 'failed', reason: 'Sem papel', copies: 2 }]);
    expect(JSON.stringify(listed.body)).not.toContain('<p>');
    expect((await send('POST', '/print-queue/not-a-uuid', key, { status: 'printed' })).status).toBe(404);
  });

  it('a job handed out and never reported comes back after its lease', async () => {
    const { id, key } = await register();
    const jobId = String((await queue(id)).body?.id);
    await poll(key);
    expect((await poll(key)).body).toEqual([]);
    await api.deps.db
      .updateTable('print_jobs')
      .set({ taken_at: sql`now() - interval '3 minutes'` })
      .where('id', '=', jobId)
      .execute();
    expect(((await poll(key)).body as unknown as Job[]).map((j) => j.id)).toEqual([jobId]);
  });

  it("a sheet's job reads as printing while a print server has it in hand, and not once reported", async () => {
    const { id, key } = await register();
    const sheet = '/os/21/imprimir';
    const jobId = String((await queue(id, employee.token, { sheet_path: sheet })).body?.id);
    const listed = async () => (await send('GET', `/print-jobs?sheet=${sheet}`, employee.token)).body;
    expect(await listed()).toMatchObject([{ id: jobId, status: 'queued', printing: false }]);
    await poll(key);
    expect(await listed()).toMatchObject([{ id: jobId, status: 'queued', printing: true }]);
    // Its lease ran out (the agent died): back in the queue, no longer printing.
    await api.deps.db
      .updateTable('print_jobs')
      .set({ taken_at: sql`now() - interval '3 minutes'` })
      .where('id', '=', jobId)
      .execute();
    expect(await listed()).toMatchObject([{ id: jobId, status: 'queued', printing: false }]);
    await poll(key);
    await send('POST', `/print-queue/${jobId}`, key, { status: 'printed' });
    expect(await listed()).toMatchObject([{ id: jobId, status: 'printed', printing: false }]);
  });
});
