/**
 * The label/value rows of clients and orders (DetailList): each a <div><dt>label</dt><dd>value</dd></div>
 * inside the list's <dl>, hostile text, empty and missing values and a status label included.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClientDetails } from '../../views/components/ClientDetails.tsx';
import { DetailList, type DetailRow } from '../../views/components/DetailList.tsx';
import { StatusLabel } from '../../views/components/StatusLabel.tsx';
import { expectHostileTextEscaped, HOSTILE_TEXT, HOSTILE_TEXT_ESCAPED } from '../support/html.ts';

const TEXT_ROWS: [string, string][] = [
  ['Nome', 'Maria da Conceição'],
  ['Defeito Reclamado', HOSTILE_TEXT],
  [HOSTILE_TEXT, '-'],
  ['Vazio', ''],
  ['Acessórios', 'Carregador & cabo "original"'],
];

describe('DetailList', () => {
  it('shows each label beside its value, in order', () => {
    expect(renderToStaticMarkup(<DetailList rows={TEXT_ROWS} />)).toBe(
      '<dl class="details">' +
        '<div><dt>Nome</dt><dd>Maria da Conceição</dd></div>' +
        `<div><dt>Defeito Reclamado</dt><dd>${HOSTILE_TEXT_ESCAPED}</dd></div>` +
        `<div><dt>${HOSTILE_TEXT_ESCAPED}</dt><dd>-</dd></div>` +
        '<div><dt>Vazio</dt><dd></dd></div>' +
        '<div><dt>Acessórios</dt><dd>Carregador &amp; cabo &quot;original&quot;</dd></div>' +
        '</dl>',
    );
  });

  it("gives a sheet's list its class and each row its own", () => {
    const rows: [string, string, string][] = [
      ['Cliente', HOSTILE_TEXT, 'row-line'],
      ['Telefone', '(11) 91234-5678', 'row-half'],
      ['Defeito', 'Não liga', `row-"long"`],
    ];
    const written = renderToStaticMarkup(<DetailList className="sheet-rows ticket-rows" rows={rows} />);
    expect(written).toContain('<dl class="sheet-rows ticket-rows"><div class="row-line"><dt>Cliente</dt>');
    expect(written).toContain('<div class="row-half"><dt>Telefone</dt><dd>(11) 91234-5678</dd></div>');
    expect(written).toContain('<div class="row-&quot;long&quot;"><dt>Defeito</dt><dd>Não liga</dd></div>');
    expectHostileTextEscaped(written);
  });

  it('shows a status as its label, styled by its code', () => {
    const rows: DetailRow[] = [
      ['Número', 'M00001'],
      ['Status', <StatusLabel key="status" kind="normal" code={103} />],
    ];
    expect(renderToStaticMarkup(<DetailList rows={rows} />)).toContain(
      '<div><dt>Status</dt><dd><span class="status status-normal-103">',
    );
  });

  it('prints a value the api left out as nothing', () => {
    const missing = [['Número', undefined] as unknown as DetailRow, ['Nome', null] as unknown as DetailRow];
    expect(renderToStaticMarkup(<DetailList rows={missing} />)).toBe(
      '<dl class="details"><div><dt>Número</dt><dd></dd></div><div><dt>Nome</dt><dd></dd></div></dl>',
    );
  });

  it('never lets a label or a value out as markup', () => {
    expectHostileTextEscaped(renderToStaticMarkup(<DetailList rows={TEXT_ROWS} />));
  });

  it("shows a client's 14 fields, a dash for the empty ones, the documents formatted", () => {
    const written = renderToStaticMarkup(
      <ClientDetails
        client={{
          id: 1,
          name: HOSTILE_TEXT,
          cpf: '52998224725',
          cnpj: null,
          email: 'ana@exemplo.com.br',
          phone1: '(11) 91234-5678',
          phone2: null,
          phone3: '  ',
          zip_code: '01310100',
          address: 'Avenida Paulista',
          number: '1000',
          complement: null,
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
        }}
      />,
    );
    expect(written.match(/<dt>/g)).toHaveLength(14);
    expect(written).toContain('<dt>CPF</dt><dd>529.982.247-25</dd>');
    expect(written).toContain('<dt>CNPJ</dt><dd>-</dd>');
    expect(written).toContain('<dt>Telefone 3</dt><dd>-</dd>');
    expect(written).toContain('<dt>CEP</dt><dd>01310-100</dd>');
    expectHostileTextEscaped(written);
  });
});
