/**
 * The label/value rows of clients and orders (DetailList) are written as one string rather than through
 * React: they must be exactly the markup React writes for the same rows (the component below, as the
 * pages had it), hostile text, empty and missing values and a status label included.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClientDetails } from '../../views/components/ClientDetails.tsx';
import { DetailList, type DetailRow, detailRowsHtml } from '../../views/components/DetailList.tsx';
import { StatusLabel, statusLabelHtml } from '../../views/components/StatusLabel.tsx';
import { expectHostileTextEscaped, HOSTILE_TEXT } from '../support/html.ts';

/** The rows as React wrote them before (a printed ticket gave each row a class). */
function ReactDetails({
  rows,
  className = 'details',
}: {
  rows: [string, ReactNode, string?][];
  className?: string;
}) {
  return (
    <dl className={className}>
      {rows.map(([label, value, rowClass]) => (
        <div key={label} className={rowClass}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const TEXT_ROWS: [string, string][] = [
  ['Nome', 'Maria da Conceição'],
  ['Defeito Reclamado', HOSTILE_TEXT],
  [HOSTILE_TEXT, '-'],
  ['Vazio', ''],
  ['Acessórios', 'Carregador & cabo "original"'],
];

describe('DetailList', () => {
  it('writes the same markup as React does for the same text rows', () => {
    expect(renderToStaticMarkup(<DetailList rows={TEXT_ROWS} />)).toBe(
      renderToStaticMarkup(<ReactDetails rows={TEXT_ROWS} />),
    );
  });

  it("writes a sheet's list with its class and each row's, as React does", () => {
    const rows: [string, string, string][] = [
      ['Cliente', HOSTILE_TEXT, 'row-line'],
      ['Telefone', '(11) 91234-5678', 'row-half'],
      ['Defeito', 'Não liga', `row-"long"`],
    ];
    const written = renderToStaticMarkup(<DetailList className="sheet-rows ticket-rows" rows={rows} />);
    expect(written).toBe(
      renderToStaticMarkup(<ReactDetails className="sheet-rows ticket-rows" rows={rows} />),
    );
    expect(written).toContain('<dl class="sheet-rows ticket-rows"><div class="row-line"><dt>Cliente</dt>');
    expectHostileTextEscaped(written);
  });

  it('puts a status label in as the StatusLabel component writes it', () => {
    const rows: DetailRow[] = [
      ['Número', 'M00001'],
      ['Status', { html: statusLabelHtml('normal', 103) }],
    ];
    const written = renderToStaticMarkup(<DetailList rows={rows} />);
    expect(written).toBe(
      renderToStaticMarkup(
        <ReactDetails
          rows={[
            ['Número', 'M00001'],
            ['Status', <StatusLabel key="status" kind="normal" code={103} />],
          ]}
        />,
      ),
    );
    expect(written).toContain('<dd><span class="status status-normal-103">');
  });

  it('prints a value the api left out as nothing, as React does', () => {
    const missing = [['Número', undefined] as unknown as DetailRow, ['Nome', null] as unknown as DetailRow];
    expect(detailRowsHtml(missing)).toBe(
      '<div><dt>Número</dt><dd></dd></div><div><dt>Nome</dt><dd></dd></div>',
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
