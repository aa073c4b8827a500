/**
 * The service order detail (/os/{id}) with its actions and the edit screens (SPEC §2, §4, §5, §8),
 * against the real api: every order is created through the api's own endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { transactionLabel } from '../../domain/transactions.ts';
import { SETTLED_TEXT } from '../../server/settled-orders.ts';
import { CLOSE_CHANGED_TEXT } from '../../views/components/CloseConfirmDialog.tsx';
import { brl } from '../../views/format.ts';
import { apiCall, apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import { dialogOpen } from '../support/html.ts';
import { listenRelay } from '../support/http-relay.ts';
import {
  type Agent,
  closeDialogOf,
  decodeEntities,
  fieldErrorOf,
  postForm,
  refusedPage,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

const TEXT = {
  methodOffList: 'Selecione uma forma de pagamento da lista',
  notFound: 'Nenhuma O.S. encontrada',
  edited: 'O.S. Editada com sucesso!',
  returnEdited: 'O.S. de Retorno editada com sucesso!',
  editFailed: 'Ocorreu um erro ao editar a O.S. Cheque suas credenciais.',
  deleted: 'O.S. deletada com sucesso!',
  deleteFailed: 'Erro ao excluir O.S.',
  notManager: 'Digite uma credencial de gerente válida',
  cancelled: 'O.S. cancelada com sucesso!',
  cancelFailed: 'Erro ao cancelar O.S.',
  closed: 'O.S. enviada ao caixa com sucesso!',
  closeFailed:
    'Erro ao enviar O.S. para o caixa. Cheque os valores digitados. Para a O.S. ir para o caixa ela deve conter: Valor Final e Forma de Pagamento',
  upfrontDone: 'Pagamento antecipado enviado ao caixa!',
  upfrontFailed: 'Erro ao criar pagamento antecipado',
  editRequired: 'Digite algo para editar',
  badDate: 'Data inválida. Use o formato dd/mm/aaaa',
  finishedWhileEditing:
    'Esta O.S. foi finalizada ou cancelada (por exemplo, enviada ao caixa) por outra pessoa enquanto você editava, e não pode mais ser editada. Nada foi salvo; o que você digitou está abaixo para você copiar.',
};

const TZ = 'America/Sao_Paulo';

type Json = Record<string, unknown> & { id: number; number: string; status: number; created_at: string };
type Tx = {
  id: number;
  type: number;
  value: number;
  description: string;
  date: string;
  payment_method: string;
};

const PRODUCT = [
  'product_name',
  'product_model',
  'product_brand',
  'product_serial',
  'product_accessories',
  'product_details',
];
const FIX = [
  'fix_technician_name',
  'fix_date',
  'fix_description',
  'fix_value_pieces',
  'fix_value_labor',
  'fix_value_final',
  'fix_payment_method',
];
const SERVICE = [
  'service_details',
  'service_type',
  'service_date',
  'service_period',
  'service_value',
  'service_payment_method',
];
const PUT_FIELDS = {
  normal: ['status', ...PRODUCT, ...FIX],
  returned: ['status', 'return_motive', ...FIX],
  external: ['status', ...PRODUCT, ...SERVICE],
} as const;

type Kind = keyof typeof PUT_FIELDS;

/** Every value shown under a label of a details list (<dt>label</dt><dd>value</dd>), in page order. */
function valuesOf(html: string, label: string): string[] {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...html.matchAll(new RegExp(`<dt>${escaped}</dt><dd>(.*?)</dd>`, 'g'))].map((m) =>
    decodeEntities((m[1] ?? '').replace(/<[^>]+>/g, '')),
  );
}
const shown = (html: string, label: string) => valuesOf(html, label)[0];

/** The options of the status select: [value, label, selected]. */
function statusOptions(html: string): { value: string; label: string; selected: boolean }[] {
  const select = /<select[^>]*name="status"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]*)"([^>]*)>([^<]*)<\/option>/g)]
    .filter((m) => m[1] !== '')
    .map((m) => ({
      value: m[1] ?? '',
      label: decodeEntities(m[3] ?? ''),
      selected: /selected/.test(m[2] ?? ''),
    }));
}

/** The value an input or textarea of the page holds. */
function inputValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (input) return decodeEntities(/value="([^"]*)"/.exec(input)?.[1] ?? '');
  const area = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return area ? decodeEntities(area[1] ?? '').replace(/^\n/, '') : undefined;
}

/** The edit form as a browser would send it untouched: every field's value, the hidden ones included. */
function editFormOf(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1] as string] = decodeEntities(m[2] as string);
  }
  for (const name of ['status', ...PUT_FIELDS.normal, ...PUT_FIELDS.external, 'return_motive']) {
    if (name === 'status') {
      const selected = statusOptions(html).find((o) => o.selected)?.value;
      if (selected) fields.status = selected;
      continue;
    }
    const value = inputValue(html, name);
    if (value !== undefined) fields[name] = value;
  }
  return fields;
}

/** The rows of the comparison shown when a save meets a newer version: [field, theirs, yours]. */
function conflictRowsOf(html: string): string[][] {
  const body = /<table class="conflict-table">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => decodeEntities(c[1] ?? '')),
  );
}

/** The rows of the payments table: the texts of their cells. */
function paymentRows(html: string): string[][] {
  const table = /<table class="payments">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => decodeEntities(c[1] ?? '')),
  );
}

