/** Configurações › Atendimento ao cliente (decision 020): managers only, checked fields, saved for real. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import {
  type Agent,
  csrfOf,
  decodeEntities,
  fieldErrorOf,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

describe('client-side settings (web client-side-settings router)', () => {
  let web: TestWeb;

  beforeAll(async () => {
    web = await startTestWeb();
  }, 60_000);
  afterAll(() => web?.stop());

  /** Atendimento ao cliente posted as the page's form, with its CSRF token and these fields. */
  async function postSettings(agent: Agent, fields: Record<string, string>) {
    const page = await agent.get('/configuracoes/atendimento');
    return agent
      .post('/configuracoes/atendimento')
      .type('form')
      .send({ _csrf: csrfOf(page.text), ...fields });
  }

  it('a manager finds it from Configurações, sees the defaults and saves new values', async () => {
    const manager = await signIn(web);
    expect((await manager.get('/configuracoes')).text).toContain('href="/configuracoes/atendimento"');
    const page = await manager.get('/configuracoes/atendimento');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/name="warranty_days"[^>]*value="90"/);
    const res = await postSettings(manager, {
      warranty_days: '120',
      limite_normal_100: '5',
      limite_normal_102: '',
      modelo_orcamento_pronto: 'Oi {cliente}, orçamento {valor}: {link}',
      modelo_pronto_para_retirada: 'Pronto: {link}',
      modelo_sem_conserto: 'Sem conserto: {link}',
      modelo_peca_chegou: 'Chegou {aparelho}: {link}',
      modelo_andamento: 'Andamento {numero}: {link}',
    });
    expect(res.status).toBe(303);
    const after = await manager.get('/configuracoes/atendimento');
    expect(toastsOf(after.text)).toContain('Configurações salvas com sucesso!');
    const token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    const stored = (
      await apiCall<{
        warranty_days: number;
        ageing_limits: { normal: Record<string, number> };
        whatsapp_templates: Record<string, string>;
      }>(web.api, 'GET', '/shop-settings', token)
    ).body;
    expect(stored.warranty_days).toBe(120);
    expect(stored.ageing_limits.normal['100']).toBe(5);
    expect(stored.whatsapp_templates.orcamento_pronto).toBe('Oi {cliente}, orçamento {valor}: {link}');
  });

  it('refuses unknown placeholders and bad days under their fields, keeping what was typed', async () => {
    const manager = await signIn(web);
    const res = await postSettings(manager, {
      warranty_days: 'noventa',
      limite_normal_100: '0',
      modelo_orcamento_pronto: 'Oi {cliente}, seu CPF {cpf}',
      modelo_pronto_para_retirada: 'x',
      modelo_sem_conserto: 'x',
      modelo_peca_chegou: 'x',
      modelo_andamento: 'x',
    });
    // Post/redirect/get: the refusal is a GET of the page with the typing and the errors.
    expect(res.status).toBe(303);
    const shown = await manager.get(res.headers.location ?? '/');
    expect(shown.status).toBe(200);
    expect(fieldErrorOf(shown.text, 'f-warranty_days')).toBe('Digite um número de dias de 0 a 3650');
    expect(fieldErrorOf(shown.text, 'f-limite_normal_100')).toBe(
      'Digite um número de dias de 1 a 3650, ou deixe em branco',
    );
    expect(fieldErrorOf(shown.text, 'f-modelo_orcamento_pronto')).toMatch(/^Campo desconhecido: \{cpf\}\./);
    expect(decodeEntities(shown.text)).toContain('Oi {cliente}, seu CPF {cpf}');
    // Said at the top as well: the template's field may be far down the page.
    expect(toastsOf(shown.text)).toEqual(['Ocorreu um erro ao salvar as configurações. Cheque os dados.']);
  });

  it('an employee can neither see the link nor open the page', async () => {
    const staff = await createEmployee(web.api, 'balcao', 'senha-do-balcao');
    const employee = await signIn(web, staff.username, staff.password);
    expect((await employee.get('/configuracoes')).text).not.toContain('/configuracoes/atendimento');
    const refused = await employee.get('/configuracoes/atendimento');
    expect(refused.status).toBe(403);
    // The same words as every other manager-only page (Usuários, Impressoras, Painel).
    expect(refused.text).toContain('Acesso restrito a gerentes.');
  });

  it('the lists keep the limits a few seconds, and read them anew right after a save here', async () => {
    const manager = await signIn(web);
    const token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    const owner = (
      await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, { name: 'Cliente Prazo' })
    ).body;
    const order = (
      await apiCall<{ id: number; number: string }>(web.api, 'POST', '/service-orders/normal', token, {
        client_id: owner.id,
        product_name: 'Rádio de prazo',
      })
    ).body;
    await sql`UPDATE service_orders SET status = 100, status_changed_at = now() - make_interval(days => 4) WHERE id = ${order.id}`.execute(
      web.api.deps.db,
    );
    const rowOf = async () => {
      const html = (await manager.get('/listar-os-normal?status=100')).text.replace(/<!-- -->/g, '');
      return new RegExp(`<tr[^>]*><td>${order.number}</td>.*?</tr>`).exec(html)?.[0] ?? '';
    };
    const save = async (limit: string) => {
      const res = await postSettings(manager, {
        warranty_days: '90',
        limite_normal_100: limit,
        modelo_orcamento_pronto: 'Orçamento {valor}: {link}',
        modelo_pronto_para_retirada: 'Pronto: {link}',
        modelo_sem_conserto: 'Sem conserto: {link}',
        modelo_peca_chegou: 'Chegou {aparelho}: {link}',
        modelo_andamento: 'Andamento {numero}: {link}',
      });
      expect(res.status).toBe(303);
    };
    await save('3');
    expect(await rowOf()).toContain('há 4 dias<strong class="late-mark"> · acima de 3 dias</strong>');

    // Changed behind this web's back (another web instance): the kept limit still speaks for a moment.
    await apiCall(web.api, 'PUT', '/shop-settings', token, { ageing_limits: { normal: { '100': 10 } } });
    expect(await rowOf()).toContain('acima de 3 dias');

    // Saved through this web: the very next list has it.
    await save('2');
    expect(await rowOf()).toContain('há 4 dias<strong class="late-mark"> · acima de 2 dias</strong>');
    await save('5');
    const row = await rowOf();
    expect(row).toContain('<td>há 4 dias</td>');
    expect(row).not.toContain('late');
  });
});
