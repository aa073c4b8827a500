/** Order statuses (SPEC §4): labels, terminal statuses, what the edit screens offer, the finish date. */
import { describe, expect, it } from 'vitest';
import {
  editableStatuses,
  isStatusOf,
  isTerminal,
  type OrderKind,
  showsFinishDate,
  statusesOf,
  statusLabel,
} from '../../domain/statuses.ts';

const KINDS: OrderKind[] = ['normal', 'returned', 'external', 'parts'];
const codesOf = (options: readonly { code: number }[]) => options.map((o) => o.code);
const terminalCodes = (kind: OrderKind) => codesOf(statusesOf(kind)).filter((c) => isTerminal(kind, c));

describe('status codes and labels', () => {
  it('lists every code of SPEC §4 for each kind', () => {
    expect(codesOf(statusesOf('normal'))).toEqual([
      100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112,
    ]);
    expect(codesOf(statusesOf('returned'))).toEqual([200, 201, 202, 203, 204, 205, 206, 207, 208, 209]);
    expect(codesOf(statusesOf('external'))).toEqual([300, 301, 302]);
    expect(codesOf(statusesOf('parts'))).toEqual([100, 101, 102, 103, 104]);
  });

  it.each([
    ['normal', 100, 'Pendente de Orçamento'],
    ['normal', 104, 'Consertada'],
    ['normal', 107, 'Cancelada'],
    ['normal', 108, 'Finalizada'],
    ['normal', 111, 'Não Compensa'],
    ['normal', 112, 'Sem Peças de Reposição'],
    ['returned', 200, 'Pendente'],
    ['returned', 203, 'Produto Entregue Sem Recebimento'],
    ['returned', 209, 'Sem Peças de Reposição'],
    ['external', 300, 'Pendente'],
    ['external', 301, 'Finalizado'],
    ['external', 302, 'Cancelado'],
    ['parts', 100, 'Aguardando pedido'],
    ['parts', 102, 'Pedido Entregue Sem Recebimento'],
    ['parts', 104, 'Finalizado'],
  ] as const)('%s %i reads %j', (kind, code, label) => {
    expect(statusLabel(kind, code)).toBe(label);
  });

  it('reads the same code differently per kind, and an unknown code as itself', () => {
    expect(statusLabel('normal', 103)).toBe('Peças Pendentes');
    expect(statusLabel('parts', 103)).toBe('Cancelado');
    expect(statusLabel('normal', 999)).toBe('999');
    expect(statusLabel('external', 100)).toBe('100');
  });

  it('knows which codes belong to which kind', () => {
    expect(isStatusOf('normal', 112)).toBe(true);
    expect(isStatusOf('parts', 105)).toBe(false);
    expect(isStatusOf('returned', 100)).toBe(false);
    expect(isStatusOf('external', 303)).toBe(false);
  });
});

describe('terminal statuses', () => {
  it.each([
    ['normal', [107, 108]],
    ['returned', [204, 205]],
    ['external', [301, 302]],
    ['parts', [103, 104]],
  ] as const)('%s is terminal exactly at %j', (kind, codes) => {
    expect(terminalCodes(kind)).toEqual(codes);
  });
});

describe('editable statuses', () => {
  it('offers the 11 normal codes of SPEC §4, without canceled and completed', () => {
    expect(codesOf(editableStatuses('normal'))).toEqual([
      100, 101, 102, 103, 104, 105, 106, 109, 110, 111, 112,
    ]);
  });

  it('offers the returned statuses of SPEC §4 with their labels', () => {
    expect(editableStatuses('returned').map((s) => s.label)).toEqual([
      'Pendente',
      'Consertada',
      'Cliente Notificado',
      'Produto Entregue Sem Recebimento',
      'Orçamento Não Aprovado',
      'Produto Sem Defeito',
      'Não Compensa',
      'Sem Peças de Reposição',
    ]);
  });

  it('offers only the first three parts order statuses, and only pending for external', () => {
    expect(codesOf(editableStatuses('parts'))).toEqual([100, 101, 102]);
    expect(codesOf(editableStatuses('external'))).toEqual([300]);
  });

  it.each(KINDS)('never offers a terminal status for %s', (kind) => {
    const offered = codesOf(editableStatuses(kind));
    expect(offered.some((c) => isTerminal(kind, c))).toBe(false);
    expect(offered.length + terminalCodes(kind).length).toBe(statusesOf(kind).length);
  });
});

describe('finish date', () => {
  it('shows only for cancelled or completed normal and returned orders', () => {
    for (const code of [107, 108]) expect(showsFinishDate('normal', code)).toBe(true);
    for (const code of [204, 205]) expect(showsFinishDate('returned', code)).toBe(true);
    expect(showsFinishDate('normal', 104)).toBe(false);
    expect(showsFinishDate('returned', 201)).toBe(false);
    expect(showsFinishDate('external', 301)).toBe(false);
    expect(showsFinishDate('parts', 104)).toBe(false);
  });
});
