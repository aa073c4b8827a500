/**
 * Consulta's client results (ClientResults): each client's name and documents, the contact rows, the
 * links and the three groups of orders, hostile text, odd ids, unknown statuses and missing fields and
 * groups included.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ClientWithOrders } from '../../contract/clients.ts';
import { ClientResults } from '../../views/components/ClientResults.tsx';
import { expectHostileTextEscaped, HOSTILE_TEXT, HOSTILE_TEXT_ESCAPED } from '../support/html.ts';

const CLIENTS: ClientWithOrders[] = [
  {
    id: 1,
    name: 'Maria Oliveira',
    cpf: '11144477735',
    cnpj: '11222333000181',
    email: 'maria@example.com',
    phone1: '(11) 98888-7777',
    phone2: null,
    phone3: '   ',
    zip_code: '1310100',
    address: 'Avenida Paulista',
    number: '1000',
    complement: null,
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    normal_service_orders: [
      { id: 10, number: 'M00010', status: 100, product_name: 'Notebook' },
      { id: 11, number: 'M00011', status: 999, product_name: null },
    ],
    returned_service_orders: [{ id: 12, number: 'R00001', status: 100, product_name: HOSTILE_TEXT }],
    external_service_orders: [{ id: 13, number: 'E00001', status: 100, product_name: 'Televisor' }],
    orders: [{ id: 14, number: 'P00001', status: 100, piece_name: 'Tela' }],
  },
  {
    id: `7"&<x>`,
    name: HOSTILE_TEXT,
    cpf: HOSTILE_TEXT,
    cnpj: null,
    email: HOSTILE_TEXT,
    phone1: null,
    phone2: null,
    phone3: null,
    zip_code: HOSTILE_TEXT,
    address: null,
    number: HOSTILE_TEXT,
    complement: HOSTILE_TEXT,
    neighborhood: null,
    city: null,
    state: null,
    normal_service_orders: [],
    orders: [{ id: `9"<>`, number: HOSTILE_TEXT, status: 200, piece_name: null, product_name: null }],
  },
  {
    id: 3,
    name: 'Sem Nada',
    cpf: null,
    cnpj: null,
    email: null,
    phone1: null,
    phone2: null,
    phone3: null,
    zip_code: null,
    address: null,
    number: null,
    complement: null,
    neighborhood: null,
    city: null,
    state: null,
  },
];

/** Each client's result, from its summary to its last group of orders. */
function resultsOf(html: string): string[] {
  return [...html.matchAll(/<li class="client-result">([\s\S]*?)<\/details><\/li>/g)].map((m) => m[1] ?? '');
}

describe('ClientResults', () => {
  it("shows each client's name, documents, contact rows, links and orders", () => {
    const written = renderToStaticMarkup(<ClientResults clients={CLIENTS} />);
    const [maria, hostile, empty] = resultsOf(written);
    expect(resultsOf(written)).toHaveLength(CLIENTS.length);
    expect(maria).toContain(
      '<summary><span class="name">Maria Oliveira</span><span>CPF: 111.444.777-35</span>' +
        '<span>CNPJ: 11.222.333/0001-81</span></summary>',
    );
    expect(maria).toContain(
      '<dl class="details"><div><dt>E-mail</dt><dd>maria@example.com</dd></div>' +
        '<div><dt>Telefone 1</dt><dd>(11) 98888-7777</dd></div><div><dt>Telefone 2</dt><dd>-</dd></div>' +
        '<div><dt>Telefone 3</dt><dd>-</dd></div><div><dt>CEP</dt><dd>01310-100</dd></div>',
    );
    expect(maria).toContain(
      '<p class="client-links"><a href="/editar-cliente/1">Editar cliente</a>' +
        '<a href="/abrir-os-normal?cliente=1">Nova O.S.</a><a href="/abrir-pedido?cliente=1">Novo Pedido</a></p>',
    );
    // Normal and returned orders together, then the parts orders, then the external ones.
    expect(maria).toContain(
      '<div class="order-group"><h3>Ordens de serviço</h3><ul class="rows">' +
        '<li class="cols-4"><span>M00010</span><span>Notebook</span>' +
        '<span class="status status-normal-100">Pendente de Orçamento</span><a href="/os/10" aria-label="Abrir M00010">Abrir</a></li>' +
        '<li class="cols-4"><span>M00011</span><span>-</span><span class="status status-normal-999">999</span>' +
        '<a href="/os/11" aria-label="Abrir M00011">Abrir</a></li><li class="cols-4"><span>R00001</span>',
    );
    expect(maria).toContain('<a href="/pedido/14" aria-label="Abrir P00001">Abrir</a>');
    expect(maria).toContain(
      '<h3>Atendimentos externos</h3><ul class="rows"><li class="cols-4"><span>E00001</span>',
    );
    expect(hostile).toContain(
      '<h3>Ordens de serviço</h3><p class="muted">Nenhuma O.S. cadastrada para este cliente.</p>',
    );
    expect(empty).toContain('<span>CPF: -</span><span>CNPJ: -</span>');
    expect(empty).toContain(
      '<h3>Pedidos</h3><p class="muted">Nenhum pedido cadastrado para este cliente.</p>',
    );
    expect(empty).toContain(
      '<h3>Atendimentos externos</h3><p class="muted">Nenhum atendimento externo cadastrado para este cliente.</p>',
    );
  });

  it('never lets the text of a client or an order out as markup', () => {
    const written = renderToStaticMarkup(<ClientResults clients={CLIENTS} />);
    expectHostileTextEscaped(written);
    expect(written).toContain(`<span class="name">${HOSTILE_TEXT_ESCAPED}</span>`);
    expect(written).toContain('href="/editar-cliente/7&quot;&amp;&lt;x&gt;"');
    expect(written).toContain('href="/pedido/9&quot;&lt;&gt;"');
  });

  it('writes nothing inside the list when there are no clients', () => {
    expect(renderToStaticMarkup(<ClientResults clients={[]} />)).toBe('<ul class="client-results"></ul>');
  });
});
