/**
 * Parts orders on the web (SPEC §2 Open parts order, Parts order detail, Edit parts order; §4 terminal
 * statuses; §5 Open/Edit/Cancel parts order, Upfront payment, Delete dialogs; §8 Parts orders): every
 * screen and action against the real api running in-process. Data is created through the api itself.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartsOrder, paymentMethodOf } from '../../contract/parts-orders.ts';
import { todayInShop } from '../../domain/dates.ts';
import { SETTLED_TEXT } from '../../server/settled-orders.ts';
import { CLOSE_CHANGED_TEXT } from '../../views/components/CloseConfirmDialog.tsx';
import { ViewContextReact } from '../../views/context.ts';
import { PartsOrderDetail } from '../../views/pages/PartsOrderDetail.tsx';
import { apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import {
  type Agent,
  closeDialogOf,
  csrfOf,
  decodeEntities,
  fieldErrorOf,
  postForm,
  refusedPage,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

const T = {
  methodOffList: 'Selecione uma forma de pagamento da lista',
  created: 'Pedido cadastrado com sucesso!',
  createFailed: 'Ocorreu um erro ao criar o pedido. Cheque os dados.',
  edited: 'Pedido Editado com sucesso!',
  editFailed: 'Ocorreu um erro ao editar o pedido. Cheque suas credenciais.',
  deleted: 'Pedido deletado com sucesso!',
  deleteFailed: 'Erro ao excluir Pedido',
  cancelled: 'Pedido cancelado com sucesso!',
  cancelFailed: 'Erro ao cancelar Pedido',
  closed: 'Pedido enviado ao caixa com sucesso!',
  closeFailed:
    'Erro ao enviar pedido para o caixa. Cheque os valores digitados. Para enviar um pedido ao caixa, ele deve conter: Valor e Forma de Pagamento',
  upfront: 'Pagamento antecipado enviado ao caixa com sucesso!',
  upfrontFailed: 'Erro ao criar pagamento antecipado. Cheque os valores digitados.',
  notManager: 'Digite uma credencial de gerente válida',
  notFound: 'Nenhum pedido encontrado',
};

const dialogOpen = (id: string) => new RegExp(`<dialog\\b[^>]*\\bid="${id}"[^>]*\\sopen(?:=""|\\s|>)`);
const dialogClosed = (id: string) => new RegExp(`<dialog\\b(?![^>]*\\sopen(?:=""|\\s|>))[^>]*\\bid="${id}"`);

/** The text of a <dd> under its <dt> label in a details list. */
function detailOf(html: string, label: string): string | undefined {
  const match = new RegExp(`<dt>${label}</dt><dd>(.*?)</dd>`).exec(html);
  if (match?.[1] === undefined) return undefined;
  // Currency formats put a no-break space after R$: read it as a plain space.
  return decodeEntities(match[1].replace(/<[^>]+>/g, '')).replace(/\s/g, ' ');
}

/** The value an input is pre-filled with. */
function inputValueOf(html: string, name: string): string | undefined {
  const tag = [...html.matchAll(/<input\b[^>]*>/g)]
    .map((m) => m[0])
    .find((t) => t.includes(`name="${name}"`));
  const value = tag ? /value="([^"]*)"/.exec(tag)?.[1] : undefined;
  return value === undefined ? undefined : decodeEntities(value);
}

/** The selected option of a select. */
function selectedOf(html: string, name: string): string | undefined {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`, 's').exec(html)?.[1] ?? '';
  return /<option value="([^"]*)" selected=""/.exec(select)?.[1];
}

function optionsOf(html: string, name: string): string[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`, 's').exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)]
    .filter((m) => m[1] !== '')
    .map((m) => decodeEntities(m[2] ?? ''));
}

