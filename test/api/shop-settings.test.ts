/** The shop's settings for the client-side features (decision 020): defaults, manager-only, checked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AGEING_LIMITS, DEFAULT_TEMPLATES } from '../../domain/client-view.ts';
import { DB_TARGETS, type TestApi } from '../support/api.ts';
import { type Session, senderTo, startApiWithStaff } from '../support/api-staff.ts';

describe.each(DB_TARGETS)('shop settings on %s', (kind) => {
  let api: TestApi;
  let manager: Session;
  let employee: Session;
  const send = senderTo(() => api);

  beforeAll(async () => {
    ({ api, manager, employee } = await startApiWithStaff(kind, 'caixa', 'senha-do-caixa'));
  }, 60_000);
  afterAll(() => api?.stop());

  it('reads the defaults before anyone sets them', async () => {
    const reply = await send('GET', '/shop-settings', employee.token);
    expect(reply).toEqual({
      status: 200,
      body: {
        warranty_days: 90,
        ageing_limits: DEFAULT_AGEING_LIMITS,
        whatsapp_templates: DEFAULT_TEMPLATES,
      },
    });
  });

  it('only a manager writes; an employee gets 403 and nothing changes', async () => {
    const refused = await send('PUT', '/shop-settings', employee.token, { warranty_days: 10 });
    expect(refused.status).toBe(403);
    expect(
      ((await send('GET', '/shop-settings', employee.token)).body as { warranty_days: number }).warranty_days,
    ).toBe(90);
  });

  it('refuses unknown placeholders and bad days, naming the field', async () => {
    const reply = await send('PUT', '/shop-settings', manager.token, {
      warranty_days: -1,
      ageing_limits: { normal: { '100': 0 } },
      whatsapp_templates: { andamento: 'Oi {cliente}, {senha} e {cpf}' },
    });
    expect(reply.status).toBe(400);
    const issues = (reply.body as { issues: Record<string, string> }).issues;
    expect(issues.warranty_days).toBe('Garantia deve ser de 0 a 3650 dias');
    expect(issues['ageing_limits.normal.100']).toBe('Dias inválidos');
    expect(issues['whatsapp_templates.andamento']).toMatch(/^Campo desconhecido: \{senha\}, \{cpf\}/);
  });

  it('saves parts, keeps the rest, and audits the change', async () => {
    const reply = await send('PUT', '/shop-settings', manager.token, {
      ageing_limits: { normal: { '100': 5 } },
      whatsapp_templates: { andamento: 'Oi {cliente}: {link}' },
    });
    expect(reply.status).toBe(200);
    const body = reply.body as {
      ageing_limits: { normal: Record<string, number> };
      whatsapp_templates: Record<string, string>;
    };
    expect(body.ageing_limits.normal['100']).toBe(5);
    expect(body.ageing_limits.normal['102']).toBe(7);
    expect(body.whatsapp_templates.andamento).toBe('Oi {cliente}: {link}');
    expect(body.whatsapp_templates.peca_chegou).toBe(DEFAULT_TEMPLATES.peca_chegou);
    const audit = await api.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'shop_settings')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