describe('service orders (web service-orders router)', () => {
  let web: TestWeb;
  let token: string;
  let manager: Agent;
  let employee: Agent;
  let employeeCredentials: { username: string; password: string };

  const api = <T = Json>(method: string, path: string, body?: unknown) =>
    apiCall<T>(web.api, method, path, token, body);

  async function created<T = Json>(method: string, path: string, body: unknown): Promise<T> {
    const res = await api<T>(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  let clientId: number;
  let plainClientId: number;

  const newNormal = (product: Record<string, unknown> = {}) =>
    created('POST', '/service-orders/normal', {
      client_id: clientId,
      product_name: 'Notebook',
      product_model: 'Inspiron 15',
      product_brand: 'Dell',
      product_serial: 'SN-4431',
      product_accessories: 'Carregador',
      product_details: 'Não liga',
      ...product,
    });

  const newReturned = (originalId: number, motive = 'Voltou a desligar') =>
    created('POST', '/service-orders/returned', {
      original_service_order_id: originalId,
      return_motive: motive,
    });

  const newExternal = (service: Record<string, unknown> = {}) =>
    created('POST', '/service-orders/external', {
      client_id: plainClientId,
      product_name: 'Ar-condicionado',
      product_model: 'Split 12000',
      product_brand: 'LG',
      product_serial: null,
      product_accessories: null,
      product_details: 'Pingando',
      service_type: 'Instalação',
      service_date: '2026-04-15',
      service_period: 'Manhã',
      service_value: 250,
      service_payment_method: 'Dinheiro',
      service_details: 'Levar escada',
      ...service,
    });

  const getOrder = async (kind: Kind, id: number) =>
    created('GET', `/service-orders/${kind}/${id}`, undefined);

  /** PUT the whole order (as the edit screens do) with some fields changed. */
  async function change(kind: Kind, id: number, changes: Record<string, unknown>) {
    const current = await getOrder(kind, id);
    const body: Record<string, unknown> = {};
    for (const f of PUT_FIELDS[kind]) body[f] = current[f] ?? null;
    return created('PUT', `/service-orders/${kind}/${id}`, { ...body, ...changes });
  }

  const REPAIR = {
    status: 104,
    fix_technician_name: 'João Técnico',
    fix_date: '2026-03-10',
    fix_description: 'Tela\nBateria\r\n\nCabo flat',
    fix_value_pieces: 1234.56,
    fix_value_labor: 80,
    fix_value_final: 1314.56,
    fix_payment_method: 'Pix',
  };

  const close = (id: number) =>
    created<Tx>('POST', '/transactions/close/service-order', {
      service_order_id: id,
      date: todayInShop(TZ),
      description: '',
    });
  const cancel = (id: number, motive = 'Cliente desistiu') =>
    created<Tx>('POST', '/transactions/cancel/service-order', {
      service_order_id: id,
      cancel_motive: motive,
      date: todayInShop(TZ),
    });

  async function follow(
    agent: Agent,
    res: { status: number; headers: Record<string, string> },
    location: string,
  ) {
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(location);
    return agent.get(location);
  }

  /** A save refused (bad input, a failure, a newer version): 303 back to its form with the typing kept. */
  async function backToForm(
    agent: Agent,
    res: { status: number; headers: Record<string, string> },
    path: string,
  ) {
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^${path}\\?rascunho=[\\w-]{22}$`));
    return agent.get(res.headers.location as string);
  }

  /** Posts one of the detail page's forms; `from` is where the CSRF token is read (a stale page). */
  const post = (
    agent: Agent,
    id: number,
    action: string,
    fields: Record<string, string>,
    from = `/os/${id}`,
  ) => postForm(agent, `/os/${id}/${action}`, fields, from);
  const STALE = '/configuracoes';

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    manager = await signIn(web);
    employeeCredentials = await createEmployee(web.api, 'atendente', 'senha-da-atendente');
    employee = await signIn(web, employeeCredentials.username, employeeCredentials.password);
    clientId = (
      await created('POST', '/clients', {
        name: 'Maria da Silva',
        cpf: '529.982.247-25',
        cnpj: '11.222.333/0001-81',
        email: 'maria@example.com',
        phone1: '(11) 91234-5678',
        phone2: '(11) 3456-7890',
        phone3: '(11) 99999-0000',
        zip_code: '01001000',
        address: 'Praça da Sé',
        number: '100',
        complement: 'lado ímpar',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state: 'SP',
      })
    ).id;
    plainClientId = (await created('POST', '/clients', { name: 'José Pereira' })).id;
  });

  afterAll(async () => {
    await web?.stop();
  });

  describe('detail', () => {
    it('a normal order: header, edit link, client, order data, product, repair with the parts joined by "; ", Sem pagamentos, the actions', async () => {
      const order = await newNormal();
      const saved = await change('normal', order.id, REPAIR);
      const page = await manager.get(`/os/${order.id}`);
      expect(page.status).toBe(200);
      const html = page.text;

      expect(html).toMatch(new RegExp(`<h1>O\\.S\\. ${order.number}</h1>`));
      expect(html).toContain('<span class="status status-normal-104">Consertada</span>');
      expect(html).toContain(`href="/editar-os/${order.id}"`);

      // Client data
      expect(shown(html, 'Nome')).toBe('Maria da Silva');
      expect(shown(html, 'CPF')).toBe('529.982.247-25');
      expect(shown(html, 'CNPJ')).toBe('11.222.333/0001-81');
      expect(shown(html, 'E-mail')).toBe('maria@example.com');
      expect(shown(html, 'Telefone 1')).toBe('(11) 91234-5678');
      expect(shown(html, 'Telefone 2')).toBe('(11) 3456-7890');
      expect(shown(html, 'Telefone 3')).toBe('(11) 99999-0000');
      expect(shown(html, 'CEP')).toBe('01001-000');
      expect(shown(html, 'Rua')).toBe('Praça da Sé');
      expect(shown(html, 'Número')).toBe('100');
      expect(shown(html, 'Bairro')).toBe('Sé');
      expect(shown(html, 'Complemento')).toBe('lado ímpar');

      // Order data
      expect(valuesOf(html, 'Número')[1]).toBe(order.number);
      expect(shown(html, 'Status')).toBe('Consertada');
      expect(shown(html, 'Data de abertura')).toBe(formatDisplayDate(saved.created_at, TZ));
      expect(shown(html, 'Data de finalização')).toBe('-');

      // Product
      expect(valuesOf(html, 'Nome')[1]).toBe('Notebook');
      expect(shown(html, 'Modelo')).toBe('Inspiron 15');
      expect(shown(html, 'Marca')).toBe('Dell');
      expect(shown(html, 'Defeito Reclamado')).toBe('Não liga');
      expect(shown(html, 'Acessórios')).toBe('Carregador');
      expect(shown(html, 'Número de série')).toBe('SN-4431');

      // Repair
      expect(shown(html, 'Data do conserto')).toBe('10/03/2026');
      expect(shown(html, 'Técnico')).toBe('João Técnico');
      expect(shown(html, 'Peças')).toBe('Tela; Bateria; Cabo flat');
      expect(shown(html, 'Valor das peças')).toBe('R$ 1.234,56');
      expect(shown(html, 'Valor da mão de obra')).toBe('R$ 80,00');
      expect(shown(html, 'Valor final')).toBe('R$ 1.314,56');
      expect(shown(html, 'Forma de pagamento')).toBe('Pix');

      expect(html).toContain('Sem pagamentos');

      // Buttons of an open order
      expect(html).toMatch(new RegExp(`<a class="button" href="/os/${order.id}/imprimir" target="_blank"`));
      expect(html).toMatch(
        new RegExp(`<a class="button" href="/os/${order.id}/imprimir\\?vias=2" target="_blank"`),
      );
      expect(html).toContain(`href="/os/${order.id}?dialogo=pagamento-antecipado"`);
      expect(html).toContain(`action="/os/${order.id}/finalizar"`);
      expect(html).toContain(`href="/os/${order.id}?dialogo=cancelar-os"`);
      expect(html).toContain('>Cancelar O.S.</a>');
      expect(html).toMatch(
        new RegExp(`class="button danger trash" href="/os/${order.id}\\?dialogo=deletar-os"`),
      );
      for (const id of ['pagamento-antecipado', 'cancelar-os', 'deletar-os'])
        expect(dialogOpen(html, id)).toBe(false);
    });

    it('the finalize button opens a confirmation whose button is busy with "Enviando..."', async () => {
      const order = await newNormal();
      await change('normal', order.id, REPAIR);
      const html = (await manager.get(`/os/${order.id}`)).text;
      expect(html).toContain(`href="/os/${order.id}?dialogo=finalizar"`);
      expect(dialogOpen(html, 'finalizar')).toBe(false);
      const islands = [...html.matchAll(/data-island="busy-button" data-props="([^"]*)"/g)].map(
        (m) => JSON.parse(decodeEntities(m[1] ?? '{}')) as { label: string; busyLabel: string | null },
      );
      expect(islands).toContainEqual(
        expect.objectContaining({ label: 'Confirmar e enviar ao caixa', busyLabel: 'Enviando...' }),
      );
      const form = new RegExp(`<form[^>]*action="/os/${order.id}/finalizar"[^>]*>([\\s\\S]*?)</form>`).exec(
        html,
      );
      expect(form?.[1]).toContain('>Confirmar e enviar ao caixa</button>');
    });

    it('Finalizar on an O.S. going back unrepaired warns that its Valor Final is what the cash books', async () => {
      const order = await newNormal();
      await api('PUT', `/service-orders/normal/${order.id}`, {
        status: 109,
        product_name: 'Notebook',
        fix_value_final: 480,
        fix_payment_method: 'Pix',
      });
      const html = decodeEntities((await manager.get(`/os/${order.id}?dialogo=finalizar`)).text);
      expect(html).toContain(
        'Esta O.S. está em "Orçamento Não Aprovado": o aparelho volta sem conserto, e o Valor Final abaixo vai para o caixa.',
      );
      expect(html).toContain('>Confirmar e enviar ao caixa</button>');
      expect(html).toContain(`<a class="button secondary" href="/editar-os/${order.id}">Editar</a>`);
      // A repaired one has no such warning.
      await api('PUT', `/service-orders/normal/${order.id}`, {
        status: 104,
        product_name: 'Notebook',
        fix_value_final: 480,
        fix_payment_method: 'Pix',
      });
      expect(decodeEntities((await manager.get(`/os/${order.id}?dialogo=finalizar`)).text)).not.toContain(
        'volta sem conserto',
      );
    });

    it('the dialogs open by link without JavaScript (?dialogo=)', async () => {
      const order = await newNormal();
      for (const id of ['pagamento-antecipado', 'cancelar-os', 'deletar-os']) {
        const html = (await manager.get(`/os/${order.id}?dialogo=${id}`)).text;
        expect(dialogOpen(html, id)).toBe(true);
      }
      const del = (await manager.get(`/os/${order.id}?dialogo=deletar-os`)).text;
      expect(del).toContain(`Deletar O.S.: ${order.number}`);
      expect(del).toContain('Confirme login do gerente');
    });

    it('a return shows the original order first, then the return with its motive and return repair', async () => {
      const original = await newNormal({ product_name: 'Smart TV', product_details: 'Sem imagem' });
      await change('normal', original.id, { ...REPAIR, fix_description: 'Placa T-con' });
      const ret = await newReturned(original.id);
      await change('returned', ret.id, {
        status: 201,
        fix_technician_name: 'Ana',
        fix_date: '2026-05-02',
        fix_description: 'Conector\nFusível',
        fix_value_pieces: 20,
        fix_value_labor: 30,
        fix_value_final: 50,
        fix_payment_method: 'Dinheiro',
      });
      const html = (await manager.get(`/os/${ret.id}`)).text;

      expect(html).toMatch(new RegExp(`<h1>O\\.S\\. de Retorno ${ret.number}</h1>`));
      expect(html).toContain('<span class="status status-returned-201">Consertada</span>');
      expect(html).toContain(`href="/editar-os-retorno/${ret.id}"`);
      expect(shown(html, 'Nome')).toBe('Maria da Silva');

      const originalAt = html.indexOf('<h2>O.S. original</h2>');
      const returnAt = html.indexOf('<h2>Retorno</h2>');
      expect(originalAt).toBeGreaterThan(0);
      expect(returnAt).toBeGreaterThan(originalAt);
      expect(html.slice(originalAt, returnAt)).toContain(
        `<a href="/os/${original.id}">${original.number}</a>`,
      );
      expect(shown(html.slice(originalAt), 'Defeito Reclamado')).toBe('Sem imagem');
      expect(shown(html.slice(originalAt, returnAt), 'Peças')).toBe('Placa T-con');
      expect(shown(html, 'Motivo do retorno')).toBe('Voltou a desligar');
      const returnPart = html.slice(returnAt);
      expect(shown(returnPart, 'Peças')).toBe('Conector; Fusível');
      expect(shown(returnPart, 'Técnico')).toBe('Ana');
      expect(shown(returnPart, 'Valor final')).toBe('R$ 50,00');
      expect(shown(returnPart, 'Data do conserto')).toBe('02/05/2026');

      expect(html).toContain(`/os/${ret.id}/imprimir?vias=2`);
      expect(html).toContain(`?dialogo=pagamento-antecipado`);
      expect(html).toContain('Sem pagamentos');
    });

    it('an external order shows the appointment; no two-copy print nor upfront payment', async () => {
      const ext = await newExternal();
      const html = (await manager.get(`/os/${ext.id}`)).text;
      expect(html).toMatch(new RegExp(`<h1>Atendimento Externo ${ext.number}</h1>`));
      expect(html).toContain('<span class="status status-external-300">Pendente</span>');
      expect(html).toContain(`href="/editar-os-externa/${ext.id}"`);
      expect(shown(html, 'Nome')).toBe('José Pereira');
      expect(shown(html, 'CPF')).toBe('-');
      expect(shown(html, 'Defeito Reclamado')).toBe('Pingando');
      expect(shown(html, 'Data do atendimento')).toBe('15/04/2026');
      expect(shown(html, 'Tipo de serviço')).toBe('Instalação');
      expect(shown(html, 'Período')).toBe('Manhã');
      expect(shown(html, 'Valor')).toBe('R$ 250,00');
      expect(shown(html, 'Forma de pagamento')).toBe('Dinheiro');
      expect(shown(html, 'Detalhes')).toBe('Levar escada');
      expect(shown(html, 'Data de finalização')).toBe('-');
      expect(html).toContain(`href="/os/${ext.id}/imprimir"`);
      expect(html).not.toContain('imprimir?vias=2');
      expect(html).not.toContain('Pagamento antecipado');
      expect(html).not.toContain('id="pagamento-antecipado"');
      expect(html).toContain('Finalizar e Enviar para o caixa');
      expect(html).toContain('?dialogo=cancelar-os');
      expect(html).toContain('Sem pagamentos');
    });

    it('an unknown order: "Nenhuma O.S. encontrada" and back to /consulta', async () => {
      for (const path of ['/os/999999', '/os/abc']) {
        const res = await manager.get(path);
        const next = await follow(manager, res, '/consulta');
        expect(toastsOf(next.text)).toContain(TEXT.notFound);
      }
    });
  });

  describe('finished orders (SPEC §4)', () => {
    it('the finish date is the creation date for 107, 108, 204 and 205, and "-" otherwise', async () => {
      const cases: { kind: Kind; id: number; finished: boolean }[] = [];

      const closedNormal = await newNormal();
      await change('normal', closedNormal.id, REPAIR);
      await close(closedNormal.id);
      cases.push({ kind: 'normal', id: closedNormal.id, finished: true }); // 108

      const cancelledNormal = await newNormal();
      await cancel(cancelledNormal.id);
      cases.push({ kind: 'normal', id: cancelledNormal.id, finished: true }); // 107

      const closedReturn = await newReturned((await newNormal()).id);
      await change('returned', closedReturn.id, {
        status: 201,
        fix_value_final: 10,
        fix_payment_method: 'Pix',
      });
      await close(closedReturn.id);
      cases.push({ kind: 'returned', id: closedReturn.id, finished: true }); // 205

      const cancelledReturn = await newReturned((await newNormal()).id);
      await cancel(cancelledReturn.id);
      cases.push({ kind: 'returned', id: cancelledReturn.id, finished: true }); // 204

      const closedExternal = await newExternal();
      await close(closedExternal.id);
      cases.push({ kind: 'external', id: closedExternal.id, finished: false }); // 301

      const cancelledExternal = await newExternal();
      await cancel(cancelledExternal.id);
      cases.push({ kind: 'external', id: cancelledExternal.id, finished: false }); // 302

      const openNormal = await newNormal();
      await change('normal', openNormal.id, { status: 106 });
      cases.push({ kind: 'normal', id: openNormal.id, finished: false });

      for (const c of cases) {
        const order = await getOrder(c.kind, c.id);
        const html = (await manager.get(`/os/${c.id}`)).text;
        expect(shown(html, 'Data de finalização'), `${c.kind} ${order.status}`).toBe(
          c.finished ? formatDisplayDate(order.created_at, TZ) : '-',
        );
      }
    });

    it('closed and cancelled orders: no Edit link, only the print buttons; their edit screens go back to the detail', async () => {
      const closed = await newNormal();
      await change('normal', closed.id, REPAIR);
      await close(closed.id);
      const cancelledReturn = await newReturned((await newNormal()).id);
      await cancel(cancelledReturn.id);
      const cancelledExternal = await newExternal();
      await cancel(cancelledExternal.id);

      const targets = [
        { id: closed.id, edit: '/editar-os/', label: 'Finalizada', twoCopies: true },
        { id: cancelledReturn.id, edit: '/editar-os-retorno/', label: 'Cancelada', twoCopies: true },
        { id: cancelledExternal.id, edit: '/editar-os-externa/', label: 'Cancelado', twoCopies: false },
      ];
      for (const t of targets) {
        const html = (await manager.get(`/os/${t.id}`)).text;
        expect(shown(html, 'Status')).toBe(t.label);
        expect(html).not.toContain(`${t.edit}${t.id}`);
        expect(html).not.toContain('>Editar<');
        expect(html).toContain(`href="/os/${t.id}/imprimir"`);
        expect(html.includes(`href="/os/${t.id}/imprimir?vias=2"`)).toBe(t.twoCopies);
        expect(html).not.toContain('Finalizar e Enviar para o caixa');
        expect(html).not.toContain('Cancelar O.S.');
        expect(html).not.toContain('Pagamento antecipado');
        expect(html).not.toContain('dialogo=');
        expect(html).not.toContain('<dialog');
        const actions = /<div class="actions os-actions">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
        // The sheet, the two copies (not for external orders) and the delivery sheet.
        expect(actions).toContain(`href="/os/${t.id}/entrega"`);
        expect([...actions.matchAll(/<(a|button)\b/g)].length).toBe(t.twoCopies ? 3 : 2);

        const edit = await manager.get(`${t.edit}${t.id}`);
        expect(edit.status).toBe(303);
        expect(edit.headers.location).toBe(`/os/${t.id}`);
      }
    });
  });

  describe('upfront payment (SPEC §5, §8)', () => {
    it('refuses an empty form with each message under its field, the dialog still open', async () => {
      const order = await newNormal();
      const res = await refusedPage(
        manager,
        await post(manager, order.id, 'pagamento-antecipado', {
          description: '',
          value: '',
          payment_method: '',
        }),
        `/os/${order.id}`,
      );
      expect(dialogOpen(res.text, 'pagamento-antecipado')).toBe(true);
      expect(fieldErrorOf(res.text, 'up-description')).toBe('Descrição obrigatória');
      expect(fieldErrorOf(res.text, 'up-value')).toBe('Valor obrigatório');
      expect(fieldErrorOf(res.text, 'up-payment_method')).toBe('Valor obrigatório');
      expect((await getOrder('normal', order.id)).transactions).toEqual([]);
    });

    it('takes only a payment method of the list: a forged "Bitcoin" is refused under its field, nothing paid', async () => {
      const order = await newNormal();
      const res = await refusedPage(
        manager,
        await post(manager, order.id, 'pagamento-antecipado', {
          description: 'Sinal',
          value: '10,00',
          payment_method: 'Bitcoin',
        }),
        `/os/${order.id}`,
      );
      expect(dialogOpen(res.text, 'pagamento-antecipado')).toBe(true);
      expect(fieldErrorOf(res.text, 'up-payment_method')).toBe(TEXT.methodOffList);
      expect((await getOrder('normal', order.id)).transactions).toEqual([]);
    });

    it('takes "1.234,56" and "10,5", dated today in the shop, and lists them on the page', async () => {
      const order = await newNormal();
      const first = await post(employee, order.id, 'pagamento-antecipado', {
        description: 'Sinal',
        value: '1.234,56',
        payment_method: 'Pix',
      });
      const page = await follow(employee, first, `/os/${order.id}`);
      expect(toastsOf(page.text)).toEqual([TEXT.upfrontDone]);
      const second = await post(employee, order.id, 'pagamento-antecipado', {
        description: 'Complemento',
        value: '10,5',
        payment_method: 'Dinheiro',
      });
      const after = await follow(employee, second, `/os/${order.id}`);

      const saved = (await getOrder('normal', order.id)).transactions as Tx[];
      expect(saved.map((t) => [t.type, t.value, t.description, t.payment_method, t.date])).toEqual([
        [101, 1234.56, 'Sinal', 'Pix', todayInShop(TZ)],
        [101, 10.5, 'Complemento', 'Dinheiro', todayInShop(TZ)],
      ]);
      const today = formatDisplayDate(todayInShop(TZ), TZ);
      expect(paymentRows(after.text)).toEqual([
        [today, 'PAGAMENTO ADIANTADO', 'Sinal', 'R$ 1.234,56', 'Pix'],
        [today, 'PAGAMENTO ADIANTADO', 'Complemento', 'R$ 10,50', 'Dinheiro'],
      ]);
      expect(after.text).not.toContain('Sem pagamentos');
    });

    it('a failure of the api: "Erro ao criar pagamento antecipado", the dialog kept open with the values', async () => {
      const order = await newNormal();
      // A NUL byte (a control character): the api refuses the body.
      const res = await refusedPage(
        manager,
        await post(manager, order.id, 'pagamento-antecipado', {
          description: 'Sinal\u0000',
          value: '10,00',
          payment_method: 'Pix',
        }),
        `/os/${order.id}`,
      );
      expect(toastsOf(res.text)).toEqual([TEXT.upfrontFailed]);
      expect(dialogOpen(res.text, 'pagamento-antecipado')).toBe(true);
      expect(inputValue(res.text, 'value')).toBe('10,00');
      expect((await getOrder('normal', order.id)).transactions).toEqual([]);
    });

    // A finished one says why instead (the test 'a payment sent from a page left open…' below).
    it('refused by the api for an external order (it takes none, SPEC §2): the failure toast', async () => {
      const ext = await newExternal();
      const res = await refusedPage(
        manager,
        await post(
          manager,
          ext.id,
          'pagamento-antecipado',
          { description: 'Sinal', value: '10,00', payment_method: 'Pix' },
          STALE,
        ),
        `/os/${ext.id}`,
      );
      expect(toastsOf(res.text)).toEqual([TEXT.upfrontFailed]);
      expect((await getOrder('external', ext.id)).transactions).toEqual([]);
    });
  });

  describe('Finalizar e Enviar para o caixa', () => {
    it('without a final value and payment method: the failure toast, the order still open', async () => {
      const order = await newNormal();
      const res = await post(manager, order.id, 'finalizar', { confirmado: 'sim' });
      // Post/redirect/get: the order's page shows the toast; a reload sends nothing again.
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/os/${order.id}`);
      expect(toastsOf((await manager.get(`/os/${order.id}`)).text)).toEqual([TEXT.closeFailed]);
      expect((await getOrder('normal', order.id)).status).toBe(100);
    });

    it('an order without its final value or payment method: the dialog says so at once and leads to Editar', async () => {
      const order = await newNormal();
      await change('normal', order.id, { ...REPAIR, fix_payment_method: null });
      const page = (await employee.get(`/os/${order.id}?dialogo=finalizar`)).text;
      const dialog = /<dialog id="finalizar"[\s\S]*?<\/dialog>/.exec(page)?.[0] ?? '';
      expect(decodeEntities(dialog)).toContain(
        'Para ir para o caixa, a O.S. precisa de Valor Final e Forma de Pagamento. Preencha em Editar e volte a finalizar.',
      );
      expect(dialog).toContain(`<a class="button primary" href="/editar-os/${order.id}">Editar</a>`);
      expect(dialog).not.toContain('Confirmar e enviar ao caixa');
      // Priced and with its method: the confirmation as usual.
      await change('normal', order.id, REPAIR);
      const ready = (await employee.get(`/os/${order.id}?dialogo=finalizar`)).text;
      expect(ready).toContain('>Confirmar e enviar ao caixa</button>');
      expect(ready).not.toContain('Preencha em Editar');
    });

    it('asks first: the confirmation shows the final value, the upfront payments and what goes to the cash', async () => {
      const order = await newNormal();
      await change('normal', order.id, { ...REPAIR, fix_value_final: 300 });
      await created('POST', '/transactions/upfront-payment/service-order', {
        service_order_id: order.id,
        value: 120.5,
        description: 'Sinal',
        payment_method: 'Pix',
      });
      // A bare POST (no confirmation) books nothing and opens the confirmation.
      const bare = await post(employee, order.id, 'finalizar', {});
      expect(bare.status).toBe(303);
      expect(bare.headers.location).toBe(`/os/${order.id}?dialogo=finalizar`);
      expect((await getOrder('normal', order.id)).status).toBe(104);
      const page = await employee.get(bare.headers.location as string);
      expect(dialogOpen(page.text, 'finalizar')).toBe(true);
      const dialog = /<dialog id="finalizar"[\s\S]*?<\/dialog>/.exec(page.text)?.[0] ?? '';
      expect(shown(dialog, 'Valor final')).toBe('R$ 300,00');
      expect(shown(dialog, 'Pagamentos antecipados')).toBe('R$ 120,50');
      expect(shown(dialog, 'Vai para o caixa')).toBe('R$ 179,50');
      expect(shown(dialog, 'Forma de pagamento')).toBe('Pix');
      expect(dialog).toContain('>Cancelar</button>');
      const confirmed = await post(employee, order.id, 'finalizar', { confirmado: 'sim' });
      await follow(employee, confirmed, `/os/${order.id}`);
      const saved = await getOrder('normal', order.id);
      expect(saved.status).toBe(108);
      expect((saved.transactions as Tx[]).find((t) => t.type === 102)?.value).toBe(179.5);
    });

    // Decision 032: a manager deleted the close entry, which reopened the order. The confirmation that
    // booked it, sent again (Back and Confirmar, another tab), opens the order and books nothing.
    it('the same confirmation sent again after the order was reopened books nothing a second time', async () => {
      const order = await newNormal();
      await change('normal', order.id, { ...REPAIR, fix_value_final: 90 });
      const page = await employee.get(`/os/${order.id}?dialogo=finalizar`);
      const dialog = /<dialog id="finalizar"[\s\S]*?<\/dialog>/.exec(page.text)?.[0] ?? '';
      const fields = Object.fromEntries(
        [...dialog.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
          m[1],
          decodeEntities(m[2] ?? ''),
        ]),
      );
      expect(fields._key).toBeTruthy();
      const send = () => employee.post(`/os/${order.id}/finalizar`).type('form').send(fields);
      const first = await follow(employee, await send(), `/os/${order.id}`);
      expect(toastsOf(first.text)).toEqual([TEXT.closed]);
      const booked = ((await getOrder('normal', order.id)).transactions as Tx[]).find((t) => t.type === 102);
      const deleted = await api('DELETE', `/transactions/${booked?.id}`, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      expect(deleted.status).toBe(200);
      expect((await getOrder('normal', order.id)).status).toBe(104);
      const again = await follow(employee, await send(), `/os/${order.id}`);
      expect(toastsOf(again.text)).toEqual([
        'Esta confirmação já tinha enviado a O.S. ao caixa, e esse envio foi desfeito no caixa depois: nada foi lançado de novo. Para enviar de novo, use Finalizar.',
      ]);
      const now = await getOrder('normal', order.id);
      expect(now.status).toBe(104);
      expect((now.transactions as Tx[]).filter((t) => t.type === 102)).toEqual([]);
    });

    it('after an upfront payment: writes what the api says and shows it in the payments list', async () => {
      const order = await newNormal();
      const edit = await postForm(
        employee,
        `/editar-os/${order.id}`,
        {
          status: '104',
          product_name: 'Notebook',
          fix_value_final: '150,50',
          fix_payment_method: 'Cartão de Crédito',
        },
        `/editar-os/${order.id}`,
      );
      await follow(employee, edit, `/os/${order.id}`);
      const upfront = await post(employee, order.id, 'pagamento-antecipado', {
        description: 'Sinal',
        value: '50',
        payment_method: 'Pix',
      });
      await follow(employee, upfront, `/os/${order.id}`);

      const res = await post(employee, order.id, 'finalizar', { confirmado: 'sim' });
      const page = await follow(employee, res, `/os/${order.id}`);
      expect(toastsOf(page.text)).toEqual([TEXT.closed]);

      const saved = await getOrder('normal', order.id);
      expect(saved.status).toBe(108);
      const entries = saved.transactions as Tx[];
      expect(entries.map((t) => t.type)).toEqual([101, 102]);
      expect(entries[1]?.value).toBe(100.5);
      expect(entries[1]?.date).toBe(todayInShop(TZ));
      expect(paymentRows(page.text)).toEqual(
        entries.map((t) => [
          formatDisplayDate(t.date, TZ),
          transactionLabel(t.type),
          t.description || '-',
          brl(t.value),
          t.payment_method ?? '-',
        ]),
      );
      expect(shown(page.text, 'Status')).toBe('Finalizada');
      expect(shown(page.text, 'Data de finalização')).toBe(formatDisplayDate(saved.created_at, TZ));
      expect(page.text).not.toContain('Finalizar e Enviar para o caixa');

      // Sending it again (a retry after an answer that was lost): the order as it is, said so, nothing
      // booked twice, and never the failure text that blames the values.
      const again = await post(employee, order.id, 'finalizar', { confirmado: 'sim' }, STALE);
      const shownAgain = await follow(employee, again, `/os/${order.id}`);
      expect(toastsOf(shownAgain.text)).toEqual([SETTLED_TEXT.serviceOrder.closed]);
      expect(shown(shownAgain.text, 'Status')).toBe('Finalizada');
      expect(((await getOrder('normal', order.id)).transactions as Tx[]).length).toBe(2);
      // Cancelling it now: not possible, and the toast says why.
      const cancelClosed = await post(employee, order.id, 'cancelar', { cancel_motive: 'Tarde' }, STALE);
      expect(toastsOf((await follow(employee, cancelClosed, `/os/${order.id}`)).text)).toEqual([
        SETTLED_TEXT.serviceOrder.cancelClosed,
      ]);
      expect(((await getOrder('normal', order.id)).transactions as Tx[]).length).toBe(2);
    });

    it('two tabs: B changes the value and method after A opened the confirmation; A books nothing and sees the new figures', async () => {
      const order = await newNormal();
      await change('normal', order.id, { ...REPAIR, fix_value_final: 1335, fix_payment_method: 'Pix' });
      await created('POST', '/transactions/upfront-payment/service-order', {
        service_order_id: order.id,
        value: 100,
        description: 'Sinal',
        payment_method: 'Pix',
      });
      const tabA = closeDialogOf((await employee.get(`/os/${order.id}?dialogo=finalizar`)).text);
      expect(shown(tabA.dialog, 'Vai para o caixa')).toBe('R$ 1.235,00');
      expect(shown(tabA.dialog, 'Forma de pagamento')).toBe('Pix');
      // Tab B.
      await change('normal', order.id, { fix_value_final: 2000, fix_payment_method: 'Dinheiro' });

      const res = await employee.post(`/os/${order.id}/finalizar`).type('form').send(tabA.fields);
      const page = await refusedPage(employee, res, `/os/${order.id}`);
      const saved = await getOrder('normal', order.id);
      expect(saved.status).toBe(104);
      expect((saved.transactions as Tx[]).map((t) => t.type)).toEqual([101]);
      expect(dialogOpen(page.text, 'finalizar')).toBe(true);
      const again = closeDialogOf(page.text);
      expect(again.dialog).toContain(CLOSE_CHANGED_TEXT.serviceOrder);
      expect(shown(again.dialog, 'Valor final')).toBe('R$ 2.000,00');
      expect(shown(again.dialog, 'Vai para o caixa')).toBe('R$ 1.900,00');
      expect(shown(again.dialog, 'Forma de pagamento')).toBe('Dinheiro');
      expect(toastsOf(page.text)).toEqual([]);

      // Confirmed again over the figures now shown: booked as shown.
      const confirmed = await employee.post(`/os/${order.id}/finalizar`).type('form').send(again.fields);
      const done = await follow(employee, confirmed, `/os/${order.id}`);
      expect(toastsOf(done.text)).toEqual([TEXT.closed]);
      const closedEntry = ((await getOrder('normal', order.id)).transactions as Tx[]).find(
        (t) => t.type === 102,
      );
      expect([closedEntry?.value, closedEntry?.payment_method]).toEqual([1900, 'Dinheiro']);
      // The same confirmation sent again (a double click, a retry): done already, nothing booked twice.
      const repeated = await employee.post(`/os/${order.id}/finalizar`).type('form').send(again.fields);
      const shownAgain = await follow(employee, repeated, `/os/${order.id}`);
      expect(toastsOf(shownAgain.text)).toEqual([SETTLED_TEXT.serviceOrder.closed]);
      expect(((await getOrder('normal', order.id)).transactions as Tx[]).map((t) => t.type)).toEqual([
        101, 102,
      ]);
    });

    it('against a backend without versions the figures shown are compared instead', async () => {
      const order = await newNormal();
      await change('normal', order.id, { ...REPAIR, fix_value_final: 300 });
      const { fields } = closeDialogOf((await employee.get(`/os/${order.id}?dialogo=finalizar`)).text);
      delete fields._version;
      expect(fields._loaded).toBeTruthy();
      await created('POST', '/transactions/upfront-payment/service-order', {
        service_order_id: order.id,
        value: 50,
        description: 'Sinal',
        payment_method: 'Pix',
      });
      const res = await employee.post(`/os/${order.id}/finalizar`).type('form').send(fields);
      const page = await refusedPage(employee, res, `/os/${order.id}`);
      expect(closeDialogOf(page.text).dialog).toContain(CLOSE_CHANGED_TEXT.serviceOrder);
      expect(shown(closeDialogOf(page.text).dialog, 'Vai para o caixa')).toBe('R$ 250,00');
      expect((await getOrder('normal', order.id)).status).toBe(104);
    });
  });

  describe('paid beyond the final value', () => {
    it('an upfront payment past what is still owed is refused on its field, the typing kept', async () => {
      const order = await newNormal();
      await change('normal', order.id, { ...REPAIR, fix_value_final: 10.5 });
      await created('POST', '/transactions/upfront-payment/service-order', {
        service_order_id: order.id,
        value: 1.17,
        description: 'Sinal',
        payment_method: 'Pix',
      });
      const res = await refusedPage(
        employee,
        await post(employee, order.id, 'pagamento-antecipado', {
          description: 'Resto',
          value: '1.050,00',
          payment_method: 'Pix',
        }),
        `/os/${order.id}`,
      );
      expect(dialogOpen(res.text, 'pagamento-antecipado')).toBe(true);
      expect(fieldErrorOf(res.text, 'up-value')).toBe('O valor passa do que falta receber (R$ 9,33)');
      // SPEC §8's failure toast too, as when the api refuses it.
      expect(toastsOf(res.text)).toEqual(['Erro ao criar pagamento antecipado']);
      expect(inputValue(res.text, 'value')).toBe('1.050,00');
      expect(inputValue(res.text, 'description')).toBe('Resto');
      expect(((await getOrder('normal', order.id)).transactions as Tx[]).map((t) => t.value)).toEqual([1.17]);

      // Exactly what is owed is taken.
      const rest = await post(employee, order.id, 'pagamento-antecipado', {
        description: 'Resto',
        value: '9,33',
        payment_method: 'Pix',
      });
      const page = await follow(employee, rest, `/os/${order.id}`);
      expect(toastsOf(page.text)).toEqual([TEXT.upfrontDone]);
      expect(shown(page.text, 'Falta receber')).toBe('R$ 0,00');
    });

    it('a payment sent from a page left open after the O.S. went to the cash says why, and books nothing', async () => {
      const order = await newNormal();
      await change('normal', order.id, { ...REPAIR, fix_value_final: 80 });
      await created('POST', '/transactions/close/service-order', { service_order_id: order.id });
      const sent = await post(employee, order.id, 'pagamento-antecipado', {
        description: 'Sinal',
        value: '10,00',
        payment_method: 'Pix',
      });
      const page = await follow(employee, sent, `/os/${order.id}`);
      expect(toastsOf(page.text)).toEqual([
        'Esta O.S. já foi enviada ao caixa e não recebe mais pagamento antecipado.',
      ]);
      expect(((await getOrder('normal', order.id)).transactions as Tx[]).map((t) => t.type)).toEqual([102]);
    });

    it('the value lowered after the payments: "Pago a mais" on the page and in the confirmation', async () => {
      const order = await newNormal();
      await change('normal', order.id, { ...REPAIR, fix_value_final: 100 });
      await created('POST', '/transactions/upfront-payment/service-order', {
        service_order_id: order.id,
        value: 100,
        description: 'Sinal',
        payment_method: 'Pix',
      });
      await change('normal', order.id, { fix_value_final: 90.67 });
      const html = (await employee.get(`/os/${order.id}?dialogo=finalizar`)).text;
      expect(shown(html, 'Total pago')).toBe('R$ 100,00');
      expect(shown(html, 'Pago a mais')).toBe('R$ 9,33');
      expect(valuesOf(html, 'Falta receber')).toEqual([]);
      const { dialog } = closeDialogOf(html);
      expect(shown(dialog, 'Vai para o caixa')).toBe('R$ 0,00');
      expect(shown(dialog, 'Pago a mais')).toBe('R$ 9,33');
      // The difference stays in the cash as the client's money: the confirmation says what to do with it.
      expect(decodeEntities(dialog).replace(/\s/g, ' ')).toContain(
        'O cliente pagou R$ 9,33 a mais que o Valor Final: devolva essa diferença ao cliente e peça a um gerente que a lance como Saída no Caixa do dia. Se o Valor Final estiver errado, corrija-o em Editar antes de confirmar.',
      );
      expect(dialog).toContain(`href="/editar-os/${order.id}"`);
    });
  });

  describe('Cancelar O.S.', () => {
    it('needs a motive (no message), then cancels without a manager login and goes to /consulta', async () => {
      const order = await newNormal();
      const empty = await refusedPage(
        employee,
        await post(employee, order.id, 'cancelar', { cancel_motive: '  ' }),
        `/os/${order.id}`,
      );
      expect(dialogOpen(empty.text, 'cancelar-os')).toBe(true);
      expect(empty.text).toMatch(/<textarea[^>]*name="cancel_motive"[^>]*aria-invalid="true"/);
      expect(empty.text).not.toContain('cancel-cancel_motive-error');
      expect(toastsOf(empty.text)).toEqual([]);
      expect((await getOrder('normal', order.id)).status).toBe(100);

      const res = await post(employee, order.id, 'cancelar', {
        cancel_motive: 'Cliente desistiu do conserto',
      });
      const consulta = await follow(employee, res, '/consulta');
      expect(toastsOf(consulta.text)).toEqual([TEXT.cancelled]);
      const saved = await getOrder('normal', order.id);
      expect(saved.status).toBe(107);
      expect((saved.transactions as Tx[]).map((t) => [t.type, t.description, t.date])).toEqual([
        [301, 'Cliente desistiu do conserto', todayInShop(TZ)],
      ]);
    });

    it('already cancelled: the order as it is and a toast saying so; it cannot go to the cash', async () => {
      const order = await newNormal();
      await cancel(order.id);
      const res = await post(employee, order.id, 'cancelar', { cancel_motive: 'De novo' }, STALE);
      const page = await follow(employee, res, `/os/${order.id}`);
      expect(toastsOf(page.text)).toEqual([SETTLED_TEXT.serviceOrder.cancelled]);
      expect(shown(page.text, 'Status')).toBe('Cancelada');
      const close = await post(employee, order.id, 'finalizar', { confirmado: 'sim' }, STALE);
      const closed = await follow(employee, close, `/os/${order.id}`);
      expect(toastsOf(closed.text)).toEqual([SETTLED_TEXT.serviceOrder.closeCancelled]);
      expect(((await getOrder('normal', order.id)).transactions as Tx[]).map((t) => t.type)).toEqual([301]);
    });
  });

  describe('delete (manager credentials)', () => {
    it('asks for Usuário and Senha', async () => {
      const order = await newNormal();
      const res = await refusedPage(
        employee,
        await post(employee, order.id, 'deletar', { confirm_username: '', confirm_password: '' }),
        `/os/${order.id}`,
      );
      expect(dialogOpen(res.text, 'deletar-os')).toBe(true);
      expect(fieldErrorOf(res.text, 'deletar-os-confirm_username')).toBe('Usuário obrigatório');
      expect(fieldErrorOf(res.text, 'deletar-os-confirm_password')).toBe('Senha obrigatória');
    });

    it("an employee's credentials: 'Digite uma credencial de gerente válida', the order still there", async () => {
      const order = await newNormal();
      const res = await refusedPage(
        employee,
        await post(employee, order.id, 'deletar', {
          confirm_username: employeeCredentials.username,
          confirm_password: employeeCredentials.password,
        }),
        `/os/${order.id}`,
      );
      expect(toastsOf(res.text)).toEqual([TEXT.notManager]);
      expect(dialogOpen(res.text, 'deletar-os')).toBe(true);
      expect(inputValue(res.text, 'confirm_username')).toBe(employeeCredentials.username);
      expect((await api('GET', `/service-orders/normal/${order.id}`)).status).toBe(200);
      expect((await employee.get(`/os/${order.id}`)).status).toBe(200);
    });

    it('a name no manager has (a NUL byte in it): refused at the confirmation, the order still there', async () => {
      const order = await newNormal();
      // The credentials are confirmed with POST sessions before the delete is sent: the api refuses this
      // sign-in, so the delete's failure toast shows (SPEC §8) and no delete reaches the api.
      const res = await refusedPage(
        employee,
        await post(employee, order.id, 'deletar', {
          confirm_username: 'gerente\u0000',
          confirm_password: MANAGER.password,
        }),
        `/os/${order.id}`,
      );
      expect(toastsOf(res.text)).toEqual([TEXT.deleteFailed]);
      expect((await api('GET', `/service-orders/normal/${order.id}`)).status).toBe(200);
    });

    it("a manager's credentials (typed by an employee): deleted, back to /consulta", async () => {
      const order = await newNormal();
      const res = await post(employee, order.id, 'deletar', {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      const consulta = await follow(employee, res, '/consulta');
      expect(toastsOf(consulta.text)).toEqual([TEXT.deleted]);
      expect((await api('GET', `/service-orders/normal/${order.id}`)).status).toBe(404);
      const gone = await employee.get(`/os/${order.id}`);
      const next = await follow(employee, gone, '/consulta');
      expect(toastsOf(next.text)).toEqual([TEXT.notFound]);
      // The same delete sent again (Back, a double click): done already, not a failure.
      const again = await post(
        employee,
        order.id,
        'deletar',
        { confirm_username: MANAGER.username, confirm_password: MANAGER.password },
        // Any page of ours gives the form's token; this order's page is gone.
        '/cadastrar-cliente',
      );
      const after = await follow(employee, again, '/consulta');
      expect(toastsOf(after.text)).toEqual(['Esta O.S. já tinha sido deletada: nada foi deletado de novo.']);
    });
  });

  describe('Editar O.S. (/editar-os)', () => {
    const formOf = (overrides: Record<string, string>) => ({
      status: '104',
      product_name: 'Notebook',
      product_model: 'Inspiron 15',
      product_brand: 'Dell',
      product_serial: 'SN-4431',
      product_accessories: 'Carregador',
      product_details: 'Não liga',
      fix_technician_name: 'João Técnico',
      fix_date: '10/03/2026',
      fix_description: 'Tela\r\nBateria',
      fix_value_pieces: '',
      fix_value_labor: '',
      fix_value_final: '',
      fix_payment_method: 'Pix',
      ...overrides,
    });

    it('pre-fills the form; the dropdown offers the 11 non-terminal statuses with their codes', async () => {
      const order = await newNormal();
      await change('normal', order.id, REPAIR);
      const page = await manager.get(`/editar-os/${order.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<h1>Editar O.S.: ${order.number}</h1>`);
      expect(statusOptions(page.text)).toEqual([
        { value: '100', label: 'Pendente de Orçamento', selected: false },
        { value: '101', label: 'Orçamento Criado', selected: false },
        { value: '102', label: 'Orçamento Aprovado', selected: false },
        { value: '103', label: 'Peças Pendentes', selected: false },
        { value: '104', label: 'Consertada', selected: true },
        { value: '105', label: 'Cliente Notificado', selected: false },
        { value: '106', label: 'Produto Entregue Sem Recebimento', selected: false },
        { value: '109', label: 'Orçamento Não Aprovado', selected: false },
        { value: '110', label: 'Produto Sem Defeito', selected: false },
        { value: '111', label: 'Não Compensa', selected: false },
        { value: '112', label: 'Sem Peças de Reposição', selected: false },
      ]);
      expect(inputValue(page.text, 'product_name')).toBe('Notebook');
      expect(inputValue(page.text, 'product_details')).toBe('Não liga');
      expect(inputValue(page.text, 'fix_date')).toBe('10/03/2026');
      expect(inputValue(page.text, 'fix_description')).toBe('Tela\nBateria\r\n\nCabo flat');
      expect(inputValue(page.text, 'fix_value_pieces')).toBe('1.234,56');
      expect(inputValue(page.text, 'fix_value_labor')).toBe('80,00');
      expect(inputValue(page.text, 'fix_value_final')).toBe('1.314,56');
      expect(page.text).toMatch(/<option value="Pix" selected="">Pix<\/option>/);
    });

    it('the product name is required ("Digite algo para editar"); the values typed are kept', async () => {
      const order = await newNormal();
      const res = await backToForm(
        manager,
        await postForm(manager, `/editar-os/${order.id}`, formOf({ product_name: ' ', product_model: 'X9' })),
        `/editar-os/${order.id}`,
      );
      expect(res.status).toBe(200);
      expect(fieldErrorOf(res.text, 'f-product_name')).toBe(TEXT.editRequired);
      expect(inputValue(res.text, 'product_model')).toBe('X9');
      expect(toastsOf(res.text)).toEqual([]);
      expect((await getOrder('normal', order.id)).product_model).toBe('Inspiron 15');
    });

    it('refuses 31/02/2026 with a field error; a status outside the list is refused', async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const res = await backToForm(
        manager,
        await postForm(manager, path, formOf({ fix_date: '31/02/2026' })),
        path,
      );
      expect(fieldErrorOf(res.text, 'f-fix_date')).toBe('Data inválida: 31/02/2026 não existe no calendário');
      expect(inputValue(res.text, 'fix_date')).toBe('31/02/2026');

      const terminal = await backToForm(
        manager,
        await postForm(manager, path, formOf({ status: '108' })),
        path,
      );
      expect(fieldErrorOf(terminal.text, 'f-status')).toBeTruthy();
      expect((await getOrder('normal', order.id)).status).toBe(100);
    });

    it('saves money typed as "1.234,56" and "10,5": "O.S. Editada com sucesso!" and back to the detail', async () => {
      const order = await newNormal();
      const res = await postForm(
        manager,
        `/editar-os/${order.id}`,
        formOf({
          status: '105',
          fix_value_pieces: '10,5',
          fix_value_labor: '1.224,06',
          fix_value_final: '1.234,56',
        }),
      );
      const page = await follow(manager, res, `/os/${order.id}`);
      expect(toastsOf(page.text)).toEqual([TEXT.edited]);
      const saved = await getOrder('normal', order.id);
      expect(saved).toMatchObject({
        status: 105,
        fix_value_pieces: 10.5,
        fix_value_labor: 1224.06,
        fix_value_final: 1234.56,
        fix_date: '2026-03-10',
        fix_description: 'Tela\r\nBateria',
        fix_payment_method: 'Pix',
      });
      expect(shown(page.text, 'Valor das peças')).toBe('R$ 10,50');
      expect(shown(page.text, 'Valor final')).toBe('R$ 1.234,56');
      expect(shown(page.text, 'Peças')).toBe('Tela; Bateria');
      expect(shown(page.text, 'Status')).toBe('Cliente Notificado');
    });

    it('a payment method off the list is refused, unless it is the one the order already has (older data)', async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const forged = await refusedPage(
        manager,
        await postForm(manager, path, formOf({ fix_payment_method: 'Fiado' })),
        path,
      );
      expect(fieldErrorOf(forged.text, 'f-fix_payment_method')).toBe(TEXT.methodOffList);
      expect((await getOrder('normal', order.id)).fix_payment_method).not.toBe('Fiado');
      // An older backend's free text stays editable with it.
      await change('normal', order.id, { fix_payment_method: 'Fiado' });
      const kept = await postForm(
        manager,
        path,
        formOf({ product_model: 'Inspiron 16', fix_payment_method: 'Fiado' }),
      );
      expect(toastsOf((await follow(manager, kept, `/os/${order.id}`)).text)).toEqual([TEXT.edited]);
      expect(await getOrder('normal', order.id)).toMatchObject({
        product_model: 'Inspiron 16',
        fix_payment_method: 'Fiado',
      });
    });

    it('a failure of the api: the edit-failure toast, the values kept', async () => {
      const order = await newNormal();
      // A NUL byte (a control character): the api refuses the body.
      const path = `/editar-os/${order.id}`;
      const res = await backToForm(
        manager,
        await postForm(manager, path, formOf({ product_details: 'Tela\u0000quebrada', product_model: 'Z3' })),
        path,
      );
      expect(toastsOf(res.text)).toEqual([TEXT.editFailed]);
      expect(inputValue(res.text, 'product_model')).toBe('Z3');
      expect((await getOrder('normal', order.id)).product_model).toBe('Inspiron 15');
    });

    it('a save that arrives after the order was finished: nothing saved, the typing shown to copy', async () => {
      const order = await newNormal();
      const form = formOf({ product_serial: 'SN-DIGITADO' });
      await cancel(order.id);
      const path = `/editar-os/${order.id}`;
      const page = await backToForm(manager, await postForm(manager, path, form, STALE), path);
      expect(page.status).toBe(200);
      expect(decodeEntities(page.text)).toContain(TEXT.finishedWhileEditing);
      expect(page.text).toContain('SN-DIGITADO');
      expect(page.text).not.toContain('Salvar por cima');
      expect(page.text).not.toContain(TEXT.editFailed);
      expect((await getOrder('normal', order.id)).status).toBe(107);
    });

    it('an upfront payment taken in another tab changes none of the edit form: the edit is saved', async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const tab = editFormOf((await manager.get(path)).text);
      await created('POST', '/transactions/upfront-payment/service-order', {
        service_order_id: order.id,
        value: 50,
        description: 'Sinal',
        payment_method: 'Pix',
      });
      const saved = await manager
        .post(path)
        .type('form')
        .send({ ...tab, product_serial: 'SN-DEPOIS' });
      expect(saved.headers.location).toBe(`/os/${order.id}`);
      expect(await getOrder('normal', order.id)).toMatchObject({ product_serial: 'SN-DEPOIS' });
    });

    it('the same save sent twice (Back and Salvar again) is not a conflict: it says it is saved already', async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const typed = {
        ...editFormOf((await manager.get(path)).text),
        status: '104',
        fix_value_final: '300,00',
      };
      const first = await manager.post(path).type('form').send(typed);
      expect(first.headers.location).toBe(`/os/${order.id}`);
      await manager.get(`/os/${order.id}`);
      const again = await manager.post(path).type('form').send(typed);
      expect(again.headers.location).toBe(`/os/${order.id}`);
      const page = await manager.get(`/os/${order.id}`);
      expect(toastsOf(page.text)).toEqual(['O que você digitou já está salvo: nada foi alterado.']);
      // One word different is a real conflict: both shown, as before.
      const other = await manager
        .post(path)
        .type('form')
        .send({ ...typed, fix_value_final: '310,00' });
      expect(other.headers.location).toContain(path);
      expect(await getOrder('normal', order.id)).toMatchObject({ status: 104, fix_value_final: 300 });
    });

    it('two tabs: B sets Consertada, Bia, R$ 500; A, opened before, changes the serial: refused, both shown; A saves over keeping B', async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const tabA = editFormOf((await manager.get(path)).text);
      const tabB = editFormOf((await employee.get(path)).text);
      expect(tabA._loaded).toBeTruthy();
      expect(tabA._version).toBe('1');

      const saved = await employee
        .post(path)
        .type('form')
        .send({ ...tabB, status: '104', fix_technician_name: 'Bia', fix_value_final: '500,00' });
      expect(saved.headers.location).toBe(`/os/${order.id}`);

      const refused = await manager
        .post(path)
        .type('form')
        .send({ ...tabA, product_serial: 'SN-NOVO' });
      const page = await backToForm(manager, refused, path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Outra pessoa alterou esta O.S.');
      expect(decodeEntities(page.text)).toContain(
        'Enquanto você editava, outra pessoa salvou esta O.S. Nada do que você digitou foi perdido',
      );
      // A changed only the serial: B's status, technician and value are on A's side too, not A's stale copy.
      const rows = conflictRowsOf(page.text);
      expect(rows).toContainEqual(['Status', 'Consertada', 'Consertada']);
      expect(rows).toContainEqual(['Técnico', 'Bia', 'Bia']);
      expect(rows).toContainEqual(['Valor final', '500,00', '500,00']);
      expect(rows.find((r) => r[0] === 'Número de série')?.[2]).toBe('SN-NOVO');
      expect(await getOrder('normal', order.id)).toMatchObject({
        status: 104,
        fix_technician_name: 'Bia',
        fix_value_final: 500,
        product_serial: 'SN-4431',
      });
      expect(page.text).toContain(`<a class="button secondary" href="/os/${order.id}">Descartar o meu</a>`);

      // Salvar por cima: A's change, now over the version it was shown beside; B's repair stays.
      const again = await manager.post(path).type('form').send(editFormOf(page.text));
      expect(again.headers.location).toBe(`/os/${order.id}`);
      expect(await getOrder('normal', order.id)).toMatchObject({
        status: 104,
        product_serial: 'SN-NOVO',
        fix_technician_name: 'Bia',
        fix_value_final: 500,
      });
    });

    it("parts, labour and final value are merged as one: A's parts never go out beside B's final", async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const tabA = editFormOf((await manager.get(path)).text);
      const tabB = editFormOf((await employee.get(path)).text);
      // B's parts, the final left blank: worked out as 120,50.
      await employee
        .post(path)
        .type('form')
        .send({ ...tabB, fix_value_pieces: '120,50', fix_value_final: '' });
      expect(await getOrder('normal', order.id)).toMatchObject({ fix_value_final: 120.5 });
      const page = await backToForm(
        manager,
        await manager
          .post(path)
          .type('form')
          .send({ ...tabA, fix_value_pieces: '99,90', fix_value_final: '' }),
        path,
      );
      const rows = conflictRowsOf(page.text);
      expect(rows).toContainEqual(['Valor final', '120,50', '-']);
      expect(rows).toContainEqual(['Valor das peças', '120,50', '99,90']);
      const again = await manager.post(path).type('form').send(editFormOf(page.text));
      expect(again.headers.location).toBe(`/os/${order.id}`);
      // A's sum, as A's save alone would have made it.
      expect(await getOrder('normal', order.id)).toMatchObject({
        fix_value_pieces: 99.9,
        fix_value_final: 99.9,
      });
    });

    it('A changed nothing while B saved: no comparison to decide, the order as saved with a notice', async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const tabA = editFormOf((await manager.get(path)).text);
      const tabB = editFormOf((await employee.get(path)).text);
      await employee
        .post(path)
        .type('form')
        .send({ ...tabB, product_model: 'Modelo de B' });
      const refused = await manager.post(path).type('form').send(tabA);
      const shown = await manager.get(String(refused.headers.location));
      expect(shown.status).toBe(303);
      expect(shown.headers.location).toBe(`/os/${order.id}`);
      expect(toastsOf((await manager.get(`/os/${order.id}`)).text)).toEqual([
        'Outra pessoa salvou enquanto você editava, e você não tinha mudado nada: abrimos como está salvo agora.',
      ]);
      expect((await getOrder('normal', order.id)).product_model).toBe('Modelo de B');
    });

    it('B sent it to the cash first: A keeps the typing and a clear message, never "Cheque suas credenciais"', async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const tabA = editFormOf((await manager.get(path)).text);
      await change('normal', order.id, REPAIR);
      await close(order.id);
      const page = await backToForm(
        manager,
        await manager
          .post(path)
          .type('form')
          .send({ ...tabA, product_serial: 'SN-DE-A', product_details: 'Texto longo de A' }),
        path,
      );
      expect(page.status).toBe(200);
      expect(decodeEntities(page.text)).toContain(TEXT.finishedWhileEditing);
      expect(page.text).not.toContain(TEXT.editFailed);
      const rows = conflictRowsOf(page.text);
      expect(rows.find((r) => r[0] === 'Número de série')?.[2]).toBe('SN-DE-A');
      expect(rows.find((r) => r[0] === 'Defeito Reclamado')?.[2]).toBe('Texto longo de A');
      expect(rows.find((r) => r[0] === 'Status')?.[1]).toBe('Finalizada');
    });

    it('against a backend without versions (SPEC §7 only) the loaded values are compared instead', async () => {
      const bare = await listenRelay((req, res) => {
        // Strips `version` from every answer, as a SPEC-only backend would send them.
        const chunks: Buffer[] = [];
        const upstream = new URL(web.api.url);
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', async () => {
          const answer = await fetch(new URL(req.url ?? '/', upstream), {
            method: req.method ?? 'GET',
            headers: Object.fromEntries(
              Object.entries(req.headers).filter(
                ([k]) => !['host', 'content-length', 'connection'].includes(k),
              ),
            ) as Record<string, string>,
            ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
          });
          const text = await answer.text();
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(text.replace(/"version":\d+,?/g, '').replace(/,}/g, '}'));
        });
      });
      const other = await startTestWeb({ api: web.api, apiUrl: bare.url });
      try {
        const agent = await signIn(other);
        const order = await newNormal();
        const path = `/editar-os/${order.id}`;
        const tabA = editFormOf((await agent.get(path)).text);
        expect(tabA._version).toBeUndefined();
        await change('normal', order.id, { status: 104, fix_technician_name: 'Bia' });
        const page = await backToForm(
          agent,
          await agent
            .post(path)
            .type('form')
            .send({ ...tabA, product_serial: 'SN-A' }),
          path,
        );
        expect(page.status).toBe(200);
        // The loaded values ride with the form, so the merge works without versions too.
        expect(conflictRowsOf(page.text)).toContainEqual(['Técnico', 'Bia', 'Bia']);
        expect(conflictRowsOf(page.text).find((r) => r[0] === 'Número de série')?.[2]).toBe('SN-A');
        expect((await getOrder('normal', order.id)).product_serial).toBe('SN-4431');
      } finally {
        await other.stop();
        await bare.stop();
      }
    });

    it('the session ends mid-form: sign in again and the form opens with the typing back', async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const tab = await signIn(web);
      const form = editFormOf((await tab.get(path)).text);
      // Another tab's Sair ends the session.
      await postForm(tab, '/sair', {}, '/configuracoes');
      const sent = await tab
        .post(path)
        .type('form')
        .send({ ...form, product_serial: 'SN-GUARDADO', product_details: 'Linha 1\r\nLinha 2' });
      expect(sent.status).toBe(303);
      const login = String(sent.headers.location);
      expect(login).toMatch(/^\/\?next=%2Feditar-os%2F\d+%3Frascunho%3D[\w-]{22}$/);
      const page = await tab.get(login);
      expect(page.status).toBe(200);
      expect(toastsOf(page.text)).toEqual([
        'Sua sessão expirou. Entre novamente: o que você digitou foi guardado e volta ao formulário.',
      ]);
      expect(page.text).not.toContain('Formulário expirado');
      const next = decodeURIComponent(login.slice('/?next='.length));
      const signedIn = await postForm(
        tab,
        '/',
        { username: MANAGER.username, password: MANAGER.password, next },
        login,
      );
      expect(signedIn.headers.location).toBe(next);
      const restored = await tab.get(next);
      expect(restored.status).toBe(200);
      expect(inputValue(restored.text, 'product_serial')).toBe('SN-GUARDADO');
      expect(inputValue(restored.text, 'product_details')).toBe('Linha 1\r\nLinha 2');
      expect(toastsOf(restored.text)).toEqual(['O que você digitou foi recuperado. Confira e salve.']);
      // The draft holds no secret: the CSRF token of the lost session is not in it.
      expect(restored.text).not.toContain(form._csrf);
      const saved = await tab.post(path).type('form').send(editFormOf(restored.text));
      expect(saved.headers.location).toBe(`/os/${order.id}`);
      expect((await getOrder('normal', order.id)).product_serial).toBe('SN-GUARDADO');
    });

    it('Back after a refused save shows the form again without resubmitting (post/redirect/get)', async () => {
      const order = await newNormal();
      const path = `/editar-os/${order.id}`;
      const form = editFormOf((await manager.get(path)).text);
      const refused = await manager
        .post(path)
        .type('form')
        .send({ ...form, fix_date: '99/99/2026' });
      const draftPage = String(refused.headers.location);
      // The refused form is a GET address: loading it again (Back, reload) repeats nothing.
      const once = await manager.get(draftPage);
      const twice = await manager.get(draftPage);
      expect(fieldErrorOf(once.text, 'f-fix_date')).toBe(
        'Data inválida: 99/99/2026 não existe no calendário',
      );
      expect(fieldErrorOf(twice.text, 'f-fix_date')).toBe(
        'Data inválida: 99/99/2026 não existe no calendário',
      );
      expect(inputValue(twice.text, 'fix_date')).toBe('99/99/2026');
      expect((await getOrder('normal', order.id)).fix_date).toBeNull();
    });

    it('an order of another kind goes to its own detail; an unknown one to /consulta', async () => {
      const ext = await newExternal();
      const res = await manager.get(`/editar-os/${ext.id}`);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/os/${ext.id}`);
      for (const path of ['/editar-os/999999', '/editar-os-retorno/999999', '/editar-os-externa/abc']) {
        const next = await follow(manager, await manager.get(path), '/consulta');
        expect(toastsOf(next.text)).toContain(TEXT.notFound);
      }
    });
  });

  describe('Editar O.S. de retorno (/editar-os-retorno)', () => {
    const formOf = (overrides: Record<string, string>) => ({
      status: '201',
      return_motive: 'Voltou a desligar',
      fix_technician_name: 'Ana',
      fix_date: '02/05/2026',
      fix_description: 'Conector\nFusível',
      fix_value_pieces: '20',
      fix_value_labor: '30,5',
      fix_value_final: '50,50',
      fix_payment_method: 'Dinheiro',
      ...overrides,
    });

    it('title, the 8 statuses of a return with their labels, the motive and the new repair', async () => {
      const original = await newNormal();
      const ret = await newReturned(original.id);
      const page = await manager.get(`/editar-os-retorno/${ret.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<h1>Editar O.S.: ${ret.number}</h1>`);
      expect(statusOptions(page.text).map((o) => [o.value, o.label])).toEqual([
        ['200', 'Pendente'],
        ['201', 'Consertada'],
        ['202', 'Cliente Notificado'],
        ['203', 'Produto Entregue Sem Recebimento'],
        ['206', 'Orçamento Não Aprovado'],
        ['207', 'Produto Sem Defeito'],
        ['208', 'Não Compensa'],
        ['209', 'Sem Peças de Reposição'],
      ]);
      expect(statusOptions(page.text).find((o) => o.selected)?.value).toBe('200');
      expect(inputValue(page.text, 'return_motive')).toBe('Voltou a desligar');
      expect(page.text).toContain('<legend>Novo conserto</legend>');
      for (const name of ['fix_technician_name', 'fix_date', 'fix_description', 'fix_value_final']) {
        expect(inputValue(page.text, name)).toBe('');
      }
      expect(page.text).not.toContain('name="product_name"');
    });

    it('the return reason is required ("Digite algo para editar")', async () => {
      const ret = await newReturned((await newNormal()).id);
      const path = `/editar-os-retorno/${ret.id}`;
      const res = await backToForm(
        manager,
        await postForm(manager, path, formOf({ return_motive: '' })),
        path,
      );
      expect(fieldErrorOf(res.text, 'f-return_motive')).toBe(TEXT.editRequired);
      expect(inputValue(res.text, 'fix_value_labor')).toBe('30,5');
    });

    it('saves: "O.S. de Retorno editada com sucesso!"; a failure of the api shows the edit-failure toast', async () => {
      const ret = await newReturned((await newNormal()).id);
      const res = await postForm(
        manager,
        `/editar-os-retorno/${ret.id}`,
        formOf({ return_motive: 'Chiado no som' }),
      );
      const page = await follow(manager, res, `/os/${ret.id}`);
      expect(toastsOf(page.text)).toEqual([TEXT.returnEdited]);
      expect(await getOrder('returned', ret.id)).toMatchObject({
        status: 201,
        return_motive: 'Chiado no som',
        fix_value_labor: 30.5,
        fix_value_final: 50.5,
        fix_date: '2026-05-02',
      });
      expect(shown(page.text, 'Motivo do retorno')).toBe('Chiado no som');

      const path = `/editar-os-retorno/${ret.id}`;
      const failed = await backToForm(
        manager,
        await postForm(manager, path, formOf({ return_motive: 'a\u0000b' })),
        path,
      );
      expect(toastsOf(failed.text)).toEqual([TEXT.editFailed]);
    });
  });

  describe('Editar Atendimento Externo (/editar-os-externa)', () => {
    it('title, status Pendente only, the product and service fields pre-filled; saves', async () => {
      const ext = await newExternal();
      const page = await manager.get(`/editar-os-externa/${ext.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<h1>Editar Atendimento Externo: ${ext.number}</h1>`);
      expect(statusOptions(page.text)).toEqual([{ value: '300', label: 'Pendente', selected: true }]);
      expect(inputValue(page.text, 'product_name')).toBe('Ar-condicionado');
      expect(inputValue(page.text, 'service_date')).toBe('15/04/2026');
      expect(inputValue(page.text, 'service_value')).toBe('250,00');
      expect(inputValue(page.text, 'service_type')).toBe('Instalação');
      expect(inputValue(page.text, 'service_details')).toBe('Levar escada');

      const fields = {
        status: '300',
        product_name: 'Ar-condicionado',
        product_model: 'Split 18000',
        product_brand: 'LG',
        product_serial: '',
        product_accessories: '',
        product_details: 'Pingando',
        service_type: 'Manutenção',
        service_date: '20/04/2026',
        service_period: 'Tarde',
        service_value: '1.234,56',
        service_payment_method: 'Pix',
        service_details: 'Levar escada',
      };
      const path = `/editar-os-externa/${ext.id}`;
      const empty = await backToForm(
        manager,
        await postForm(manager, path, { ...fields, product_name: '' }),
        path,
      );
      expect(fieldErrorOf(empty.text, 'f-product_name')).toBe(TEXT.editRequired);

      const badDate = await backToForm(
        manager,
        await postForm(manager, path, { ...fields, service_date: '31/02/2026' }),
        path,
      );
      expect(fieldErrorOf(badDate.text, 'f-service_date')).toBe(
        'Data inválida: 31/02/2026 não existe no calendário',
      );

      const res = await postForm(manager, `/editar-os-externa/${ext.id}`, fields);
      const detail = await follow(manager, res, `/os/${ext.id}`);
      expect(toastsOf(detail.text)).toEqual([TEXT.edited]);
      expect(await getOrder('external', ext.id)).toMatchObject({
        product_model: 'Split 18000',
        service_type: 'Manutenção',
        service_date: '2026-04-20',
        service_period: 'Tarde',
        service_value: 1234.56,
        service_payment_method: 'Pix',
      });
      expect(shown(detail.text, 'Valor')).toBe('R$ 1.234,56');
    });
  });
});