describe('parts orders (web parts-orders router)', () => {
  let web: TestWeb;
  let manager: Agent;
  let token: string;
  let employee: { username: string; password: string };
  let seq = 0;

  async function api<T = unknown>(method: string, path: string, body?: unknown) {
    const res = await fetch(`${web.api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async function newClient(fields: Record<string, string> = {}) {
    seq += 1;
    const res = await api<{ id: number }>('POST', '/clients', {
      name: `Cliente Pedido ${seq}`,
      phone1: '(11) 98888-7777',
      ...fields,
    });
    if (res.status !== 201) throw new Error(`client: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  }

  async function newOrder(fields: Record<string, unknown> = {}) {
    const clientId = await newClient();
    const res = await api<{ id: number; number: string }>('POST', '/orders', {
      client_id: clientId,
      piece_name: 'Tela LCD',
      piece_code: 'TL-42',
      piece_value: null,
      product_model: 'Moto G8',
      ...fields,
    });
    if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.id, number: res.body.number, clientId };
  }

  async function readOrder(id: number | string) {
    return (await api<PartsOrder>('GET', `/orders/${id}`)).body;
  }

  /** An order with what closing needs: a value and a payment method. */
  async function readyOrder(value = 300) {
    const order = await newOrder({ piece_value: value });
    const put = await api('PUT', `/orders/${order.id}`, {
      status: 100,
      piece_name: 'Tela LCD',
      piece_code: 'TL-42',
      product_model: 'Moto G8',
      piece_value: value,
      payment_method: 'Pix',
      manufacturer_date: '',
      manufacturer_code: null,
    });
    if (put.status !== 200) throw new Error(`put: ${put.status} ${JSON.stringify(put.body)}`);
    return order;
  }

  async function toastsAfter(res: { status: number; headers: Record<string, string> }, location?: string) {
    expect(res.status).toBe(303);
    if (location) expect(res.headers.location).toBe(location);
    return toastsOf((await manager.get(res.headers.location ?? '/')).text);
  }

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    employee = await createEmployee(web.api, 'func-pedidos', 'senha-func-pedidos');
    manager = await signIn(web);
    const probe = await fetch(`${web.api.url}/orders/1`, { headers: { authorization: `Bearer ${token}` } });
    if (probe.status === 404 && (await probe.text()).includes('Cannot GET')) {
      throw new Error('the api has no /orders endpoints yet');
    }
  });
  afterAll(async () => {
    await web?.stop();
  });

  describe('Abrir Pedido', () => {
    it('searches clients; the empty text only after a search; Selecionar shows the client and the form', async () => {
      const clientId = await newClient({ name: 'Joana Pedidos Azul', cpf: '529.982.247-25' });
      const first = await manager.get('/abrir-pedido');
      expect(first.status).toBe(200);
      expect(first.text).toContain('<h1>Abrir Pedido</h1>');
      expect(first.text).not.toContain('Nenhum cliente encontrado');
      expect(first.text).not.toContain('name="piece_name"');

      const none = await manager.get('/abrir-pedido?busca=ninguem-com-esse-nome');
      expect(none.text).toContain('Nenhum cliente encontrado');

      const empty = await manager.get('/abrir-pedido?busca=');
      expect(fieldErrorOf(empty.text, 'f-busca')).toBe('Digite algo para buscar');

      for (const busca of ['Joana Pedidos', '52998224725']) {
        const found = await manager.get(`/abrir-pedido?busca=${encodeURIComponent(busca)}`);
        expect(found.text).toContain('Joana Pedidos Azul');
        expect(found.text).toContain(`href="/abrir-pedido?cliente=${clientId}"`);
        expect(found.text).toContain('>Selecionar</a>');
      }

      const selected = await manager.get(`/abrir-pedido?cliente=${clientId}`);
      expect(detailOf(selected.text, 'Nome')).toBe('Joana Pedidos Azul');
      expect(detailOf(selected.text, 'CPF')).toBe('529.982.247-25');
      expect(detailOf(selected.text, 'CNPJ')).toBe('-');
      expect(inputValueOf(selected.text, 'client_id')).toBe(String(clientId));
      for (const name of ['piece_name', 'piece_code', 'product_model', 'piece_value']) {
        expect(selected.text).toContain(`name="${name}"`);
      }
      // Salvar is the busy island: hidden while the request runs.
      expect(selected.text).toMatch(/data-island="busy-button"[^>]*>[\s\S]*?>Salvar<\/button>/);
    });

    it('requires the part name with its own text and keeps what was typed', async () => {
      const clientId = await newClient();
      const posted = await postForm(
        manager,
        '/abrir-pedido',
        {
          client_id: String(clientId),
          piece_name: '  ',
          piece_code: 'X-1',
          product_model: 'M1',
          piece_value: '',
        },
        `/abrir-pedido?cliente=${clientId}`,
      );
      const res = await refusedPage(manager, posted, '/abrir-pedido');
      expect(fieldErrorOf(res.text, 'f-piece_name')).toBe('Digite algo para buscar');
      expect(inputValueOf(res.text, 'piece_code')).toBe('X-1');
      expect(inputValueOf(res.text, 'product_model')).toBe('M1');
      expect(inputValueOf(res.text, 'client_id')).toBe(String(clientId));
      expect(toastsOf(res.text)).toEqual([]);

      const badMoney = await refusedPage(
        manager,
        await postForm(
          manager,
          '/abrir-pedido',
          { client_id: String(clientId), piece_name: 'Bateria', piece_value: 'doze reais' },
          `/abrir-pedido?cliente=${clientId}`,
        ),
        '/abrir-pedido',
      );
      expect(fieldErrorOf(badMoney.text, 'f-piece_value')).toBeTruthy();
      expect(inputValueOf(badMoney.text, 'piece_value')).toBe('doze reais');
    });

    it('saves with a decimal-comma value, flashes the toast and goes to the order', async () => {
      const clientId = await newClient();
      const res = await postForm(
        manager,
        '/abrir-pedido',
        {
          client_id: String(clientId),
          piece_name: 'Conector de carga',
          piece_code: 'CC-7',
          product_model: 'Galaxy A10',
          piece_value: '1.234,56',
        },
        `/abrir-pedido?cliente=${clientId}`,
      );
      expect(res.status).toBe(303);
      const id = /^\/pedido\/(\d+)$/.exec(res.headers.location ?? '')?.[1];
      expect(id).toBeTruthy();
      const order = await readOrder(id as string);
      expect(order.piece_name).toBe('Conector de carga');
      expect(order.piece_code).toBe('CC-7');
      expect(order.product_model).toBe('Galaxy A10');
      expect(order.piece_value).toBe(1234.56);
      expect(order.client.id).toBe(clientId);
      const page = await manager.get(res.headers.location as string);
      expect(toastsOf(page.text)).toEqual([T.created]);
      expect(detailOf(page.text, 'Valor')).toBe('R$ 1.234,56');
    });

    it('an api refusal shows the failure toast and keeps the values and the client', async () => {
      const clientId = await newClient();
      const opened = await manager.get(`/abrir-pedido?cliente=${clientId}`);
      expect(opened.text).toContain('name="piece_name"');
      // The client goes away between choosing it and saving: the api refuses the order.
      const gone = await api('DELETE', `/clients/${clientId}`, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      expect(gone.status).toBe(204);
      const posted = await manager
        .post('/abrir-pedido')
        .type('form')
        .send({
          _csrf: csrfOf(opened.text),
          client_id: String(clientId),
          piece_name: 'Flex',
          piece_code: 'F-9',
          product_model: '',
          piece_value: '10,00',
        });
      const res = await refusedPage(manager, posted, '/abrir-pedido');
      expect(toastsOf(res.text)).toEqual([T.createFailed]);
      expect(inputValueOf(res.text, 'piece_name')).toBe('Flex');
      expect(inputValueOf(res.text, 'piece_code')).toBe('F-9');
      expect(inputValueOf(res.text, 'piece_value')).toBe('10,00');
      expect(inputValueOf(res.text, 'client_id')).toBe(String(clientId));
    });
  });

  describe('Pedido (detail)', () => {
    it('shows client, order data, print links, actions and Sem pagamentos antecipados', async () => {
      const { id, number } = await newOrder({ piece_value: 89.9 });
      const page = await manager.get(`/pedido/${id}`);
      expect(page.status).toBe(200);
      const html = page.text;
      expect(html).toContain(`<h1>Pedido ${number}</h1>`);
      expect(detailOf(html, 'Número do pedido')).toBe(number);
      expect(detailOf(html, 'Data do pedido')).toBe(todayInShop().split('-').reverse().join('/'));
      expect(detailOf(html, 'Status')).toBe('Aguardando pedido');
      expect(detailOf(html, 'Nome da peça')).toBe('Tela LCD');
      expect(detailOf(html, 'Código da peça')).toBe('TL-42');
      expect(detailOf(html, 'Modelo do produto')).toBe('Moto G8');
      expect(detailOf(html, 'Valor')).toBe('R$ 89,90');
      expect(detailOf(html, 'Data do pedido ao fabricante')).toBe('-');
      expect(detailOf(html, 'Código do pedido ao fabricante')).toBe('-');
      expect(detailOf(html, 'Forma de pagamento')).toBe('-');
      expect(detailOf(html, 'Telefone 1')).toBe('(11) 98888-7777');
      expect(html).toContain('Sem pagamentos antecipados');
      expect(html).toContain(`href="/editar-pedido/${id}"`);
      expect(html).toMatch(new RegExp(`href="/pedido/${id}/imprimir" target="_blank"`));
      expect(html).toMatch(new RegExp(`href="/pedido/${id}/etiqueta" target="_blank"`));
      expect(html).toContain(`href="/pedido/${id}?dialogo=pagamento-antecipado"`);
      expect(html).toContain(`href="/pedido/${id}?dialogo=finalizar"`);
      // No payment method yet: the send-to-cash dialog says so before anything is tried, and leads to Editar.
      expect(html).not.toContain(`action="/pedido/${id}/enviar-caixa"`);
      expect(decodeEntities(html)).toContain(
        'Para ir para o caixa, o pedido precisa de Valor e Forma de Pagamento. Preencha em Editar e volte a finalizar.',
      );
      expect(html).toContain(`<a class="button primary" href="/editar-pedido/${id}">Editar</a>`);
      expect(html).toContain(`href="/pedido/${id}?dialogo=cancelar-pedido"`);
      expect(html).toContain(`href="/pedido/${id}?dialogo=deletar-pedido"`);
      for (const d of ['pagamento-antecipado', 'cancelar-pedido', 'deletar-pedido']) {
        expect(html).toMatch(dialogClosed(d));
      }
      const asked = await manager.get(`/pedido/${id}?dialogo=cancelar-pedido`);
      expect(asked.text).toMatch(dialogOpen('cancelar-pedido'));
      expect(asked.text).toMatch(dialogClosed('deletar-pedido'));
    });

    it('reads the payment method under either name (SPEC §3)', async () => {
      const { id } = await readyOrder();
      // With its value and method, the send-to-cash dialog confirms.
      expect((await manager.get(`/pedido/${id}`)).text).toContain(`action="/pedido/${id}/enviar-caixa"`);
      const order = await readOrder(id);
      expect(order.payment_method).toBe('Pix');
      const onlyOrderReading: Partial<PartsOrder> = { ...order };
      delete onlyOrderReading.payment_method;
      const onlyPlainReading: Partial<PartsOrder> = { ...order };
      delete onlyPlainReading.order_payment_method;
      expect(paymentMethodOf(onlyOrderReading as PartsOrder)).toBe('Pix');
      expect(paymentMethodOf(onlyPlainReading as PartsOrder)).toBe('Pix');
      expect(paymentMethodOf({ ...onlyOrderReading, order_payment_method: null } as PartsOrder)).toBeNull();

      // The page, from our api.
      const page = await manager.get(`/pedido/${id}`);
      expect(detailOf(page.text, 'Forma de pagamento')).toBe('Pix');
      // The page, from a backend that sends only one of the two names.
      for (const variant of [onlyOrderReading, onlyPlainReading]) {
        const html = renderToString(
          createElement(
            ViewContextReact.Provider,
            { value: { csrfToken: 't', formKey: 'k', page: '/', user: null, islands: new Set<string>() } },
            createElement(PartsOrderDetail, {
              order: variant as PartsOrder,
              shopTz: 'America/Sao_Paulo',
              upfront: { open: false },
              cancel: { open: false },
              remove: { open: false },
            }),
          ),
        );
        expect(detailOf(html, 'Forma de pagamento')).toBe('Pix');
      }
      // And the edit form is pre-filled with it.
      const edit = await manager.get(`/editar-pedido/${id}`);
      expect(selectedOf(edit.text, 'payment_method')).toBe('Pix');
    });

    it('an unknown order flashes Nenhum pedido encontrado and goes to Consulta', async () => {
      for (const path of ['/pedido/999999', '/pedido/abc', '/editar-pedido/999999']) {
        const res = await manager.get(path);
        expect(await toastsAfter(res, '/consulta')).toEqual([T.notFound]);
      }
    });

    it('upfront payment: field messages, then the payment listed and the toast', async () => {
      const { id } = await newOrder();
      const invalid = await refusedPage(
        manager,
        await postForm(
          manager,
          `/pedido/${id}/pagamento-antecipado`,
          { description: '', value: '', payment_method: '' },
          `/pedido/${id}`,
        ),
        `/pedido/${id}`,
      );
      expect(invalid.text).toMatch(dialogOpen('pagamento-antecipado'));
      expect(fieldErrorOf(invalid.text, 'up-description')).toBe('Descrição obrigatória');
      expect(fieldErrorOf(invalid.text, 'up-value')).toBe('Valor obrigatório');
      expect(fieldErrorOf(invalid.text, 'up-payment_method')).toBe('Valor obrigatório');

      const res = await postForm(
        manager,
        `/pedido/${id}/pagamento-antecipado`,
        { description: 'Sinal', value: '1.234,56', payment_method: 'Dinheiro' },
        `/pedido/${id}`,
      );
      expect(await toastsAfter(res, `/pedido/${id}`)).toEqual([T.upfront]);
      const order = await readOrder(id);
      expect(order.transactions).toHaveLength(1);
      expect(order.transactions[0]).toMatchObject({
        type: 101,
        value: 1234.56,
        description: 'Sinal',
        payment_method: 'Dinheiro',
        date: todayInShop(),
      });
      const page = await manager.get(`/pedido/${id}`);
      expect(page.text).not.toContain('Sem pagamentos antecipados');
      expect(page.text).toContain('Sinal');
      expect(page.text).toMatch(/R\$\s1\.234,56/);
    });

    it('upfront payment takes only a method of the list: a forged "Bitcoin" is refused under its field', async () => {
      const { id } = await newOrder();
      const res = await refusedPage(
        manager,
        await postForm(
          manager,
          `/pedido/${id}/pagamento-antecipado`,
          { description: 'Sinal', value: '10,00', payment_method: 'Bitcoin' },
          `/pedido/${id}`,
        ),
        `/pedido/${id}`,
      );
      expect(res.text).toMatch(dialogOpen('pagamento-antecipado'));
      expect(fieldErrorOf(res.text, 'up-payment_method')).toBe(T.methodOffList);
      expect((await readOrder(id)).transactions).toHaveLength(0);
    });

    it('upfront payment on an order cancelled meanwhile says why, not "check the values"', async () => {
      const { id } = await newOrder();
      // Cancelled meanwhile: the page left open still offers the payment.
      const cancel = await api('POST', '/transactions/cancel/order', {
        order_id: id,
        cancel_motive: 'Desistiu',
        date: todayInShop(),
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      expect(cancel.status).toBe(201);
      const posted = await manager
        .post(`/pedido/${id}/pagamento-antecipado`)
        .type('form')
        .send({
          _csrf: csrfOf((await manager.get(`/pedido/${id}`)).text),
          description: 'Sinal',
          value: '10,00',
          payment_method: 'Pix',
        });
      expect(await toastsAfter(posted, `/pedido/${id}`)).toEqual([
        'Este pedido foi cancelado e não recebe pagamento antecipado.',
      ]);
      expect((await readOrder(id)).transactions.map((t) => t.type)).toEqual([302]);
    });

    it('send to cash needs a value and a payment method', async () => {
      const { id } = await newOrder();
      const res = await postForm(
        manager,
        `/pedido/${id}/enviar-caixa`,
        { confirmado: 'sim' },
        `/pedido/${id}`,
      );
      // Post/redirect/get: the order's page shows the toast; a reload sends nothing again.
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/pedido/${id}`);
      expect(toastsOf((await manager.get(`/pedido/${id}`)).text)).toEqual([T.closeFailed]);
      expect((await readOrder(id)).status).toBe(100);
    });

    it('upfront payment, then send to cash: completed, the close entry is the rest, only print buttons', async () => {
      const { id } = await readyOrder(300);
      const paid = await postForm(
        manager,
        `/pedido/${id}/pagamento-antecipado`,
        { description: 'Sinal', value: '100,00', payment_method: 'Pix' },
        `/pedido/${id}`,
      );
      expect(await toastsAfter(paid, `/pedido/${id}`)).toEqual([T.upfront]);
      const res = await postForm(
        manager,
        `/pedido/${id}/enviar-caixa`,
        { confirmado: 'sim' },
        `/pedido/${id}`,
      );
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/pedido/${id}`);
      const page = await manager.get(`/pedido/${id}`);
      expect(toastsOf(page.text)).toEqual([T.closed]);
      const order = await readOrder(id);
      expect(order.status).toBe(104);
      const close = order.transactions.find((t) => t.type === 104);
      expect(close).toMatchObject({ value: 200, date: todayInShop() });
      expect(detailOf(page.text, 'Status')).toBe('Finalizado');
      expectOnlyPrintButtons(page.text, id);
      // The close entry is not an upfront payment: the list keeps only the one.
      expect(page.text).toContain('Sinal');
      // ...and the summary says what went to the cash, so the two add up to 'Total pago'.
      expect(detailOf(page.text, 'Enviado ao caixa')).toBe('R$ 200,00');
      expect(detailOf(page.text, 'Total pago')).toBe('R$ 300,00');

      const again = await postForm(
        manager,
        `/pedido/${id}/enviar-caixa`,
        { confirmado: 'sim' },
        `/pedido/${id}`,
      );
      // A retry after an answer that was lost: the order as it is, said so, nothing booked twice.
      expect(await toastsAfter(again, `/pedido/${id}`)).toEqual([SETTLED_TEXT.partsOrder.closed]);
      expect((await readOrder(id)).transactions.filter((t) => t.type === 104)).toHaveLength(1);
    });

    it('send to cash from a confirmation drawn before the order changed: nothing booked, the new figures shown', async () => {
      const { id } = await readyOrder(300);
      const tabA = closeDialogOf((await manager.get(`/pedido/${id}?dialogo=finalizar`)).text);
      expect(detailOf(tabA.dialog, 'Vai para o caixa')).toBe('R$ 300,00');
      // Tab B takes an upfront payment meanwhile.
      const paid = await api('POST', '/transactions/upfront-payment/order', {
        order_id: id,
        value: 120,
        description: 'Sinal',
        date: todayInShop(),
        payment_method: 'Pix',
      });
      expect(paid.status).toBe(201);

      const res = await manager.post(`/pedido/${id}/enviar-caixa`).type('form').send(tabA.fields);
      const page = await refusedPage(manager, res, `/pedido/${id}`);
      expect((await readOrder(id)).status).toBe(100);
      expect(page.text).toMatch(dialogOpen('finalizar'));
      const again = closeDialogOf(page.text);
      expect(again.dialog).toContain(CLOSE_CHANGED_TEXT.partsOrder);
      expect(detailOf(again.dialog, 'Pagamentos antecipados')).toBe('R$ 120,00');
      expect(detailOf(again.dialog, 'Vai para o caixa')).toBe('R$ 180,00');

      const confirmed = await manager.post(`/pedido/${id}/enviar-caixa`).type('form').send(again.fields);
      expect(await toastsAfter(confirmed, `/pedido/${id}`)).toEqual([T.closed]);
      expect((await readOrder(id)).transactions.find((t) => t.type === 104)?.value).toBe(180);
      // The same confirmation sent again (a double click, a retry): done already, nothing booked twice.
      const repeated = await manager.post(`/pedido/${id}/enviar-caixa`).type('form').send(again.fields);
      expect(await toastsAfter(repeated, `/pedido/${id}`)).toEqual([SETTLED_TEXT.partsOrder.closed]);
      expect((await readOrder(id)).transactions.filter((t) => t.type === 104)).toHaveLength(1);
    });

    it('an upfront payment past what is still owed is refused on its field, the typing kept', async () => {
      const { id } = await readyOrder(10.5);
      const first = await postForm(
        manager,
        `/pedido/${id}/pagamento-antecipado`,
        { description: 'Sinal', value: '1,17', payment_method: 'Pix' },
        `/pedido/${id}`,
      );
      expect(await toastsAfter(first, `/pedido/${id}`)).toEqual([T.upfront]);
      const refused = await refusedPage(
        manager,
        await postForm(
          manager,
          `/pedido/${id}/pagamento-antecipado`,
          { description: 'Resto', value: '1.050,00', payment_method: 'Pix' },
          `/pedido/${id}`,
        ),
        `/pedido/${id}`,
      );
      expect(refused.text).toMatch(dialogOpen('pagamento-antecipado'));
      expect(fieldErrorOf(refused.text, 'up-value')).toBe('O valor passa do que falta receber (R$ 9,33)');
      expect(toastsOf(refused.text)).toEqual([T.upfrontFailed]);
      expect(inputValueOf(refused.text, 'value')).toBe('1.050,00');
      expect(inputValueOf(refused.text, 'description')).toBe('Resto');
      expect((await readOrder(id)).transactions.map((t) => t.value)).toEqual([1.17]);
      expect(detailOf(refused.text, 'Falta receber')).toBe('R$ 9,33');
    });

    it('a value lowered below the payments shows "Pago a mais"; a cancelled order has nothing to receive', async () => {
      const { id } = await readyOrder(100);
      const paid = await api('POST', '/transactions/upfront-payment/order', {
        order_id: id,
        value: 100,
        description: 'Sinal',
        date: todayInShop(),
        payment_method: 'Pix',
      });
      expect(paid.status).toBe(201);
      const lowered = await api('PUT', `/orders/${id}`, {
        status: 100,
        piece_name: 'Tela LCD',
        piece_value: 90.67,
        payment_method: 'Pix',
      });
      expect(lowered.status).toBe(200);
      const page = (await manager.get(`/pedido/${id}?dialogo=finalizar`)).text;
      expect(detailOf(page, 'Total pago')).toBe('R$ 100,00');
      expect(detailOf(page, 'Pago a mais')).toBe('R$ 9,33');
      expect(detailOf(page.replace(/<dialog[\s\S]*?<\/dialog>/g, ''), 'Falta receber')).toBeUndefined();
      expect(detailOf(closeDialogOf(page).dialog, 'Pago a mais')).toBe('R$ 9,33');

      const other = await readyOrder(10.5);
      await api('POST', '/transactions/upfront-payment/order', {
        order_id: other.id,
        value: 3.33,
        description: 'Sinal',
        date: todayInShop(),
        payment_method: 'Pix',
      });
      const cancelled = await api('POST', '/transactions/cancel/order', {
        order_id: other.id,
        cancel_motive: 'Desistiu',
        date: todayInShop(),
        ...creds(MANAGER),
      });
      expect(cancelled.status).toBe(201);
      const after = (await manager.get(`/pedido/${other.id}`)).text;
      expect(detailOf(after, 'Total pago')).toBe('R$ 3,33');
      expect(detailOf(after, 'Falta receber')).toBe('-');
    });
  });

  function expectOnlyPrintButtons(html: string, id: number | string) {
    expect(html).toMatch(new RegExp(`href="/pedido/${id}/imprimir" target="_blank"`));
    expect(html).toMatch(new RegExp(`href="/pedido/${id}/etiqueta" target="_blank"`));
    expect(html).not.toContain(`/editar-pedido/${id}`);
    expect(html).not.toContain('pagamento-antecipado');
    expect(html).not.toContain('enviar-caixa');
    expect(html).not.toContain('cancelar-pedido');
    expect(html).not.toContain('Pagamento antecipado');
    expect(html).not.toContain('Enviar para o caixa');
    expect(html).not.toContain('Cancelar Pedido');
  }

  describe('Cancelar Pedido', () => {
    it('needs the motive, Usuário and Senha', async () => {
      const { id } = await newOrder();
      const res = await refusedPage(
        manager,
        await postForm(
          manager,
          `/pedido/${id}/cancelar`,
          { cancel_motive: '', confirm_username: '', confirm_password: '' },
          `/pedido/${id}`,
        ),
        `/pedido/${id}`,
      );
      expect(res.text).toMatch(dialogOpen('cancelar-pedido'));
      expect(fieldErrorOf(res.text, 'f-cancel_motive')).toBe('Motivo obrigatório');
      expect(fieldErrorOf(res.text, 'cancelar-pedido-confirm_username')).toBe('Usuário obrigatório');
      expect(fieldErrorOf(res.text, 'cancelar-pedido-confirm_password')).toBe('Senha obrigatória');
    });

    it("refuses an employee's credentials and a wrong password, and accepts a manager's", async () => {
      const { id } = await newOrder();
      const refused = await refusedPage(
        manager,
        await postForm(
          manager,
          `/pedido/${id}/cancelar`,
          { cancel_motive: 'Cliente desistiu', ...creds(employee) },
          `/pedido/${id}`,
        ),
        `/pedido/${id}`,
      );
      expect(toastsOf(refused.text)).toEqual([T.notManager]);
      expect(refused.text).toMatch(dialogOpen('cancelar-pedido'));
      expect(refused.text).toContain('Cliente desistiu');
      expect((await readOrder(id)).status).toBe(100);

      // A manager's name with a wrong password is a failure response (SPEC §8): the cancel's toast.
      const wrongPassword = await refusedPage(
        manager,
        await postForm(
          manager,
          `/pedido/${id}/cancelar`,
          {
            cancel_motive: 'Cliente desistiu',
            confirm_username: MANAGER.username,
            confirm_password: 'senha-errada-123',
          },
          `/pedido/${id}`,
        ),
        `/pedido/${id}`,
      );
      expect(toastsOf(wrongPassword.text)).toEqual([T.cancelFailed]);
      expect(wrongPassword.text).toMatch(dialogOpen('cancelar-pedido'));
      expect((await readOrder(id)).status).toBe(100);

      const accepted = await postForm(
        manager,
        `/pedido/${id}/cancelar`,
        { cancel_motive: 'Cliente desistiu', ...creds(MANAGER) },
        `/pedido/${id}`,
      );
      expect(await toastsAfter(accepted, '/consulta')).toEqual([T.cancelled]);
      const order = await readOrder(id);
      expect(order.status).toBe(103);
      expect(order.transactions.find((t) => t.type === 302)).toMatchObject({
        description: 'Cliente desistiu',
        date: todayInShop(),
      });
      const page = await manager.get(`/pedido/${id}`);
      expect(detailOf(page.text, 'Status')).toBe('Cancelado');
      expectOnlyPrintButtons(page.text, id);

      // Already cancelled: the order as it is and a toast saying so, one cancel entry.
      const again = await postForm(
        manager,
        `/pedido/${id}/cancelar`,
        { cancel_motive: 'De novo', ...creds(MANAGER) },
        `/pedido/${id}`,
      );
      expect(await toastsAfter(again, `/pedido/${id}`)).toEqual([SETTLED_TEXT.partsOrder.cancelled]);
      expect((await readOrder(id)).transactions.filter((t) => t.type === 302)).toHaveLength(1);
      // Nor can it go to the cash now.
      const close = await postForm(
        manager,
        `/pedido/${id}/enviar-caixa`,
        { confirmado: 'sim' },
        `/pedido/${id}`,
      );
      expect(await toastsAfter(close, `/pedido/${id}`)).toEqual([SETTLED_TEXT.partsOrder.closeCancelled]);
    });

    it('an employee signed in may cancel with a manager typing the credentials', async () => {
      const { id } = await newOrder();
      const agent = await signIn(web, employee.username, employee.password);
      const res = await postForm(
        agent,
        `/pedido/${id}/cancelar`,
        { cancel_motive: 'Peça indisponível', ...creds(MANAGER) },
        `/pedido/${id}`,
      );
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/consulta');
      expect((await readOrder(id)).status).toBe(103);
    });
  });

  function creds(user: { username: string; password: string }) {
    return { confirm_username: user.username, confirm_password: user.password };
  }

  describe('Deletar Pedido', () => {
    it('needs Usuário and Senha; refuses an employee; a manager deletes it', async () => {
      const { id, number } = await newOrder();
      const dialog = await manager.get(`/pedido/${id}?dialogo=deletar-pedido`);
      expect(dialog.text).toMatch(dialogOpen('deletar-pedido'));
      expect(dialog.text).toContain(`Deletar Pedido: ${number}`);
      expect(dialog.text).toContain('Confirme login do gerente');

      const empty = await refusedPage(
        manager,
        await postForm(
          manager,
          `/pedido/${id}/deletar`,
          { confirm_username: '', confirm_password: '' },
          `/pedido/${id}`,
        ),
        `/pedido/${id}`,
      );
      expect(fieldErrorOf(empty.text, 'deletar-pedido-confirm_username')).toBe('Usuário obrigatório');
      expect(fieldErrorOf(empty.text, 'deletar-pedido-confirm_password')).toBe('Senha obrigatória');

      const refused = await refusedPage(
        manager,
        await postForm(manager, `/pedido/${id}/deletar`, creds(employee), `/pedido/${id}`),
        `/pedido/${id}`,
      );
      expect(toastsOf(refused.text)).toEqual([T.notManager]);
      expect(refused.text).toMatch(dialogOpen('deletar-pedido'));
      expect((await api('GET', `/orders/${id}`)).status).toBe(200);

      const accepted = await postForm(manager, `/pedido/${id}/deletar`, creds(MANAGER), `/pedido/${id}`);
      expect(await toastsAfter(accepted, '/consulta')).toEqual([T.deleted]);
      expect((await api('GET', `/orders/${id}`)).status).toBe(404);
    });

    it('a delete of a pedido gone already (sent again, or another tab) says so, not a failure', async () => {
      const { id } = await newOrder();
      const page = await manager.get(`/pedido/${id}`);
      const csrf = csrfOf(page.text);
      // Deleted meanwhile (another tab): the second delete is refused.
      expect((await api('DELETE', `/orders/${id}`, creds(MANAGER))).status).toBe(204);
      const res = await manager
        .post(`/pedido/${id}/deletar`)
        .type('form')
        .send({ _csrf: csrf, ...creds(MANAGER) });
      const toasts = await toastsAfter(res, '/consulta');
      expect(toasts).toEqual(['Este pedido já tinha sido deletado: nada foi deletado de novo.']);
    });

    it('is offered for completed orders too', async () => {
      const { id } = await readyOrder();
      await postForm(manager, `/pedido/${id}/enviar-caixa`, { confirmado: 'sim' }, `/pedido/${id}`);
      const page = await manager.get(`/pedido/${id}?dialogo=deletar-pedido`);
      expect(page.text).toMatch(dialogOpen('deletar-pedido'));
    });
  });

  describe('Editar Pedido', () => {
    it('shows the title, three statuses, a client summary and the pre-filled fields', async () => {
      const { id, number } = await newOrder({ piece_value: 1234.5 });
      const page = await manager.get(`/editar-pedido/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<h1>Editar Pedido: ${number}</h1>`);
      expect(optionsOf(page.text, 'status')).toEqual([
        'Aguardando pedido',
        'Cliente Notificado',
        'Pedido Entregue Sem Recebimento',
      ]);
      expect(selectedOf(page.text, 'status')).toBe('100');
      expect(detailOf(page.text, 'Cliente')).toMatch(/^Cliente Pedido \d+$/);
      expect(inputValueOf(page.text, 'piece_name')).toBe('Tela LCD');
      expect(inputValueOf(page.text, 'piece_code')).toBe('TL-42');
      expect(inputValueOf(page.text, 'product_model')).toBe('Moto G8');
      expect(inputValueOf(page.text, 'piece_value')).toBe('1.234,50');
      expect(inputValueOf(page.text, 'manufacturer_date')).toBe('');
      expect(page.text).toContain('name="manufacturer_code"');
      expect(page.text).toContain('name="payment_method"');
    });

    it('requires the part name (Digite algo para editar) and refuses 31/02/2026', async () => {
      const { id } = await newOrder();
      const res = await postForm(
        manager,
        `/editar-pedido/${id}`,
        {
          status: '101',
          piece_name: '',
          piece_code: 'K',
          product_model: '',
          piece_value: '',
          payment_method: '',
          manufacturer_date: '31/02/2026',
          manufacturer_code: '',
        },
        `/editar-pedido/${id}`,
      );
      // Post/redirect/get: back to the form, which shows the typing and the errors.
      expect(res.status).toBe(303);
      const shown = await manager.get(String(res.headers.location));
      expect(String(res.headers.location)).toMatch(new RegExp(`^/editar-pedido/${id}\\?rascunho=`));
      expect(fieldErrorOf(shown.text, 'f-piece_name')).toBe('Digite algo para editar');
      expect(fieldErrorOf(shown.text, 'f-manufacturer_date')).toBe(
        'Data inválida: 31/02/2026 não existe no calendário',
      );
      expect(inputValueOf(shown.text, 'manufacturer_date')).toBe('31/02/2026');
      expect(selectedOf(shown.text, 'status')).toBe('101');
      expect((await readOrder(id)).status).toBe(100);

      // Cancelado and Finalizado are not offered, and not taken when posted.
      const terminal = await postForm(
        manager,
        `/editar-pedido/${id}`,
        { status: '104', piece_name: 'Tela' },
        `/editar-pedido/${id}`,
      );
      expect(terminal.status).toBe(303);
      expect(
        fieldErrorOf((await manager.get(String(terminal.headers.location))).text, 'f-status'),
      ).toBeTruthy();
      expect((await readOrder(id)).status).toBe(100);
    });

    it('saves: value with a comma, payment method, manufacturer date and code; toast on the detail', async () => {
      const { id } = await newOrder();
      const res = await postForm(
        manager,
        `/editar-pedido/${id}`,
        {
          status: '101',
          piece_name: 'Tela OLED',
          piece_code: 'TO-1',
          product_model: 'Moto G9',
          piece_value: '1.234,56',
          payment_method: 'Cartão de Crédito',
          manufacturer_date: '15/03/2026',
          manufacturer_code: 'FAB-777',
        },
        `/editar-pedido/${id}`,
      );
      expect(await toastsAfter(res, `/pedido/${id}`)).toEqual([T.edited]);
      const order = await readOrder(id);
      expect(order).toMatchObject({
        status: 101,
        piece_name: 'Tela OLED',
        piece_code: 'TO-1',
        product_model: 'Moto G9',
        piece_value: 1234.56,
        payment_method: 'Cartão de Crédito',
        manufacturer_date: '2026-03-15',
        manufacturer_code: 'FAB-777',
      });
      const page = await manager.get(`/pedido/${id}`);
      expect(detailOf(page.text, 'Status')).toBe('Cliente Notificado');
      expect(detailOf(page.text, 'Valor')).toBe('R$ 1.234,56');
      expect(detailOf(page.text, 'Data do pedido ao fabricante')).toBe('15/03/2026');
      expect(detailOf(page.text, 'Código do pedido ao fabricante')).toBe('FAB-777');
      expect(detailOf(page.text, 'Forma de pagamento')).toBe('Cartão de Crédito');

      const edit = await manager.get(`/editar-pedido/${id}`);
      expect(inputValueOf(edit.text, 'manufacturer_date')).toBe('15/03/2026');
      expect(inputValueOf(edit.text, 'piece_value')).toBe('1.234,56');

      // Clearing the date sends it blank.
      const cleared = await postForm(
        manager,
        `/editar-pedido/${id}`,
        { status: '101', piece_name: 'Tela OLED', manufacturer_date: '' },
        `/editar-pedido/${id}`,
      );
      expect(cleared.status).toBe(303);
      expect((await readOrder(id)).manufacturer_date).toBeNull();
    });

    it('a payment method off the list is refused, unless it is the one the order already has (older data)', async () => {
      const path = (id: number) => `/editar-pedido/${id}`;
      const save = async (id: number, fields: Record<string, string>) =>
        postForm(manager, path(id), { status: '100', piece_name: 'Tela', ...fields }, path(id));
      // A forged method on an order paid by Pix.
      const paid = await newOrder();
      await api('PUT', `/orders/${paid.id}`, { status: 100, piece_name: 'Tela', payment_method: 'Pix' });
      const forged = await refusedPage(
        manager,
        await save(paid.id, { payment_method: 'Fiado' }),
        path(paid.id),
      );
      expect(fieldErrorOf(forged.text, 'f-payment_method')).toBe(T.methodOffList);
      expect((await readOrder(paid.id)).payment_method).toBe('Pix');
      // An order an older backend stored with free text stays editable with it, and only with it.
      const old = await newOrder();
      await api('PUT', `/orders/${old.id}`, { status: 100, piece_name: 'Tela', payment_method: 'Fiado' });
      const other = await refusedPage(
        manager,
        await save(old.id, { payment_method: 'Bitcoin' }),
        path(old.id),
      );
      expect(fieldErrorOf(other.text, 'f-payment_method')).toBe(T.methodOffList);
      const kept = await save(old.id, { piece_name: 'Tela nova', payment_method: 'Fiado' });
      expect(await toastsAfter(kept, `/pedido/${old.id}`)).toEqual([T.edited]);
      expect(await readOrder(old.id)).toMatchObject({ piece_name: 'Tela nova', payment_method: 'Fiado' });
    });

    it('sent to the cash while being edited: nothing saved, the typing shown to copy (never the failure toast)', async () => {
      const { id } = await newOrder();
      const page = await manager.get(`/editar-pedido/${id}`);
      const csrf = csrfOf(page.text);
      // Completed meanwhile: the api refuses the edit; the detail shows why.
      const ready = await api('PUT', `/orders/${id}`, {
        status: 100,
        piece_name: 'Tela LCD',
        piece_value: 50,
        payment_method: 'Pix',
      });
      expect(ready.status).toBe(200);
      const closed = await api('POST', '/transactions/close/order', {
        order_id: id,
        date: todayInShop(),
        description: '',
      });
      expect(closed.status).toBe(201);
      const res = await manager
        .post(`/editar-pedido/${id}`)
        .type('form')
        .send({ _csrf: csrf, status: '100', piece_name: 'Outra' });
      expect(res.status).toBe(303);
      const shown = await manager.get(String(res.headers.location));
      expect(decodeEntities(shown.text)).toContain('Este pedido foi finalizado ou cancelado');
      expect(shown.text).toContain('Outra');
      expect(toastsOf(shown.text)).not.toContain(T.editFailed);
      expect((await readOrder(id)).piece_name).toBe('Tela LCD');
    });

    it('two people: a save over a newer version is refused and both are shown; Salvar por cima takes what you changed', async () => {
      const { id } = await newOrder();
      const path = `/editar-pedido/${id}`;
      const hidden = (html: string) =>
        Object.fromEntries(
          [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
            m[1],
            decodeEntities(m[2] ?? ''),
          ]),
        );
      const loaded = hidden((await manager.get(path)).text);
      expect(loaded._version).toBe('1');
      expect(
        (await api('PUT', `/orders/${id}`, { status: 101, piece_name: 'Tela da outra pessoa' })).status,
      ).toBe(200);
      const res = await manager
        .post(path)
        .type('form')
        .send({ ...loaded, status: '100', piece_name: 'Tela LCD', piece_code: 'MEU-CODIGO' });
      expect(res.status).toBe(303);
      const conflict = await manager.get(String(res.headers.location));
      expect(conflict.text).toContain('Outra pessoa alterou este pedido');
      expect(decodeEntities(conflict.text)).toContain('Tela da outra pessoa');
      expect(conflict.text).toContain('MEU-CODIGO');
      expect((await readOrder(id)).piece_name).toBe('Tela da outra pessoa');
      const over = await manager.post(path).type('form').send(hidden(conflict.text));
      expect(over.headers.location).toBe(`/pedido/${id}`);
      // The code was this person's change; the piece and the status, untouched here, stay as the other saved.
      expect(await readOrder(id)).toMatchObject({
        piece_name: 'Tela da outra pessoa',
        piece_code: 'MEU-CODIGO',
        status: 101,
      });
    });

    it('cancelled and completed orders go to their detail, with no Edit link', async () => {
      const done = await readyOrder();
      await api('POST', '/transactions/close/order', {
        order_id: done.id,
        date: todayInShop(),
        description: '',
      });
      const cancelled = await newOrder();
      await api('POST', '/transactions/cancel/order', {
        order_id: cancelled.id,
        cancel_motive: 'x',
        date: todayInShop(),
        ...creds(MANAGER),
      });
      for (const { id } of [done, cancelled]) {
        const res = await manager.get(`/editar-pedido/${id}`);
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe(`/pedido/${id}`);
        const page = await manager.get(`/pedido/${id}`);
        expectOnlyPrintButtons(page.text, id);
      }
    });
  });
});
