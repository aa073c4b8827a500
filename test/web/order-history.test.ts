/** How an order's history reads each change (views/components/OrderHistory.tsx). */
import { expect, describe as group, it } from 'vitest';
import { describe } from '../../views/components/OrderHistory.tsx';

group('an order history line', () => {
  it('a text of several lines (the parts, the accessories) reads joined by semicolons, as the page shows it', () => {
    const entry = {
      at: '2026-11-24T12:00:00Z',
      actor: 'gerente',
      action: 'update',
      before: { fix_description: null, product_accessories: 'Carregador' },
      after: { fix_description: 'troca de tela\nbateria\n', product_accessories: 'Carregador\r\nCapa' },
    };
    expect(describe(entry, 'normal', 'America/Sao_Paulo').lines).toEqual([
      'Acessórios: Carregador → Carregador; Capa',
      'Peças: (vazio) → troca de tela; bateria',
    ]);
  });
});
