/**
 * PostgreSQL stalls in the middle of "Finalizar e Enviar para o caixa" (and of a cancel, and of an upfront
 * payment, whose retry must not write it twice): the commit
 * reaches the database, its answer never comes back. The person is sent back to the form with the typing
 * kept and a notice that the server did not answer in time, although the action went through; when they
 * try again, the retry shows the order as it is now with a message
 * saying it was already done — never the form's failure text that blames the values typed — and nothing
 * is booked twice. The stall is a TCP proxy of our own in front of the machine's PostgreSQL that lets the
 * COMMIT through and then drops every packet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLED_TEXT } from '../../server/settled-orders.ts';
import { TEXT as SIGN_IN_TEXT } from '../../server/sign-in-again.ts';
import { hiddenFields } from '../ops/support.ts';
import { MANAGER } from '../support/api.ts';
import { type Agent, signIn, toastsOf } from '../support/web.ts';
import { call, stackBehindPostgresProxy, type TcpProxy, waitFor } from './support.ts';

const BLAME = /Cheque os valores|Cheque os dados|Cheque suas credenciais/;

describe.runIf(process.env.DATABASE_URL)(
  'a retry of a close or cancel that went through during a stall',
  () => {
    let stack: Awaited<ReturnType<typeof stackBehindPostgresProxy>>;
    let proxy: TcpProxy;
    let api: (typeof stack)['api'];
    let agent: Agent;
    let token: string;
    let clientId: number;

    beforeAll(async () => {
      stack = await stackBehindPostgresProxy(1_500);
      ({ proxy, api } = stack);
      agent = await signIn(stack.web);
      token = ((await call(api.url, 'POST', '/sessions', { body: MANAGER })).json as { token: string }).token;
      const created = await call(api.url, 'POST', '/clients', {
        token,
        body: { name: 'Cliente da Rede Parada' },
      });
      clientId = (created.json as { id: number }).id;
    }, 120_000);
    afterAll(async () => {
      await stack?.stop();
    });

    /** A normal O.S. ready for the cash (final value and payment method, as an edit sets them). */
    async function serviceOrder(): Promise<number> {
      const res = await call(api.url, 'POST', '/service-orders/normal', {
        token,
        body: { client_id: clientId, product_name: 'Televisor' },
      });
      const id = (res.json as { id: number }).id;
      await api.deps.db
        .updateTable('service_orders')
        .set({ fix_value_final_cents: 35_000, fix_payment_method: 'Pix' })
        .where('id', '=', id)
        .execute();
      return id;
    }

    /** A parts order ready for the cash. */
    async function partsOrder(): Promise<number> {
      const res = await call(api.url, 'POST', '/orders', {
        token,
        body: {
          client_id: clientId,
          piece_name: 'Tela',
          piece_code: null,
          piece_value: 120,
          product_model: null,
        },
      });
      const id = (res.json as { id: number }).id;
      await api.deps.db.updateTable('orders').set({ payment_method: 'Pix' }).where('id', '=', id).execute();
      return id;
    }

    const entriesOf = async (column: 'service_order_id' | 'order_id', id: number) =>
      (
        await api.deps.db
          .selectFrom('transactions')
          .select('type')
          .where(column, '=', id)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((r) => Number(r.type));

    type Case = {
      name: string;
      make: () => Promise<number>;
      detail: (id: number) => string;
      dialog: string;
      action: (id: number) => string;
      fields: Record<string, string>;
      column: 'service_order_id' | 'order_id';
      /** The one entry the action writes (SPEC §6 types) and the status it leaves. */
      entry: number;
      status: string;
      toast: string;
    };

    const cases: Case[] = [
      {
        name: 'O.S.: Finalizar e Enviar para o caixa',
        make: serviceOrder,
        detail: (id) => `/os/${id}`,
        dialog: 'finalizar',
        action: (id) => `/os/${id}/finalizar`,
        fields: {},
        column: 'service_order_id',
        entry: 102,
        status: 'Finalizada',
        toast: SETTLED_TEXT.serviceOrder.closed,
      },
      {
        name: 'O.S.: Cancelar',
        make: serviceOrder,
        detail: (id) => `/os/${id}`,
        dialog: 'cancelar-os',
        action: (id) => `/os/${id}/cancelar`,
        fields: { cancel_motive: 'Cliente desistiu do conserto' },
        column: 'service_order_id',
        entry: 301,
        status: 'Cancelada',
        toast: SETTLED_TEXT.serviceOrder.cancelled,
      },
      {
        // A create, not a state change: the form's key makes the retry find the payment already made.
        name: 'O.S.: Pagamento antecipado',
        make: serviceOrder,
        detail: (id) => `/os/${id}`,
        dialog: 'pagamento-antecipado',
        action: (id) => `/os/${id}/pagamento-antecipado`,
        fields: { description: 'Sinal', value: '50,00', payment_method: 'Pix' },
        column: 'service_order_id',
        entry: 101,
        status: 'Pendente de Orçamento',
        toast: 'Pagamento antecipado enviado ao caixa!',
      },
      {
        name: 'Pedido: Enviar para o caixa',
        make: partsOrder,
        detail: (id) => `/pedido/${id}`,
        dialog: 'finalizar',
        action: (id) => `/pedido/${id}/enviar-caixa`,
        fields: {},
        column: 'order_id',
        entry: 104,
        status: 'Finalizado',
        toast: SETTLED_TEXT.partsOrder.closed,
      },
      {
        name: 'Pedido: Cancelar',
        make: partsOrder,
        detail: (id) => `/pedido/${id}`,
        dialog: 'cancelar-pedido',
        action: (id) => `/pedido/${id}/cancelar`,
        fields: {
          cancel_motive: 'Peça fora de linha',
          confirm_username: MANAGER.username,
          confirm_password: MANAGER.password,
        },
        column: 'order_id',
        entry: 302,
        status: 'Cancelado',
        toast: SETTLED_TEXT.partsOrder.cancelled,
      },
    ];

    for (const c of cases) {
      it(`${c.name}: the typing kept with 'não respondeu a tempo', then the retry shows it done, booked once`, async () => {
        const id = await c.make();
        const page = await agent.get(`${c.detail(id)}?dialogo=${c.dialog}`);
        expect(page.status).toBe(200);
        const form = { ...hiddenFields(page.text, c.action(id)), ...c.fields };

        // The action's own entry, then its COMMIT, reach PostgreSQL; the answer does not come back.
        let first: Awaited<ReturnType<Agent['get']>> | undefined;
        const stalled = proxy.stallAfter('insert into "transactions"', 'commit\u0000');
        try {
          first = await agent.post(c.action(id)).type('form').send(form);
          await stalled;
        } finally {
          proxy.resume();
        }
        expect(first?.status).toBe(303);
        const kept = String(first?.headers.location);
        expect(kept.startsWith(`${c.detail(id)}?`) && kept.includes('rascunho=')).toBe(true);
        await waitFor(async () => (await agent.get(c.detail(id))).status === 200, 15_000, 'the page back');
        expect(await entriesOf(c.column, id), 'the commit went through').toEqual([c.entry]);
        const notice = await agent.get(kept);
        expect(toastsOf(notice.text)).toEqual([SIGN_IN_TEXT.outage]);
        expect(notice.text).not.toMatch(BLAME);

        // The person sends the same form again.
        const retry = await agent.post(c.action(id)).type('form').send(form);
        expect(retry.text).not.toMatch(BLAME);
        expect(retry.status).toBe(303);
        expect(retry.headers.location).toBe(c.detail(id));
        const shown = await agent.get(c.detail(id));
        expect(toastsOf(shown.text)).toEqual([c.toast]);
        expect(shown.text).toContain(`>${c.status}</span>`);
        expect(shown.text).not.toMatch(BLAME);
        expect(await entriesOf(c.column, id), 'nothing booked twice').toEqual([c.entry]);
      }, 60_000);
    }
  },
);
